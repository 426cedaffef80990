import CasePaths
import Foundation
public import Store

/// The app: the list at the root of a navigation stack of details and meetings.
public struct StandupsApp: Reducer {
  /// The screens the stack may hold.
  public struct Path: Reducer {
    @CasePathable
    public enum State: Codable, Equatable, Sendable {
      case detail(StandupDetail.State)
      case record(RecordMeeting.State)
    }

    @CasePathable
    public enum Action: Codable, Equatable, Sendable {
      case detail(StandupDetail.Action)
      case record(RecordMeeting.Action)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { StandupDetail() }
      Scope(state: \.record, action: \.record) { RecordMeeting() }
    }
  }

  public struct State: Codable, Equatable, Sendable {
    public var list = StandupsList.State()
    public var path = StackState<Path.State>()
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case list(StandupsList.Action)
    case path(StackActionOf<Path>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { StandupsList() }
    Reduce { state, action in
      switch action {
      case let .path(.element(id, .detail(.delegate(.startMeeting)))):
        guard case let .detail(detail)? = state.path[id: id] else { return .none }
        state.path.append(.record(RecordMeeting.State(standup: detail.$standup)))
        return .none

      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }
}
