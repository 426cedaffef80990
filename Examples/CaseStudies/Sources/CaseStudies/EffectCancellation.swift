import CasePaths
import StateObservation
public import Store

/// A request the user may cancel: a fact about the count, which the cancel button and any
/// change of the count cancel while it is in flight.
public struct EffectCancellation: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public var fact: String?
    public var isRequestInFlight = false
    public init(count: Int = 0) { self.count = count }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case cancelButtonTapped
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
  }

  enum CancelID: Hashable, Sendable { case fact }

  @Dependency(\.numberFact) var numberFact

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        state.isRequestInFlight = false
        return .cancel(id: CancelID.fact)

      case .decrementButtonTapped, .incrementButtonTapped:
        state.count += action == .incrementButtonTapped ? 1 : -1
        state.fact = nil
        state.isRequestInFlight = false
        return .cancel(id: CancelID.fact)

      case .factButtonTapped:
        state.fact = nil
        state.isRequestInFlight = true
        return .run { [count = state.count, numberFact] send in
          let fact = (try? await numberFact.fetch(count)) ?? "Could not load a fact about \(count)."
          await send(.factResponse(fact))
        }
        .cancellable(id: CancelID.fact)

      case let .factResponse(fact):
        state.fact = fact
        state.isRequestInFlight = false
        return .none
      }
    }
  }
}
