import IdentifiedCollections
import IssueReporting
import Synchronization

/// A stack of screens (a drill-down): the root's path, one state per pushed screen, each with
/// a ``StackElementID``.
///
/// ```swift
/// struct State { var path = StackState<Path.State>() }
/// state.path.append(.detail(UserDetail.State(user: user)))   // pushes, id #0
/// state.path.pop(from: id)                                   // pops id and everything above
/// ```
///
/// The next id is part of the state, so ids are a pure function of the actions folded: a
/// replay pushes the same ids as the recording did, and a log line can name a screen
/// (`{"path":{"_0":{"element":{"id":1,"action":…}}}}`). An element's state is changed in place
/// through its id (`state.path[id: id]`), which copies nothing else of the stack.
public struct StackState<Element> {
  struct Entry {
    let id: StackElementID
    var state: Element
  }

  private var entries: IdentifiedArray<StackElementID, Entry>
  /// The id the next pushed screen gets.
  public private(set) var nextID: StackElementID
  /// Changes, to a value no other stack has had, whenever screens are pushed, popped or
  /// replaced, but not when a screen's own state changes: the stack `forEach` compares it to
  /// learn in O(1) whether the parent changed the stack. Neither compared nor encoded.
  private(set) var structure = newStackStructure()

  public init() {
    entries = IdentifiedArray(id: \.id)
    nextID = 0
  }

  /// A stack of `elements`, with ids #0, #1, … from the bottom.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids from the bottom of the stack to its top.
  public var ids: [StackElementID] { Array(entries.ids) }

  /// The ids, sharing the stack's storage: taking one allocates nothing. The stack `forEach`
  /// keeps one across the parent's reducer, to cancel what the parent popped.
  var idSnapshot: some Sequence<StackElementID> { entries.ids }

  /// The screen with `id`, or nil when it is not on the stack. Setting it changes that screen;
  /// setting nil removes it (the screens above stay). Setting a screen that is not on the stack
  /// pushes it with that id, as ``StackAction/push(id:state:)`` does, when `id` is at least
  /// ``nextID``; an older id (a screen already popped: ids are never reused) pushes nothing and
  /// reports an issue, so that a test's expectation cannot silently leave a screen out.
  public subscript(id id: StackElementID) -> Element? {
    get { entries[id: id]?.state }
    set {
      switch (entries[id: id] != nil, newValue) {
      case let (true, newValue?):
        entries[id: id]!.state = newValue
      case (true, nil):
        entries.remove(id: id)
        structure = newStackStructure()
      case let (false, newValue?):
        if !push(newValue, id: id) {
          reportIssue(
            """
            No screen \(id) on the stack to set, and \(id) cannot be pushed: ids are never reused, \
            and the next is \(nextID). Set a screen that is on the stack (\(ids.map(\.description).joined(separator: ", "))), \
            or push a new one with "append(_:)".
            """
          )
        }
      case (false, nil):
        break
      }
    }
  }

  /// Runs `body` on the screen with `id` in place, copying nothing else of the stack (nor the
  /// screen's own storage). Returns nil, running nothing, when `id` is not on the stack.
  mutating func modify<R>(_ id: StackElementID, _ body: (inout Element) -> R) -> R? {
    guard entries[id: id] != nil else { return nil }
    return body(&entries[id: id]!.state)
  }

  /// Whether a screen with `id` is on the stack.
  public func contains(id: StackElementID) -> Bool {
    entries[id: id] != nil
  }

  /// Pushes `element` on top and returns its id.
  @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    let id = nextID
    entries.append(Entry(id: id, state: element))
    nextID = StackElementID(id.rawValue + 1)
    structure = newStackStructure()
    return id
  }

  /// Pushes `element` with a given id (``StackAction/push(id:state:)``). Returns false, pushing
  /// nothing, when `id` is on the stack already or is older than ``nextID``.
  mutating func push(_ element: Element, id: StackElementID) -> Bool {
    guard id >= nextID else { return false }
    entries.append(Entry(id: id, state: element))
    nextID = StackElementID(id.rawValue + 1)
    structure = newStackStructure()
    return true
  }

  /// Pops the screen with `id` and every screen above it. Returns false when `id` is not on the
  /// stack.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = entries.index(id: id) else { return false }
    entries.removeSubrange(index...)
    structure = newStackStructure()
    return true
  }

  /// Pops every screen above the one with `id`. Returns false when `id` is not on the stack.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = entries.index(id: id) else { return false }
    entries.removeSubrange((index + 1)...)
    structure = newStackStructure()
    return true
  }

  /// Pops the top screen.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !entries.isEmpty else { return nil }
    structure = newStackStructure()
    return entries.removeLast().state
  }

  /// Pops every screen.
  public mutating func removeAll() {
    entries.removeAll()
    structure = newStackStructure()
  }
}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { entries.startIndex }
  public var endIndex: Int { entries.endIndex }
  public subscript(position: Int) -> Element { entries[position].state }
}

extension StackState.Entry: Equatable where Element: Equatable {}
extension StackState.Entry: Hashable where Element: Hashable {}
extension StackState.Entry: Sendable where Element: Sendable {}
extension StackState.Entry: Codable where Element: Codable {
  enum CodingKeys: String, CodingKey { case id, state }
}

/// Two stacks are equal when they hold the same screens under the same ids, whatever their
/// ``nextID``: a stack emptied by pops equals `StackState()`, as a test's expectation writes it.
/// The next id is still encoded, so a replay pushes the ids the recording did.
extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries.elements == rhs.entries.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entries.elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

/// `{"nextID":2,"elements":[{"id":0,"state":…},{"id":1,"state":…}]}`. Decoding refuses a stack
/// whose ids repeat or reach ``nextID``, naming the id.
extension StackState: Codable where Element: Codable {
  enum CodingKeys: String, CodingKey { case nextID, elements }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let decoded = try container.decode([Entry].self, forKey: .elements)
    nextID = try container.decode(StackElementID.self, forKey: .nextID)
    entries = IdentifiedArray(id: \.id)
    for entry in decoded {
      guard entry.id < nextID, entries.append(entry).inserted else {
        throw DecodingError.dataCorruptedError(
          forKey: .elements, in: container,
          debugDescription: "stack element id \(entry.id.rawValue) is repeated or not below nextID \(nextID.rawValue)"
        )
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nextID, forKey: .nextID)
    try container.encode(Array(entries.elements), forKey: .elements)
  }
}

/// Hands out the values of `StackState.structure`: never the same twice in a process.
private let stackStructures = Atomic<UInt64>(0)

private func newStackStructure() -> UInt64 {
  stackStructures.add(1, ordering: .relaxed).newValue
}
