/// Sends actions from an effect back into the store, on the main actor.
///
/// ```swift
/// return .run { send in
///   let users = try await users.fetch()
///   await send(.usersResponse(.success(users)))
/// }
/// ```
///
/// Actions sent after the effect was cancelled are dropped, so a cancelled search can never
/// overwrite the results of the search that replaced it.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @MainActor @Sendable (Action) -> Void

  /// Makes a `Send` that calls `send`. Useful to test an effect's operation on its own.
  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
