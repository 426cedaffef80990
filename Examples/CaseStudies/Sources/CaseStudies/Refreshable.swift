import CasePaths
import StateObservation
public import Store

/// A pull to refresh: the view awaits the `StoreTask` of `.refresh` (`await store.send(.refresh)
/// .finish()`), so the spinner stays until the fact arrives; the cancel button ends it early.
public struct Refreshable: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public var fact: String?
    public var isLoading = false
    public init(count: Int = 0) { self.count = count }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case cancelButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case refresh
  }

  enum CancelID: Hashable, Sendable { case refresh }

  @Dependency(\.numberFact) var numberFact

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        state.isLoading = false
        return .cancel(id: CancelID.refresh)

      case let .factResponse(fact):
        state.fact = fact
        state.isLoading = false
        return .none

      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .refresh:
        state.fact = nil
        state.isLoading = true
        return .run { [count = state.count, numberFact] send in
          let fact = (try? await numberFact.fetch(count)) ?? "Could not load a fact about \(count)."
          await send(.factResponse(fact))
        }
        .cancellable(id: CancelID.refresh)
      }
    }
  }
}
