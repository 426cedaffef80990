import Store

/// The example's feature: a counter with a debounced, cancellable increment on the clock
/// dependency (`@Dependency(\.continuousClock)`), and a fact about the count fetched through a
/// client of its own, a dependency too (`@Dependency(\.facts)`). Public, so
/// that both executables (the store demo and the command-line tool) use it through this module.
public struct Counter: Reducer {
  public struct State: Equatable, Codable, Sendable {
    public var count = 0
    public var fact: String?
    public var isEven: Bool { count.isMultiple(of: 2) }
    public init(count: Int = 0, fact: String? = nil) {
      self.count = count
      self.fact = fact
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    case incrementTapped
    case delayedIncrementTapped
    case cancelTapped
    case factTapped
    case factResponse(String)
  }

  enum CancelID: Hashable, Sendable { case delay }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.facts) var facts

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      state.fact = nil
      return .none
    case .delayedIncrementTapped:
      // Debounced: taps closer together than 10 ms increment once.
      return .run { send in await send(.incrementTapped) }
        .debounce(id: CancelID.delay, for: .milliseconds(10), clock: clock)
    case .cancelTapped:
      return .cancel(id: CancelID.delay)
    case .factTapped:
      return .run { [facts, count = state.count] send in
        do {
          await send(.factResponse(try await facts.fact(count)))
        } catch {
          await send(.factResponse("no fact: \(error)"))
        }
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    }
  }
}
