import Foundation
import Testing
@testable import EventLog
@testable import StoreCore

/// A feature that asks before it logs out, with its alert as optional state.
private struct Logout: Reducer {
  struct State: Equatable, Codable, Sendable {
    var alert: AlertState<Action.Alert>?
    var isLoggedIn = true
  }
  enum Action: Equatable, Codable, Sendable {
    case logoutTapped
    case alert(Alert)
    case alertDismissed

    enum Alert: Hashable, Codable, Sendable {
      case confirmLogout
      case keepSession(minutes: Int)
    }
  }

  static let confirmation = AlertState<Action.Alert>(
    title: "Log out?",
    message: "Drafts stay on this device.",
    buttons: [
      .destructive("Log out", action: .confirmLogout),
      .default("Stay 5 more minutes", action: .keepSession(minutes: 5)),
      .cancel("Cancel"),
    ]
  )

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .logoutTapped:
        state.alert = Self.confirmation
        return .none
      case .alert(.confirmLogout):
        state.alert = nil
        state.isLoggedIn = false
        return .none
      case .alert(.keepSession), .alertDismissed:
        state.alert = nil
        return .none
      }
    }
  }
}

/// A parent that shows its child's buttons with its own actions.
private enum Settings: Hashable, Codable, Sendable {
  case account(Logout.Action.Alert)
}

@MainActor
struct AlertStateTests {
  private typealias Alert = AlertState<Logout.Action.Alert>
  private typealias Dialog = ConfirmationDialogState<Settings>

