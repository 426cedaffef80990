public import IdentifiedCollections
import IssueReporting

/// The action of one element of a collection: which element, and what happened to it.
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Codable where ID: Codable, Action: Codable {}

extension Reducer {
  /// Runs `element` on the element of `toElements` that an ``IdentifiedAction`` names, before
  /// this reducer runs.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: Action.rowsPath) { Row() }
  /// ```
  ///
  /// An action for an element that is no longer in the collection is reported (it usually
  /// means an effect outlived its row) and otherwise ignored.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      toElements: toElements,
      toElementAction: toElementAction,
      element: element(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: ActionPath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let element: Element
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    return .merge(elementEffect, parentEffect)
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(action) else { return .none }
    guard state[keyPath: toElements][id: id] != nil else {
      location.report(
        """
        "forEach" received an action for an element that is not in the collection: \(id).
        Cancel an element's effects when it is removed, or ignore late responses.
        """
      )
      return .none
    }
    let embed = toElementAction.embed
    return element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
      .map { embed(.element(id: id, action: $0)) }
  }
}

/// A call site kept for reporting a misuse where it was written.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
