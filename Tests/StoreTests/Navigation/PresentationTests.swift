import Foundation
import Testing
@testable import StoreCore

/// A sheet that saves after a second, then closes itself through `dismiss`.
private struct Editor: Reducer {
  struct State: Equatable, Codable, Sendable {
    var text = ""
    var isSaving = false
  }
  enum Action: Equatable, Codable, Sendable {
    case textChanged(String)
    case saveTapped
    case saved
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(text):
      state.text = text
      return .none
    case .saveTapped:
      state.isSaving = true
      return .run { [clock, dismiss] send in
        try? await clock.sleep(for: .seconds(1))
        await send(.saved)
        await dismiss()
      }
    case .saved:
      state.isSaving = false
      return .none
    }
  }
}

/// A list that presents the editor as a sheet, and its destinations as an enum: the editor, or
/// a second editor for notes.
private struct Notes: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Codable, Sendable {
      case editor(Editor.State)
      case note(Editor.State)
    }
    enum Action: Equatable, Codable, Sendable {
      case editor(Editor.Action)
      case note(Editor.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.editor, action: Action.editor) { Editor() }
      Scope(state: State.note, action: Action.note) { Editor() }
    }
  }

  struct State: Equatable, Codable, Sendable {
    @Presents var editor: Editor.State?
    @Presents var destination: Destination.State?
    var log: [String] = []
  }
  enum Action: Equatable, Codable, Sendable {
    case editTapped
    case noteTapped
    case editor(PresentationAction<Editor.Action>)
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editTapped:
        state.editor = Editor.State()
      case .noteTapped:
        state.destination = .note(Editor.State())
      case .editor(.dismiss):
        // The parent sees the dismissal while the child is still there.
        state.log.append("closing with \(state.editor?.text ?? "nothing")")
      case .editor, .destination:
        break
      }
      return .none
    }
    .ifLet(\.$editor, action: Action.editor) { Editor() }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

/// Issue 24, presentation: a presented child, its dismissal (by the parent's view or by the
/// child itself through `dismiss`), the lifetime of its effects, and destinations as an enum.
@MainActor
struct PresentationTests {
  @Test func aChildDismissesItselfAndTheParentSeesItFirst() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Notes.State(), reducer: Notes()) { $0.continuousClock = clock }
    await store.send(.editTapped) { $0.editor = Editor.State() }
    await store.send(.editor(.presented(.textChanged("hi")))) { $0.editor?.text = "hi" }
    await store.send(.editor(.presented(.saveTapped))) { $0.editor?.isSaving = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.editor(.presented(.saved))) { $0.editor?.isSaving = false }
    await store.receive(.editor(.dismiss)) {
      $0.log = ["closing with hi"]
      $0.editor = nil
    }
    await store.finish()
  }

  @Test func dismissingCancelsTheChildsEffectsAndNoLateActionArrives() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Notes.State(), reducer: Notes()) { $0.continuousClock = clock }
    await store.send(.editTapped) { $0.editor = Editor.State() }
    await store.send(.editor(.presented(.saveTapped))) { $0.editor?.isSaving = true }
    await store.send(.editor(.dismiss)) {
      $0.log = ["closing with "]
      $0.editor = nil
    }
    await clock.advance(by: .seconds(5))
    // Exhaustive: a late `.saved` or `.dismiss` would fail here as an unreceived action.
    await store.finish()
  }

  @Test func anActionForADismissedChildIsReportedAndChangesNothing() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await withKnownIssue {
      await store.send(.editor(.presented(.textChanged("late"))))
    } matching: { issue in
      issue.description.contains("child that is not presented") && issue.description.contains("late")
    }
    // A dismissal of nothing is not an error (a view may close twice): the parent sees it,
    // and nothing is dismissed.
    await store.send(.editor(.dismiss)) { $0.log = ["closing with nothing"] }
    await store.finish()
  }

  @Test func aChildAloneAssertsItsDismissThroughTheDependency() async {
    let clock = VirtualClock()
    let dismissed = LockedCount()
    let store = TestStore(initialState: Editor.State(), reducer: Editor()) {
      $0.continuousClock = clock
      $0.dismiss = DismissEffect { dismissed.increment() }
    }
    await store.send(.saveTapped) { $0.isSaving = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.saved) { $0.isSaving = false }
    await store.finish()
    #expect(dismissed.value == 1)
  }

  @Test func dismissOutsideAPresentedChildIsReported() async {
    await withKnownIssue {
      await DependencyValues().dismiss()
    } matching: { issue in
      issue.description.contains("not presented")
    }
  }

  @Test func destinationsAreOneEnumScopedOneLinePerCase() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Notes.State(), reducer: Notes()) { $0.continuousClock = clock }
    await store.send(.noteTapped) { $0.destination = .note(Editor.State()) }
    await store.send(.destination(.presented(.note(.textChanged("n"))))) {
      $0.destination = .note(Editor.State(text: "n"))
    }
    await withKnownIssue {
      // The destination is a note, not the editor: reported, ignored.
      await store.send(.destination(.presented(.editor(.textChanged("x")))))
    } matching: { issue in
      issue.description.contains("case the state is not in")
    }
    await store.send(.destination(.presented(.note(.saveTapped)))) {
      $0.destination = .note(Editor.State(text: "n", isSaving: true))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.note(.saved)))) {
      $0.destination = .note(Editor.State(text: "n", isSaving: false))
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test func presentedStateEncodesAsTheChildAndNothingWhenDismissed() throws {
    var state = Notes.State()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(state), as: UTF8.self) == #"{"log":[]}"#)
    state.editor = Editor.State(text: "a")
    let json = String(decoding: try encoder.encode(state), as: UTF8.self)
    #expect(json == #"{"editor":{"isSaving":false,"text":"a"},"log":[]}"#)
    #expect(try JSONDecoder().decode(Notes.State.self, from: Data(json.utf8)) == state)
    #expect(try JSONDecoder().decode(Notes.State.self, from: Data(#"{"log":[]}"#.utf8)) == Notes.State())
  }

  @Test func presentationActionsHaveALineShape() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let line = String(decoding: try encoder.encode(Notes.Action.editor(.dismiss)), as: UTF8.self)
    #expect(line == #"{"editor":{"_0":{"dismiss":{}}}}"#)
    let presented = Notes.Action.editor(.presented(.textChanged("x")))
    #expect(try JSONDecoder().decode(Notes.Action.self, from: encoder.encode(presented)) == presented)
  }
}

