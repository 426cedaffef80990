import Store

enum SearchCancelID: Hashable, Sendable { case search }

/// A feature with one effect, to exercise the TestStore: `rename` searches after 300 ms on
/// `clock` (a new search cancels the last), and `increment` notes "bumped" at once.
func searchFeature(clock: VirtualClock) -> Scripted {
  Scripted { action in
    switch action {
    case let .rename(query):
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.note("results for \(query)"))
      }
      .cancellable(id: SearchCancelID.search, cancelInFlight: true)
    case .increment:
      return .send(.note("bumped"))
    default:
      return .none
    }
  }
}

extension Counter.Action {
  /// The `note` case, for receiving by case.
  static let notePath = ActionPath<Self, String>(
    embed: Self.note,
    extract: { if case let .note(text) = $0 { text } else { nil } }
  )
}
