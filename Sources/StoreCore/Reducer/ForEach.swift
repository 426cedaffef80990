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
  ///   .forEach(\.rows, action: Action.rows) { Row() }
  /// ```
  ///
  /// Each element's effects live as long as the element: when it is removed, they are
  /// cancelled, and a response they had not yet sent is never delivered. An action for an
  /// element that is not in the collection anyway (sent from outside) is reported and ignored.
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

  /// ``forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)`` with the elements' case
  /// constructor: `.forEach(\.rows, action: Action.rows) { Row() }`.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> where ElementState == Element.State, ElementAction == Element.Action {
    forEach(
      toElements, action: ActionPath(toElementAction), element: element,
      fileID: fileID, filePath: filePath, line: line, column: column
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
    // NB: Copies of the ids share storage, so the comparison below is one pointer check for
    //     the actions that leave the collection alone.
    let idsBefore = state[keyPath: toElements].ids
    let elementEffect = reduceElement(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElements].ids
    guard idsAfter != idsBefore else { return .merge(elementEffect, parentEffect) }
    // Removed elements take their effects with them, the ones just started too.
    let elements = state[keyPath: toElements]
    let removed = idsBefore.filter { elements[id: $0] == nil }
    guard !removed.isEmpty else { return .merge(elementEffect, parentEffect) }
    let cancellations = removed.map { Effect<Parent.Action>.cancel(id: lifetime(of: $0)) }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  private func lifetime(of id: ID) -> ChildLifetime {
    ChildLifetime(place: toElements, id: AnyHashable(id))
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(action) else { return .none }
    guard state[keyPath: toElements][id: id] != nil else {
      location.report(
        """
        "forEach" received an action for an element that is not in the collection: \(id).
        An element's own effects are cancelled when it is removed, so this action came from \
        elsewhere: send it only for elements in the collection.
        """
      )
      return .none
    }
    let embed = toElementAction.embed
    return element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
      .map { embed(.element(id: id, action: $0)) }
      .cancellable(id: lifetime(of: id))
  }
}

/// A call site kept for reporting a misuse where it was written.
@usableFromInline
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
