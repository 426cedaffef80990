import CasePaths
public import Foundation
public import StateObservation
import Store

/// One standup, an element of the shared list (`$standups[id: id]`): edited in a sheet, deleted
/// after an alert
/// (which pops the screen), and the way into a meeting (the app pushes it), once speech
/// recognition is allowed or the user chose to go on without it.
public struct StandupDetail: Reducer {
  /// What the detail presents: the edit form in a sheet, or the deletion alert.
  public struct Destination: Reducer {
    @CasePathable
    public enum State: Codable, Equatable, Sendable {
      case alert(AlertState<Alert>)
      case edit(StandupForm.State)
    }

    @CasePathable
    public enum Action: Codable, Equatable, Sendable {
      case alert(Alert)
      case edit(StandupForm.Action)
    }

    public enum Alert: Codable, Equatable, Sendable {
      case confirmDeletion
      case continueWithoutRecording
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { StandupForm() }
    }
  }

  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    /// The standup shown: a write to it reaches the list, and the list's to it.
    @Shared public var standup: Standup
    @Presents public var destination: Destination.State?

    public init(standup: Shared<Standup>) {
      _standup = standup
    }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case cancelEditButtonTapped
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case doneEditingButtonTapped
    case editButtonTapped
    case startMeetingButtonTapped
    /// What the parent acts on.
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Codable, Equatable, Sendable {
      /// The app pushes the meeting screen.
      case startMeeting
    }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speech) var speech
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        state.destination = nil
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(
          AlertState(
            title: "Delete?", message: "Are you sure you want to delete this standup?",
            buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")]))
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        // The list itself, as the key holds it while this reducer runs.
        @Shared(.standups) var standups: IdentifiedArrayOf<Standup> = []
        standups.remove(id: state.standup.id)
        return .run { [dismiss] _ in await dismiss() }

      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting))

      case .destination, .delegate:
        return .none

      case .doneEditingButtonTapped:
        guard case let .edit(form) = state.destination else { return .none }
        state.standup = form.standup
        state.destination = nil
        return .none

      case .editButtonTapped:
        state.destination = .edit(StandupForm.State(standup: state.standup, emptyAttendeeID: uuid()))
        return .none

      case .startMeetingButtonTapped:
        // Asked of the system as the button is tapped, and recorded: a log of it replays, and
        // turns into a test, whatever the replaying machine allows.
        switch recordedRead("speechAuthorization", speech.authorizationStatus) {
        case .denied, .restricted:
          state.destination = .alert(.speechRecognitionDenied)
          return .none
        case .authorized, .notDetermined:
          return .send(.delegate(.startMeeting))
        }
      }
    }
    .ifLet(\.$destination, action: \.destination) {
      Destination()
    }
  }
}

extension AlertState where Action == StandupDetail.Destination.Alert {
  /// Shown when the meeting cannot be transcribed.
  public static var speechRecognitionDenied: Self {
    AlertState(
      title: "Speech recognition denied",
      message: "The meeting can be held without a transcript; allow speech recognition in Settings to keep one.",
      buttons: [.default("Continue without recording", action: .continueWithoutRecording), .cancel("Cancel")])
  }
}
