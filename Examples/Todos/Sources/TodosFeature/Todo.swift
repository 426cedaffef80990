import CasePaths
public import Foundation
import StateObservation
public import Store

/// One row of the list: its text and whether it is done, both edited in place through bindings.
public struct Todo: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Identifiable, Sendable {
    public let id: UUID
    public var description: String
    public var isComplete: Bool

    public init(id: UUID, description: String = "", isComplete: Bool = false) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
    }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    /// The list removes the row: a row cannot remove itself.
    case deleteButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
