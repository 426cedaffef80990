import Foundation
import StandupsFeature
import Store
import Testing

private let designID = UUID(100)
private let meetingDate = Date(timeIntervalSince1970: 1_800_000_000)

/// A one-minute standup of two: each speaks for thirty seconds.
private func design() -> Standup {
  Standup(
    id: designID, title: "Design", duration: 1,
    attendees: [Attendee(id: UUID(101), name: "Ana"), Attendee(id: UUID(102), name: "Ben")])
}

/// The app with the design standup's detail pushed (stack id 0): the list's element, shared.
/// Made after the test seeds the list (`@Shared(.standups) var standups = [design()]`).
private func appWithDetail() -> StandupsApp.State {
  var state = StandupsApp.State()
  state.path.append(.detail(StandupDetail.State(standup: state.list.$standups[id: designID]!)))
  return state
}

/// The meeting screen for the detail at stack id 0 of `state`.
private func meeting(for state: StandupsApp.State) -> StandupsApp.Path.State {
  .record(RecordMeeting.State(standup: state.path[id: 0, case: \.detail]!.$standup))
}

/// The standups app as a TCA user tests it: shared state seeded per test, ids from
/// `.incrementing`, a constant date, a virtual clock, and actions named by case key path.
@MainActor
struct StandupsTests {
  @Test func aStandupIsAddedThroughTheFormInASheet() async {
    let store = TestStore(initialState: StandupsList.State(), reducer: StandupsList()) { $0.uuid = .incrementing }
    await store.send(.addButtonTapped) {
      $0.addStandup = StandupForm.State(standup: Standup(id: UUID(0)), emptyAttendeeID: UUID(1))
    }
    await store.send(\.addStandup.presented.binding.title, "Engineering") {
      $0.addStandup?.title = "Engineering"
    }
    await store.send(\.addStandup.presented.attendeeNameChanged, (id: UUID(1), name: "Ana")) {
      $0.addStandup?.attendees[id: UUID(1)]?.name = "Ana"
    }
    await store.send(\.addStandup.presented.addAttendeeButtonTapped) {
      $0.addStandup?.attendees.append(Attendee(id: UUID(2)))
    }
    // The blank row is dropped.
    await store.send(.confirmAddButtonTapped) {
      $0.addStandup = nil
      $0.standups = [Standup(id: UUID(0), title: "Engineering", attendees: [Attendee(id: UUID(1), name: "Ana")])]
    }
  }

