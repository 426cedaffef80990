import Foundation
import Testing
@testable import StoreCore

/// A feature that draws an id, a date and a die roll through dependencies, and asks for the
/// same id from an effect.
struct Ledger: Reducer {
  struct Entry: Codable, Equatable, Sendable {
    var id: UUID
    var at: Date
    var roll: Int
  }
  struct State: Codable, Equatable, Sendable {
    var entries: [Entry] = []
    var echoed: [UUID] = []
  }
  enum Action: Codable, Equatable, Sendable {
    case add
    case addAndEcho
    case echoed(UUID)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.withRandomNumberGenerator) var random

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.entries.append(Entry(id: uuid(), at: date.now, roll: random { Int.random(in: 1...6, using: &$0) }))
      return .none
    case .addAndEcho:
      state.entries.append(Entry(id: uuid(), at: date.now, roll: 0))
      return .run { send in
        // Read in the effect, on another thread: the store's dependencies, and not taped.
        @Dependency(\.uuid) var uuid
        await send(.echoed(uuid()))
      }
    case .echoed(let id):
      state.echoed.append(id)
      return .none
    }
  }
}

extension UUID {
  static func counting(_ count: UInt64) -> UUID { UUID(counting: count) }
}

let fixedDate = Date(timeIntervalSinceReferenceDate: 785_000_000.25)

@MainActor
struct DependencyTests {
  @Test func aStoreHandsItsReducerAndItsEffectsTheDependenciesItWasGiven() async {
    let store = Store(initialState: Ledger.State(), reducer: Ledger()) {
      $0.uuid = .incrementing
      $0.date = .constant(fixedDate)
      $0.withRandomNumberGenerator = .seeded(7)
    }
    store.send(.add)
    await store.send(.addAndEcho).finish()
    #expect(store.state.entries.map(\.id) == [.counting(0), .counting(1)])
    #expect(store.state.entries.allSatisfy { $0.at == fixedDate })
    #expect(store.state.echoed == [.counting(2)])
  }

  @Test func aSeededGeneratorGivesTheSameRollsEveryTime() {
    func rolls() -> [Int] {
      let store = Store(initialState: Ledger.State(), reducer: Ledger()) {
        $0.uuid = .incrementing
        $0.date = .constant(fixedDate)
        $0.withRandomNumberGenerator = .seeded(42)
      }
      for _ in 0..<20 { store.send(.add) }
      return store.state.entries.map(\.roll)
    }
    let first = rolls()
    #expect(first == rolls())
    #expect(Set(first).count > 1)
  }

  @Test func withDependenciesReachesAStoreMadeInside() {
    let store = withDependencies {
      $0.uuid = .constant(.counting(9))
      $0.date = .constant(fixedDate)
      $0.withRandomNumberGenerator = .seeded(1)
    } operation: {
      Store(initialState: Ledger.State(), reducer: Ledger())
    }
    store.send(.add)
    #expect(store.state.entries.first?.id == .counting(9))
  }

  @Test func aStoresOwnOverrideWinsOverTheSurroundingOnes() {
    let store = withDependencies {
      $0.uuid = .constant(.counting(9))
      $0.date = .constant(fixedDate)
      $0.withRandomNumberGenerator = .seeded(1)
    } operation: {
      Store(initialState: Ledger.State(), reducer: Ledger()) { $0.uuid = .constant(.counting(3)) }
    }
    store.send(.add)
    #expect(store.state.entries.first?.id == .counting(3))
    #expect(store.state.entries.first?.at == fixedDate)
  }

  @Test func aTestThatForgetsToOverrideAGeneratorFails() {
    let store = Store(initialState: Ledger.State(), reducer: Ledger())
    withKnownIssue {
      store.send(.add)
    } matching: { issue in
      issue.description.contains(#"Unimplemented: @Dependency(\."#)
    }
  }
}

@MainActor
struct TestStoreDependencyTests {
  @Test func aTestStoreTakesItsOverridesPerTest() async {
    let store = TestStore(initialState: Ledger.State(), reducer: Ledger()) {
      $0.uuid = .incrementing
      $0.date = .constant(fixedDate)
      $0.withRandomNumberGenerator = .seeded(5)
    }
    var seeded = SeededGenerator(state: 5)
    let roll = Int.random(in: 1...6, using: &seeded)
    await store.send(.add) {
      $0.entries = [Ledger.Entry(id: .counting(0), at: fixedDate, roll: roll)]
    }
    await store.send(.addAndEcho) {
      $0.entries.append(Ledger.Entry(id: .counting(1), at: fixedDate, roll: 0))
    }
    await store.receive(.echoed(.counting(2))) { $0.echoed = [.counting(2)] }
    await store.finish()
  }
}
