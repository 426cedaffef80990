extension TestStore {
  /// Checks the store's current state without sending anything: `update` gets that state and
  /// sets what the test expects of it, and what it sets must already hold.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.login(.submitTapped))
  /// store.skipReceivedActions()
  /// store.assert { $0.user = .mock }
  /// ```
  public func assert(
    _ update: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = store.state
    let applied = withoutActuallyEscaping(update) { applying($0, to: actual, in: "the assertion", at: location) }
    guard let expected = applied else { return }
    if expected != actual { location.report(TestStoreMessages.assertionMismatch(expected: expected, actual: actual)) }
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then puts it back.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refreshTapped)
  ///   await store.receive(Feed.Action.loaded) { $0.items.count = 3 }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// `withExhaustivity(_:operation:)` for synchronous work.
  public func withExhaustivity<R>(_ exhaustivity: Exhaustivity, operation: () throws -> R) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }
}