  @Test func theListIsWrittenToItsFileAndReadBackAtTheNextLaunch() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("standups.json")
    try await StandupsFile.$folder.withValue(folder) {
      // A registry of the test's own touches files, as the app's does.
      let added = try await SharedValues().withValues { () async throws -> IdentifiedArrayOf<Standup> in
        let store = Store(initialState: StandupsList.State(), reducer: StandupsList()) { $0.uuid = .incrementing }
        #expect(store.state.standups.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        store.send(.addButtonTapped)
        store.send(.addStandup(.presented(.binding(.set(\.title, "Engineering")))))
        store.send(.confirmAddButtonTapped)
        let onDisk = try JSONDecoder().decode(IdentifiedArrayOf<Standup>.self, from: Data(contentsOf: file))
        #expect(onDisk.map(\.title) == ["Engineering"])
        #expect(onDisk == store.state.standups)
        return store.state.standups
      }
      // The next launch: a new registry reads the file when the list is made.
      try await SharedValues().withValues {
        let store = Store(initialState: StandupsList.State(), reducer: StandupsList())
        #expect(store.state.standups == added)
      }
    }
  }

  @Test func deletingTheLastAttendeeLeavesAnEmptyRowToTypeInto() async {
    let form = StandupForm.State(standup: design(), emptyAttendeeID: UUID(0))
    let store = TestStore(initialState: form, reducer: StandupForm()) { $0.uuid = .incrementing }
    await store.send(.deleteAttendee(id: UUID(101))) {
      $0.attendees.remove(id: UUID(101))
    }
    await store.send(.deleteAttendee(id: UUID(102))) {
      $0.attendees = [Attendee(id: UUID(0))]
    }
  }

  @Test func editingInTheSheetWritesTheSharedStandup() async {
    @Shared(.standups) var standups = [design()]
    let store = TestStore(initialState: StandupDetail.State(standup: $standups[id: designID]!), reducer: StandupDetail()) {
      $0.uuid = .incrementing
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: design(), emptyAttendeeID: UUID(0)))
    }
    await store.send(\.destination.presented.edit.binding.title, "Design review") {
      $0.destination?.modify(\.edit) { $0.title = "Design review" }
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.standup.title = "Design review"
    }
  }

  @Test func deletingAfterTheAlertRemovesTheStandupAndPopsTheDetail() async {
    @Shared(.standups) var standups = [design()]
    let store = TestStore(initialState: appWithDetail(), reducer: StandupsApp())
    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(
        AlertState(
          title: "Delete?", message: "Are you sure you want to delete this standup?",
          buttons: [.destructive("Yes", action: .confirmDeletion), .cancel("Nevermind")]))
    }
    await store.send(\.path[id: 0].detail.destination.presented.alert, .confirmDeletion) {
      // The list loses it; the screen keeps what it showed until it pops.
      $0.path[id: 0, case: \.detail]?.destination = nil
      $0.list.standups = []
    }
    await store.receive(\.path.popFrom, 0) {
      $0.path = StackState()
    }
  }

  @Test func aMeetingRunsItsLengthThenIsSavedAndThePagePops() async {
    @Shared(.standups) var standups = [design()]
    let clock = VirtualClock()
    let store = TestStore(initialState: appWithDetail(), reducer: StandupsApp()) {
      $0.continuousClock = clock
      $0.date = .constant(meetingDate)
      $0.uuid = .incrementing
      $0.speech = SpeechClient {
        AsyncThrowingStream { heard in
          heard.yield("Ana shipped")
          heard.yield("Ana shipped the form")
          heard.finish()
        }
      }
    }
    await store.send(\.path[id: 0].detail.startMeetingButtonTapped)
    await store.receive(\.path[id: 0].detail.delegate.startMeeting) {
      $0.path.append(meeting(for: $0))
    }
    // Sixty ticks: only what they lead to is asserted.
    store.exhaustivity = .off
    await store.send(\.path[id: 1].record.onTask)
    await clock.advance(by: .seconds(29))
    #expect(store.state.path[id: 1, case: \.record]?.speakerIndex == 0)
    await clock.advance(by: .seconds(1))
    #expect(store.state.path[id: 1, case: \.record]?.speakerIndex == 1)
    await clock.advance(by: .seconds(30))
    await store.receive(\.path.popFrom, 1)
    #expect(store.state.path.count == 1)
    let saved: IdentifiedArrayOf<Meeting> = [Meeting(id: UUID(0), date: meetingDate, transcript: "Ana shipped the form")]
    #expect(store.state.list.standups[id: designID]?.meetings == saved)
    #expect(store.state.path[id: 0, case: \.detail]?.standup.meetings == saved)
  }

  @Test func withSpeechRecognitionDeniedTheMeetingStartsOnlyOnceTheUserSaysSo() async {
    @Shared(.standups) var standups = [design()]
    let store = TestStore(initialState: appWithDetail(), reducer: StandupsApp()) {
      $0.speech.authorizationStatus = { .denied }
    }
    await store.send(\.path[id: 0].detail.startMeetingButtonTapped) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.speechRecognitionDenied)
    }
    await store.send(\.path[id: 0].detail.destination.presented.alert, .continueWithoutRecording) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.startMeeting) {
      $0.path.append(meeting(for: $0))
    }
  }

  @Test func aFileFromBeforeTranscriptsStillReads() throws {
    let json = #"[{"id":"00000000-0000-0000-0000-000000000064","title":"Design","duration":1,"attendees":[],"#
      + #""meetings":[{"id":"00000000-0000-0000-0000-000000000000","date":0}]}]"#
    let standups = try JSONDecoder().decode(IdentifiedArrayOf<Standup>.self, from: Data(json.utf8))
    #expect(standups[id: designID]?.meetings.map(\.transcript) == [""])
  }

  @Test func endingEarlyAndDiscardingSavesNothing() async {
    @Shared(.standups) var standups = [design()]
    var state = appWithDetail()
    state.path.append(meeting(for: state))
    let store = TestStore(initialState: state, reducer: StandupsApp())
    await store.send(\.path[id: 1].record.endMeetingButtonTapped) {
      $0.path[id: 1, case: \.record]?.alert = .endMeeting
    }
    await store.send(\.path[id: 1].record.alert.presented, .confirmDiscard) {
      $0.path[id: 1, case: \.record]?.alert = nil
    }
    await store.receive(\.path.popFrom, 1) {
      _ = $0.path.popLast()
    }
    #expect(store.state.list.standups[id: designID]?.meetings == [])
  }
}
