import Synchronization

/// The states the store keeps (one commit in `keptStateInterval`, ``CommitQueue``), on their
/// way to the writer: a chain of nodes with one producer (the store) and one consumer (the
/// writer), and no lock. See ``SpareBlocks`` for why not a lock: the store keeps a state in the
/// middle of a burst, while the writer may be taking one.
///
/// The chain runs from the oldest node to the last one the store linked. The writer's `first`
/// is the node it took last (at first, a node that holds nothing); the nodes before it are
/// done with, and the store fills them again rather than allocate: a burst keeps states
/// without a `malloc`. The store links a node and then counts it (release); the writer reads
/// a link only once the count (acquire) covers it, and counts what it took (release) only
/// after it has moved the state out, so that the store refills only nodes the writer has left.
final class KeptStates<State>: @unchecked Sendable {
  // NB: @unchecked: `oldest` and `last` are the store's alone, `first` the writer's alone; a
  //     node is written by one side at a time, handed over by `kept` and `taken`. The fields
  //     keep Swift's run-time exclusivity checks: a state is kept once in `keptStateInterval`
  //     commits, and W4 measured the same without them (docs/unsafe-code.md).
  final class Node {
    var seq: UInt64
    var state: State?
    var next: Node?

    init(seq: UInt64, state: State?) {
      self.seq = seq
      self.state = state
    }
  }

  /// The store's side: the oldest node, and how many nodes before the writer's it has refilled
  /// (the oldest node's number); the node it linked last.
  private var oldest: Node
  private var refilled = 0
  private var last: Node
  /// How many nodes the store has made: the most states pending at once, plus one.
  private(set) var nodesMade = 1
  /// How many nodes the store has linked, ever. Only the store stores it.
  private let kept = Atomic<Int>(0)
  /// The writer's side: the node it took last, and how many it has taken. Only it stores them.
  private var first: Node
  private let taken = Atomic<Int>(0)

  init() {
    let start = Node(seq: 0, state: nil)
    oldest = start
    last = start
    first = start
  }

  deinit {
    // One node at a time: a chain released from its oldest node would release the rest
    // recursively, a frame per node.
    var node: Node? = oldest
    while let current = node {
      node = current.next
      current.next = nil
    }
  }

  /// The store's side: keeps `state`, the state after the commit `seq`.
  func keep(_ state: State, seq: UInt64) {
    let node: Node
    // The oldest node is free once the writer has taken the node after it.
    if refilled < taken.load(ordering: .acquiring) {
      node = oldest
      oldest = node.next!
      refilled += 1
      node.seq = seq
      node.state = state
      node.next = nil
    } else {
      node = Node(seq: seq, state: state)
      nodesMade += 1
    }
    last.next = node
    last = node
    kept.add(1, ordering: .releasing)
  }

  /// The writer's side: the state kept for `seq` if it is the next one kept, else `nil`. One
  /// kept for an earlier seq (which the writer never asked for) is dropped on the way.
  func take(seq: UInt64) -> State? {
    while let next = nextKept(), next.seq <= seq {
      let state = advance(to: next)
      if next.seq == seq { return state }
    }
    return nil
  }

  /// The writer's side: drops every state kept so far (recording stopped).
  func dropAll() {
    while let next = nextKept() { _ = advance(to: next) }
  }

  /// The node after the one taken last, once the store has counted it.
  private func nextKept() -> Node? {
    taken.load(ordering: .relaxed) < kept.load(ordering: .acquiring) ? first.next : nil
  }

  /// Makes `next` the node taken last, and moves its state out.
  private func advance(to next: Node) -> State? {
    let state = next.state.take()
    first = next
    taken.add(1, ordering: .releasing)
    return state
  }
}
