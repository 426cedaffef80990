public import CasePathsCore

/// TCA's way to name an action in a test, by its case key path: `send(\.binding.title, "x")`,
/// `receive(\.searchResponse.success)`. The action enum is `CasePathable` (`ActionPath.init(_:)` with a case key path).
extension TestStore {
  /// Sends the action that `casePath` makes of `payload`, as `send(_:assert:)`
  /// sends an action.
  ///
  /// ```swift
  /// await store.send(\.todos[id: id].binding.title, "Milk") { $0.todos[id: id]?.title = "Milk" }
  /// ```
  @discardableResult
  public func send<Payload>(
    _ casePath: CaseKeyPath<Action, Payload>,
    _ payload: Payload,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    await send(
      AnyCasePath(casePath).embed(payload), assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action of a case without a payload that `casePath` names:
  /// `await store.send(\.rows[id: id].deleteTapped)`.
  @discardableResult
  public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    await send(
      AnyCasePath(casePath).embed(()), assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an action of the case `casePath` names, whatever its payload, and checks the
  /// state change it made.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse.success) { $0.results = [song] }
  /// ```
  public func receive<Payload>(
    _ casePath: CaseKeyPath<Action, Payload>,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      ActionPath(casePath), timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for the action `casePath` makes of `payload`, and checks the state change it made.
  /// Only the payload needs to be `Equatable`.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse.success, [song]) { $0.results = [song] }
  /// ```
  public func receive<Payload: Equatable>(
    _ casePath: CaseKeyPath<Action, Payload>,
    _ payload: Payload,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      ActionPath(casePath), payload, timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
