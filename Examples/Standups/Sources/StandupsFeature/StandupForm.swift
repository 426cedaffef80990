import CasePaths
public import Foundation
public import StateObservation
import Store

/// The form that makes or edits a standup, shown in a sheet: its title and length (bindings),
/// and its attendees, one of whom is always listed (an empty row to type into).
public struct StandupForm: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public let id: UUID
    public var title: String
    public var duration: Int
    public var attendees: IdentifiedArrayOf<Attendee>
    public var meetings: IdentifiedArrayOf<Meeting>

    /// The form for `standup`, with an empty attendee row when it has none.
    public init(standup: Standup, emptyAttendeeID: @autoclosure () -> UUID) {
      self.id = standup.id
      self.title = standup.title
      self.duration = standup.duration
      self.attendees = standup.attendees.isEmpty ? [Attendee(id: emptyAttendeeID())] : standup.attendees
      self.meetings = standup.meetings
    }

    /// What the form says, with the rows left blank dropped.
    public var standup: Standup {
      Standup(
        id: id, title: title, duration: duration,
        attendees: attendees.filter { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty },
        meetings: meetings)
    }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable, BindableAction {
    case addAttendeeButtonTapped
    case attendeeNameChanged(id: Attendee.ID, name: String)
    case binding(BindingAction<State>)
    case deleteAttendee(id: Attendee.ID)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addAttendeeButtonTapped:
        state.attendees.append(Attendee(id: uuid()))
        return .none

      case let .attendeeNameChanged(id, name):
        state.attendees[id: id]?.name = name
        return .none

      case .binding:
        return .none

      case let .deleteAttendee(id):
        state.attendees.remove(id: id)
        if state.attendees.isEmpty {
          state.attendees.append(Attendee(id: uuid()))
        }
        return .none
      }
    }
  }
}
