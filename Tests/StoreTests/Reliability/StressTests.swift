import Testing
@testable import EventLog
@testable import StoreCore

/// Many effects sending at once: nothing is lost, each source stays in order, and what
/// observers see agrees with the commits.
@MainActor
struct StressTests {
  struct Tally: Equatable, Sendable {
    var received: [[Int]] = Array(repeating: [], count: 8)
    var total = 0
  }

  enum Action: Sendable {
    case start
    case value(source: Int, index: Int)
  }

  nonisolated static let sources = 8
  nonisolated static let perSource = 10_000

  @Test func eightEffectsSendingTenThousandActionsEachLoseNothingAndKeepOrder() async {
    let reducer = Reduce<Tally, Action> { state, action in
      switch action {
      case .start:
        return .merge((0..<Self.sources).map { source in
          .run { send in
            for index in 0..<Self.perSource { await send(.value(source: source, index: index)) }
          }
        })
      case let .value(source, index):
        state.received[source].append(index)
        state.total += 1
        return .none
      }
    }
    let commits = SeqLog()
    let store = Store(initialState: Tally(), reducer: reducer, plugins: [commits])
    var observedTotals: [Int] = []
    let binding = store.lazyBind(\.total) { observedTotals.append($0) }

    await store.send(.start).finish()

    #expect(store.state.total == Self.sources * Self.perSource)
    for source in 0..<Self.sources {
      #expect(store.state.received[source] == Array(0..<Self.perSource), "source \(source) lost or reordered actions")
    }
    // Every commit after .start changed the total by one, so the binding saw each value once.
    #expect(observedTotals == Array(1...(Self.sources * Self.perSource)))
    #expect(commits.seqs == Array(1...UInt64(Self.sources * Self.perSource + 1)))
    #expect(commits.origins.dropFirst().allSatisfy { $0 == .effect })
    binding.cancel()
  }
}

/// Keeps only seq and origin: holding every committed state would make each append copy.
@MainActor
private final class SeqLog: StorePlugin {
  var seqs: [UInt64] = []
  var origins: [ActionOrigin] = []
  func didCommit(_ commit: Commit<StressTests.Tally, StressTests.Action>) {
    seqs.append(commit.seq)
    origins.append(commit.origin)
  }
}
