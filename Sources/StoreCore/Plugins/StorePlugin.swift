/// Sees every action a store folds: its sequence number, its origin, and the state after it.
///
/// The event log's `Recorder` is a plugin; so are the host's logging and metrics plugins.
///
/// ```swift
/// final class PrintPlugin: StorePlugin {
///   func didCommit(_ commit: Commit<Counter.State, Counter.Action>) {
///     print(commit.seq, commit.action)
///   }
/// }
/// let store = Store(initialState: .init(), reducer: Counter(), plugins: [PrintPlugin()])
/// ```
///
/// A plugin that throws is detached and the error is reported (an issue under a test runner, a
/// line on stderr otherwise). The store keeps folding. A plugin may call ``Store/send(_:fileID:line:)``; the
/// action is queued behind the current one.
public protocol StorePlugin<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  @MainActor func didCommit(_ commit: Commit<State, Action>) throws
}
