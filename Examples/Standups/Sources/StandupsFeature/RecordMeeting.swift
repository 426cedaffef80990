import CasePaths
public import Foundation
public import StateObservation
import Store

/// A meeting in progress: a one-second timer moves from speaker to speaker, each given an equal
/// share of the standup's length, while speech recognition writes the transcript; at the end
/// (or when the user ends it and says to save) the meeting and its transcript are added to the
/// standup in the shared list, and the screen pops itself.
public struct RecordMeeting: Reducer {
  public enum Alert: Codable, Equatable, Sendable {
    case confirmDiscard
    case confirmSave
  }

  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    /// The standup met for, an element of the shared list.
    @Shared public var standup: Standup
    @Presents public var alert: AlertState<Alert>?
    public var secondsElapsed = 0
    public var speakerIndex = 0
    /// What speech recognition has heard so far.
    public var transcript = ""

    public init(standup: Shared<Standup>) {
      _standup = standup
    }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case endMeetingButtonTapped
    case nextButtonTapped
    case onTask
    case timerTicked
    case transcriptChanged(String)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date) var date
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speech) var speech
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDiscard)):
        return .run { [dismiss] _ in await dismiss() }

      case .alert(.presented(.confirmSave)):
        return saveAndLeave(&state)

      case .alert:
        return .none

      case .endMeetingButtonTapped:
        state.alert = .endMeeting
        return .none

      case .nextButtonTapped:
        let standup = state.standup
        guard state.speakerIndex < standup.attendees.count - 1 else {
          state.alert = .endMeeting
          return .none
        }
        state.speakerIndex += 1
        state.secondsElapsed = state.speakerIndex * standup.durationPerAttendee
        return .none

      case .onTask:
        return .merge(
          .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.timerTicked)
            }
          },
          .run { [speech] send in
            for try await transcript in speech.transcripts() {
              await send(.transcriptChanged(transcript))
            }
          }
        )

      case .timerTicked:
        // The clock stands still while the user reads the alert.
        guard state.alert == nil else { return .none }
        let standup = state.standup
        state.secondsElapsed += 1
        guard state.secondsElapsed.isMultiple(of: standup.durationPerAttendee) else { return .none }
        guard state.speakerIndex < standup.attendees.count - 1 else { return saveAndLeave(&state) }
        state.speakerIndex += 1
        return .none

      case .transcriptChanged(let transcript):
        state.transcript = transcript
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Adds the meeting to the standup, then pops the screen (which ends its timer and the
  /// listening).
  private func saveAndLeave(_ state: inout State) -> Effect<Action> {
    let meeting = Meeting(id: uuid(), date: date.now, transcript: state.transcript)
    state.standup.meetings.insert(meeting, at: 0)
    return .run { [dismiss] _ in await dismiss() }
  }
}

extension AlertState where Action == RecordMeeting.Alert {
  /// Asked when the meeting ends early.
  public static var endMeeting: Self {
    AlertState(
      title: "End meeting?", message: "You are ending the meeting early. What would you like to do?",
      buttons: [
        .default("Save and end", action: .confirmSave),
        .destructive("Discard", action: .confirmDiscard),
        .cancel("Resume"),
      ])
  }
}
