import CasePaths
public import Foundation
public import Store

/// One row of the list: its text and whether it is done, both edited in place through bindings.
public struct Todo: Reducer {
  public struct State: Codable, Equatable, Identifiable, Sendable, BindableState {
    public let id: UUID
    public var description: String
    public var isComplete: Bool

    public init(id: UUID, description: String = "", isComplete: Bool = false) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
    }

    /// What a binding may set, by the names a log line writes (`{"binding":{"_0":{"isComplete":true}}}`).
    public static let bindableFields: BindableFields<Self> = [
      .field("description", \.description),
      .field("isComplete", \.isComplete),
    ]
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