/// A count that a dismiss closure (main actor) bumps and the test reads.
@MainActor
private final class LockedCount: Sendable {
  private(set) var value = 0
  func increment() { value += 1 }
}

/// An account screen that asks before it logs out, with an alert presented as ephemeral state.
private struct Account: Reducer {
  struct State: Equatable, Codable, Sendable {
    @Presents var alert: AlertState<Action.Alert>?
    var isLoggedIn = true
  }
  enum Action: Equatable, Codable, Sendable {
    case logoutTapped
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable, Codable, Sendable { case confirmLogout }
  }

  static let confirm = AlertState<Action.Alert>(
    title: "Log out?",
    buttons: [.destructive("Log out", action: .confirmLogout), .cancel("Cancel")]
  )

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .logoutTapped: state.alert = Self.confirm
      case .alert(.presented(.confirmLogout)): state.isLoggedIn = false
      case .alert: break
      }
      return .none
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}

/// Issue 24, alerts: a button's action reaches the parent, then the alert is dismissed; a
/// cancel is the dismissal itself; both are asserted as state.
@MainActor
struct AlertPresentationTests {
  @Test func aButtonsActionReachesTheParentThenTheAlertIsGone() async {
    let store = TestStore(initialState: Account.State(), reducer: Account())
    await store.send(.logoutTapped) { $0.alert = Account.confirm }
    await store.send(.alert(.presented(.confirmLogout))) {
      $0.alert = nil
      $0.isLoggedIn = false
    }
    await store.finish()
  }

  @Test func cancellingDismissesAndChangesNothingElse() async {
    let store = TestStore(initialState: Account.State(), reducer: Account())
    await store.send(.logoutTapped) { $0.alert = Account.confirm }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.finish()
  }

  @Test func theLoggedAlertIsItsValue() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var state = Account.State()
    state.alert = Account.confirm
    let json = String(decoding: try encoder.encode(state), as: UTF8.self)
    #expect(json.contains(#""alert":{"buttons":[{"action":{"confirmLogout":{}},"label":"Log out","role":"destructive"}"#))
    #expect(try JSONDecoder().decode(Account.State.self, from: Data(json.utf8)) == state)
  }
}