  @Test func anAlertIsLoggedAsReadableJSONAndReadBack() throws {
    let json = String(decoding: try LogJSONEncoder().encode(Logout.confirmation), as: UTF8.self)
    #expect(
      json == """
        {"title":"Log out?","message":"Drafts stay on this device.","buttons":[\
        {"label":"Log out","role":"destructive","action":{"confirmLogout":{}}},\
        {"label":"Stay 5 more minutes","action":{"keepSession":{"minutes":5}}},\
        {"label":"Cancel","role":"cancel"}]}
        """)
    #expect(try LogJSONDecoder().decode(Alert.self, from: Array(json.utf8)) == Logout.confirmation)
    // Foundation's coders read and write the same shape.
    let foundation = try JSONDecoder().decode(Alert.self, from: JSONEncoder().encode(Logout.confirmation))
    #expect(foundation == Logout.confirmation)
  }

  @Test func aDialogWithNestedActionsRoundTrips() throws {
    let dialog = Dialog(
      title: "Session",
      titleVisibility: .visible,
      buttons: [
        .destructive("Log out", action: .account(.confirmLogout)),
        .default("Keep", action: .account(.keepSession(minutes: 30))),
        .cancel("Cancel"),
      ]
    )
    let json = String(decoding: try LogJSONEncoder().encode(dialog), as: UTF8.self)
    #expect(
      json == """
        {"title":"Session","titleVisibility":"visible","buttons":[\
        {"label":"Log out","role":"destructive","action":{"account":{"_0":{"confirmLogout":{}}}}},\
        {"label":"Keep","action":{"account":{"_0":{"keepSession":{"minutes":30}}}}},\
        {"label":"Cancel","role":"cancel"}]}
        """)
    #expect(try LogJSONDecoder().decode(Dialog.self, from: Array(json.utf8)) == dialog)

    // The defaults are left out, and a document without them reads back as the defaults.
    let plain = Dialog(title: "Sort by")
    let plainJSON = String(decoding: try LogJSONEncoder().encode(plain), as: UTF8.self)
    #expect(plainJSON == #"{"title":"Sort by","buttons":[]}"#)
    #expect(try LogJSONDecoder().decode(Dialog.self, from: Array(#"{"title":"Sort by"}"#.utf8)) == plain)
    #expect(plain.titleVisibility == .automatic && plain.message == nil && plain.buttons.isEmpty)
  }

  @Test func anAlertWithoutButtonsGetsOneOKButtonThatOnlyDismisses() throws {
    let alert = Alert(title: "Saved")
    #expect(alert.buttons == [ButtonState(label: "OK")])
    #expect(alert.buttons[0].role == nil && alert.buttons[0].action == nil)
    let json = String(decoding: try LogJSONEncoder().encode(alert), as: UTF8.self)
    #expect(json == #"{"title":"Saved","buttons":[{"label":"OK"}]}"#)
    // A typed document without buttons gets the same button; written buttons are kept as they are.
    #expect(try LogJSONDecoder().decode(Alert.self, from: Array(#"{"title":"Saved"}"#.utf8)) == alert)
    var empty = alert
    empty.buttons = []
    #expect(try LogJSONDecoder().decode(Alert.self, from: LogJSONEncoder().encode(empty)) == empty)
  }

  @Test func anUnknownRoleIsADecodingErrorThatNamesIt() throws {
    let json = #"{"title":"Log out?","buttons":[{"label":"Log out","role":"destroy"}]}"#
    #expect {
      try JSONDecoder().decode(Alert.self, from: Data(json.utf8))
    } throws: { error in
      guard let error = error as? DecodingError, case .dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "'destroy' is not a button role: cancel, destructive"
        && context.codingPath.last?.stringValue == "role"
        && "\(error)".contains("'destroy'")
    }
    // The log's decoder keeps the message and says where the role was.
    #expect {
      try LogJSONDecoder().decode(Alert.self, from: Array(json.utf8))
    } throws: { error in
      "\(error)".contains("buttons[0].role") && "\(error)".contains("'destroy' is not a button role")
    }
    #expect {
      try JSONDecoder().decode(Dialog.self, from: Data(#"{"title":"Sort","titleVisibility":"shown"}"#.utf8))
    } throws: { error in
      error is DecodingError && "\(error)".contains("'shown' is not a title visibility: automatic, visible, hidden")
    }
  }

  @Test func mapLiftsEveryButtonsAction() {
    let lifted: AlertState<Settings> = Logout.confirmation.map(Settings.account)
    #expect(lifted.title == "Log out?" && lifted.message == "Drafts stay on this device.")
    #expect(
      lifted.buttons == [
        .destructive("Log out", action: .account(.confirmLogout)),
        .default("Stay 5 more minutes", action: .account(.keepSession(minutes: 5))),
        .cancel("Cancel"),
      ])

    let dialog = ConfirmationDialogState<Logout.Action.Alert>(
      title: "Session", titleVisibility: .hidden, message: "Signed in for 2 h",
      buttons: [.destructive("Log out", action: .confirmLogout), .cancel("Cancel")])
    #expect(
      dialog.map(Settings.account)
        == Dialog(
          title: "Session", titleVisibility: .hidden, message: "Signed in for 2 h",
          buttons: [.destructive("Log out", action: .account(.confirmLogout)), .cancel("Cancel")]))
    #expect(ButtonState<Logout.Action.Alert>.cancel("Cancel").map(Settings.account).action == nil)
  }

  @Test func alertsDifferByAnyField() {
    let alert = Logout.confirmation
    #expect(alert == Logout.confirmation)
    var otherAction = alert
    otherAction.buttons[1].action = .keepSession(minutes: 10)
    #expect(otherAction != alert)
    var otherRole = alert
    otherRole.buttons[2].role = nil
    #expect(otherRole != alert)
    var otherMessage = alert
    otherMessage.message = nil
    #expect(otherMessage != alert)
    #expect(Set([alert, otherAction, otherRole, otherMessage, alert]).count == 4)
    #expect(
      ButtonState<Logout.Action.Alert>.cancel("Cancel")
        != ButtonState.cancel("Cancel", action: .confirmLogout))
  }

  @Test func itDescribesItselfOnOneLine() {
    let alert = Alert(title: "Log out?", buttons: [.destructive("Log out", action: .confirmLogout), .cancel("Cancel")])
    #expect(
      alert.description
        == #"AlertState(title: "Log out?", buttons: [destructive "Log out" → .confirmLogout, cancel "Cancel"])"#)
    #expect(Alert(title: "Saved").description == #"AlertState(title: "Saved", buttons: ["OK"])"#)
    let dialog = Dialog(title: "Sort", titleVisibility: .visible, message: "By what?", buttons: [.cancel("Cancel")])
    #expect(
      dialog.description
        == #"ConfirmationDialogState(title: "Sort", titleVisibility: .visible, message: "By what?", buttons: [cancel "Cancel"])"#)
  }

  @Test func aTestStoreAssertsTheAlertLikeAnyState() async {
    let store = TestStore(initialState: Logout.State(), reducer: Logout())
    await store.send(.logoutTapped) {
      $0.alert = AlertState(
        title: "Log out?",
        message: "Drafts stay on this device.",
        buttons: [
          .destructive("Log out", action: .confirmLogout),
          .default("Stay 5 more minutes", action: .keepSession(minutes: 5)),
          .cancel("Cancel"),
        ]
      )
    }
    await store.send(.alert(.confirmLogout)) {
      $0.alert = nil
      $0.isLoggedIn = false
    }
    await store.finish()
  }

  @Test func aTestStoreNamesTheAlertFieldThatDiffers() async {
    let store = TestStore(initialState: Logout.State(), reducer: Logout())
    await withKnownIssue {
      await store.send(.logoutTapped) {
        $0.alert = Logout.confirmation
        $0.alert?.title = "Sign out?"
      }
    } matching: { issue in
      issue.message.contains("does not match expectation")
        && issue.message.contains(#"−     title: "Sign out?""#)
        && issue.message.contains(#"+     title: "Log out?""#)
    }
    await withKnownIssue {
      await store.send(.alertDismissed) {
        $0.alert = nil
        $0.isLoggedIn = false
      }
    } matching: { issue in
      issue.message.contains("does not match expectation") && issue.message.contains("isLoggedIn")
    }
  }
}
