/// A side effect that a reducer returns: work the `Store` runs after the action is folded.
///
/// Effects are plain values. A reducer describes what should happen (send an action, call an
/// API, wait on a clock, cancel something) and the store's runtime does it, so reducers stay
/// pure and replayable.
///
/// ```swift
/// case .signInTapped:
///   state.isLoading = true
///   return .run { [credentials] send in
///     await send(.loginResponse(Result { try await auth.login(credentials) }))
///   }
///   .cancellable(id: CancelID.login, cancelInFlight: true)
/// ```
public struct Effect<Action> {
  @usableFromInline
  package let operation: Operation

  @usableFromInline
  package init(operation: Operation) {
    self.operation = operation
  }

  /// What the runtime does. Kept as a small tree so that the store can walk it synchronously
  /// (cancellation must take effect before the next action is folded) and so that `.none`
  /// costs nothing.
  @usableFromInline
  package indirect enum Operation {
    case none
    /// An action fed back into the store right after the current one, in FIFO order.
    case send(Action, SourceLine)
    case run(TaskPriority?, SourceLine, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: CancelID, cancelInFlight: Bool, Effect)
    case cancel(id: CancelID)
    /// Waits on `wait` (a clock sleep), then starts the effect. Debounce is built on it.
    case deferred(@Sendable () async throws -> Void, Effect)
    /// Throttling needs memory across actions, so the runtime keeps it per id.
    case throttle(id: CancelID, interval: Duration, clock: any Clock<Duration>, latest: Bool, Effect)
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

extension Effect {
  /// An effect that does nothing. Returning it costs no allocation.
  @inlinable
  public static var none: Self { Self(operation: .none) }

  /// Feeds `action` back into the store right after the current action, in FIFO order.
  ///
  /// Prefer calling shared logic directly; use this when one feature must tell another.
  ///
  /// - Parameters:
  ///   - action: the action to send.
  ///   - fileID: where the effect is made, recorded as the action's `"from"` by a store that
  ///     records where its actions came from (`recordsSendSites`).
  ///   - line: the line of `fileID`.
  @inlinable
  public static func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) -> Self {
    Self(operation: .send(action, SourceLine(fileID: fileID, line: line)))
  }

  /// Runs asynchronous work that may send any number of actions back.
  ///
  /// Errors thrown by `operation` go to `catch`. Without a handler they are reported as an issue
  /// (a test failure under a test runner, a log line otherwise). They never crash the store.
  /// Cancellation is not an error: a cancelled `run` just ends.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let origin = EffectOrigin(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      operation: .run(priority, SourceLine(fileID: fileID, line: line)) { send in
        do {
          try await operation(send)
        } catch is CancellationError where Task.isCancelled {
          // Cancelled on purpose (a new search, a second tap): nothing to report.
        } catch {
          guard let handler else {
            reportUnhandledEffectError(error, at: origin)
            return
          }
          await handler(error, send)
        }
      }
    )
  }
}
