import CasePaths
import StateObservation
public import Store

/// An alert and a confirmation dialog, each with buttons that change the count; the one shown
/// goes away after any of its buttons.
public struct AlertsAndDialogs: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    @Presents public var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    public var count = 0
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case alertButtonTapped
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    case confirmationDialogButtonTapped

    @CasePathable
    public enum Alert: Codable, Equatable, Sendable {
      case incrementButtonTapped
    }

    @CasePathable
    public enum ConfirmationDialog: Codable, Equatable, Sendable {
      case decrementButtonTapped
      case incrementButtonTapped
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.incrementButtonTapped)),
        .confirmationDialog(.presented(.incrementButtonTapped)):
        state.count += 1
        state.alert = AlertState(title: "Incremented!")
        return .none

      case .confirmationDialog(.presented(.decrementButtonTapped)):
        state.count -= 1
        state.alert = AlertState(title: "Decremented!")
        return .none

      case .alert, .confirmationDialog:
        return .none

      case .alertButtonTapped:
        state.alert = AlertState(
          title: "Alert!",
          message: "This is an alert",
          buttons: [.cancel("Cancel"), .default("Increment", action: .incrementButtonTapped)])
        return .none

      case .confirmationDialogButtonTapped:
        state.confirmationDialog = ConfirmationDialogState(
          title: "Confirmation dialog",
          titleVisibility: .visible,
          message: "This is a confirmation dialog.",
          buttons: [
            .cancel("Cancel"),
            .default("Increment", action: .incrementButtonTapped),
            .default("Decrement", action: .decrementButtonTapped),
          ])
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }
}
