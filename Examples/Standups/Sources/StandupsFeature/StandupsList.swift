import CasePaths
import Foundation
public import StateObservation
import Store

/// Every standup, from the shared file, and a sheet with the form for a new one.
public struct StandupsList: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    @Shared(.standups) public var standups: IdentifiedArrayOf<Standup> = []
    @Presents public var addStandup: StandupForm.State?
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case addButtonTapped
    case addStandup(PresentationAction<StandupForm.Action>)
    case confirmAddButtonTapped
    case dismissAddButtonTapped
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.addStandup = StandupForm.State(standup: Standup(id: uuid()), emptyAttendeeID: uuid())
        return .none

      case .addStandup:
        return .none

      case .confirmAddButtonTapped:
        guard let form = state.addStandup else { return .none }
        state.standups.append(form.standup)
        state.addStandup = nil
        return .none

      case .dismissAddButtonTapped:
        state.addStandup = nil
        return .none
      }
    }
    .ifLet(\.$addStandup, action: \.addStandup) {
      StandupForm()
    }
  }
}
