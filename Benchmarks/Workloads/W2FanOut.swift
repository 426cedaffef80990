import OpenCombine
public import Store

extension Bench {
  /// W2's feature: each action adds 1 to one field of the 1,000-field ``WideState``.
  public struct Wide: Reducer {
    public typealias State = WideState

    public enum Action: Sendable {
      case bump(Int)
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .bump(index):
        state.bump(index)
        return .none
      }
    }
  }

  /// The field the next W2 action changes: 0, 1, … 999, 0, …
  struct RoundRobin {
    private(set) var next = 0

    mutating func advance() -> Int {
      let index = next
      next = next == WideState.fieldCount - 1 ? 0 : next + 1
      return index
    }
  }

  /// W2 on a Refold store: one binding per field, 1,000 in all.
  public final class WideStore: BenchFixture {
    private let store = Store(initialState: WideState(), reducer: Wide())
    private let tally = Tally()
    private var bindings: [StoreBinding] = []
    private var order = RoundRobin()

    public init() {
      for keyPath in WideState.keyPaths {
        bindings.append(store.lazyBind(keyPath) { [tally] _ in tally.count &+= 1 })
      }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.bump(order.advance())) }
    }
  }

  /// W2 the seeds' way: one `Observable<Int>` per field, each with its listener.
  public final class WideObservable: BenchFixture {
    private let fields = (0..<WideState.fieldCount).map { _ in Observable(0) }
    private let tally = Tally()
    private var order = RoundRobin()

    public init() {
      for field in fields { field.lazyBind { [tally] _ in tally.count &+= 1 } }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { fields[order.advance()].value += 1 }
    }
  }

  /// W2 through OpenCombine: one subject holding the state, 1,000 pipelines on it.
  public final class WideCombine: BenchFixture {
    private let subject = CurrentValueSubject<WideState, Never>(WideState())
    private let tally = Tally()
    private var cancellables: [AnyCancellable] = []
    private var order = RoundRobin()

    public init() {
      for keyPath in WideState.keyPaths {
        cancellables.append(
          subject.map(keyPath).removeDuplicates().sink { [tally] _ in tally.count &+= 1 })
      }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { subject.value.bump(order.advance()) }
    }
  }

  /// W2's floor: the field mutated in place, then its one listener called. With `scanning`,
  /// the changed field is found by comparing every field with its last value, which is what
  /// a store that knows nothing about what changed has to do.
  public final class WideFloor: BenchFixture {
    private var state = WideState()
    /// What each listener last saw. A buffer rather than an array property: the scan writes it
    /// without an exclusivity check per field, as a hand-written scan would.
    private let last: UnsafeMutableBufferPointer<Int>
    private let offsets: [Int]
    private let listeners: [(Int) -> Void]
    private let scanning: Bool
    private let tally = Tally()
    private var order = RoundRobin()

    public init(scanning: Bool) {
      self.scanning = scanning
      offsets = WideState._$trackedFields.map { $0.storageOffset! }
      last = .allocate(capacity: WideState.fieldCount)
      last.initialize(repeating: 0)
      let tally = tally
      listeners = (0..<WideState.fieldCount).map { _ in { _ in tally.count &+= 1 } }
    }

    isolated deinit {
      last.deallocate()
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        let index = order.advance()
        state.bump(index)
        withUnsafeBytes(of: &state) { bytes in
          if scanning {
            for field in 0..<WideState.fieldCount {
              let value = bytes.load(fromByteOffset: offsets[field], as: Int.self)
              if value != last[field] {
                last[field] = value
                listeners[field](value)
              }
            }
          } else {
            listeners[index](bytes.load(fromByteOffset: offsets[index], as: Int.self))
          }
        }
      }
    }
  }
}
