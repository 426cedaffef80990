import Testing
@testable import StoreCore

/// A rename sheet, the one destination here that is not an alert.
private struct Rename: Reducer {
  struct State: Equatable, Sendable {
    var text = ""
  }
  enum Action: Equatable, Sendable { case textChanged(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case let .textChanged(text) = action { state.text = text }
    return .none
  }
}

/// A meeting screen whose destinations are one enum (an alert or a rename sheet), and a
/// separate alert that may ask twice.
private struct Meeting: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case alert(AlertState<Alert>)
      case rename(Rename.State)
    }
    enum Action: Equatable, Sendable {
      case alert(Alert)
      case rename(Rename.Action)
    }
    enum Alert: Hashable, Sendable {
      case confirmDelete
      case askAgain
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.rename, action: Action.rename) { Rename() }
    }
  }

  struct State: Equatable, Sendable {
    @Presents var destination: Destination.State?
    @Presents var alert: AlertState<Action.Reset>?
    var isDeleted = false
    var resets = 0
  }
  enum Action: Equatable, Sendable {
    case deleteTapped
    case renameTapped
    case resetTapped
    case destination(PresentationAction<Destination.Action>)
    case alert(PresentationAction<Reset>)

    enum Reset: Equatable, Sendable {
      case confirm
      case confirmAgain
    }
  }

  static var deleteAlert: AlertState<Destination.Alert> {
    AlertState(
      title: "Delete this meeting?",
      buttons: [
        .destructive("Delete", action: .confirmDelete), .default("Ask me again", action: .askAgain), .cancel("Cancel"),
      ]
    )
  }
  static let resetAlert = AlertState<Action.Reset>(title: "Reset?", buttons: [.destructive("Reset", action: .confirm)])
  static let reallyResetAlert = AlertState<Action.Reset>(
    title: "Really reset?", buttons: [.destructive("Reset", action: .confirmAgain)])

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.destination = .alert(Self.deleteAlert)
      case .renameTapped:
        state.destination = .rename(Rename.State())
      case .resetTapped:
        state.alert = Self.resetAlert
      case .destination(.presented(.alert(.confirmDelete))):
        state.isDeleted = true
      case .destination(.presented(.alert(.askAgain))):
        // The same words, presented again in answer: a new alert.
        state.destination = .alert(Self.deleteAlert)
      case .alert(.presented(.confirm)):
        state.alert = Self.reallyResetAlert
      case .alert(.presented(.confirmAgain)):
        state.resets += 1
      case .destination, .alert:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .ifLet(\.$alert, action: Action.alert)
  }
}

/// Issue 49, point 6: an alert is dismissed after its button wherever it is held, and an alert
/// presented in answer to another's button stays.
@MainActor
struct EphemeralDestinationTests {
  @Test func anAlertInADestinationEnumIsDismissedAfterItsButton() async {
    let store = TestStore(initialState: Meeting.State(), reducer: Meeting())
    await store.send(.deleteTapped) { $0.destination = .alert(Meeting.deleteAlert) }
    await store.send(.destination(.presented(.alert(.confirmDelete)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
    await store.finish()
  }

  @Test func anotherCaseOfTheEnumStaysThroughItsActions() async {
    let store = TestStore(initialState: Meeting.State(), reducer: Meeting())
    await store.send(.renameTapped) { $0.destination = .rename(Rename.State()) }
    await store.send(.destination(.presented(.rename(.textChanged("Standup"))))) {
      $0.destination = .rename(Rename.State(text: "Standup"))
    }
    await store.finish()
  }

  @Test func anAlertPresentedInAnswerToTheSameWordsStays() async {
    let store = TestStore(initialState: Meeting.State(), reducer: Meeting())
    await store.send(.deleteTapped) { $0.destination = .alert(Meeting.deleteAlert) }
    // Equal to the alert it replaces, yet a new presentation: it stays up.
    await store.send(.destination(.presented(.alert(.askAgain))))
    #expect(store.state.destination == .alert(Meeting.deleteAlert))
    await store.send(.destination(.presented(.alert(.confirmDelete)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }

  @Test func anAlertPresentedInAnswerToAnAlertsButtonStays() async {
    let store = TestStore(initialState: Meeting.State(), reducer: Meeting())
    await store.send(.resetTapped) { $0.alert = Meeting.resetAlert }
    await store.send(.alert(.presented(.confirm))) { $0.alert = Meeting.reallyResetAlert }
    await store.send(.alert(.presented(.confirmAgain))) {
      $0.alert = nil
      $0.resets = 1
    }
    await store.finish()
  }

  @Test func alertsThatReadTheSameAreEqualAndHashTheSame() {
    let first = Meeting.deleteAlert
    let second = Meeting.deleteAlert
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.presentationToken != second.presentationToken)
  }
}
