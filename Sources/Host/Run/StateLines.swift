import Store

/// `run --print-states`: the state as a JSON line (secrets redacted) at the start and after
/// each action that changed it, so that `run` can sit in a pipe or answer a person typing.
///
/// A plugin, so that it sees every commit, effects' actions too, in the store's order; it is
/// attached after the recorder, so a printed state is already in the log's queue.
@MainActor
final class StateLines<State: Encodable & Equatable, Action>: StorePlugin {
  private var last: State

  init(initialState: State) throws(HostError) {
    last = initialState
    Terminal.outJSON(try StateJSON.encode(initialState))
  }

  func didCommit(_ commit: Commit<State, Action>) throws {
    guard commit.state != last else { return }
    last = commit.state
    Terminal.outJSON(try StateJSON.encode(commit.state))
  }
}
