import Foundation
import Observation
import StateObservation
import Store
@testable import StoreCore
import Testing

/// `store.state.field` is observed field by field when the state is `@ObservableState`, as a
/// SwiftUI view's body would read it.
@MainActor
struct ObservableStateTests {
  @Test func aReadOfOneFieldThroughStateIsInvalidatedByItsChangeOnly() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let changes = Changes()
    let name = withObservationTracking { store.state.name } onChange: { changes.count += 1 }
    #expect(name == "")
    store.send(.birthday)
    store.send(.tag("swift"))
    #expect(changes.count == 0)
    store.send(.rename("Ana"))
    #expect(changes.count == 1)
  }

  @Test func aPlainOldDataStateIsObservedFieldByFieldAndStaysPlainOldData() {
    #expect(_isPOD(Position.self))
    let store = Store(initialState: Position(), reducer: Walk())
    let changes = Changes()
    _ = withObservationTracking { store.state.x } onChange: { changes.count += 1 }
    store.send(.up)
    #expect(changes.count == 0)
    store.send(.right)
    #expect(changes.count == 1)
  }

  @Test func aWriteThatLeavesTheFieldEqualIsNoChange() {
    let store = Store(initialState: Profile(name: "Ana", age: 30, id: 1), reducer: ProfileFeature())
    let changes = Changes()
    _ = withObservationTracking { store.state.name } onChange: { changes.count += 1 }
    store.send(.rename("Ana"))
    #expect(changes.count == 0)
    store.send(.rename("Bo"))
    #expect(changes.count == 1)
  }

  @Test func aReadOfAComputedPropertyObservesTheFieldsItReads() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let changes = Changes()
    _ = withObservationTracking { store.state.greeting } onChange: { changes.count += 1 }
    store.send(.birthday)
    #expect(changes.count == 0)
    store.send(.rename("Ana"))
    #expect(changes.count == 1)
  }

  @Test func aReadBelowTheFirstLevelObservesItsTopLevelField() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let changes = Changes()
    _ = withObservationTracking { store.state.child.title } onChange: { changes.count += 1 }
    store.send(.rename("Ana"))
    #expect(changes.count == 0)
    store.send(.retitle("Milk"))
    #expect(changes.count == 1)
  }

  @Test func aReplacedStateTellsTheReadersOfWhatChanged() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let nameChanges = Changes()
    let ageChanges = Changes()
    _ = withObservationTracking { store.state.name } onChange: { nameChanges.count += 1 }
    _ = withObservationTracking { store.state.age } onChange: { ageChanges.count += 1 }
    store.send(.replace(Profile(name: "", age: 31, id: 2)))
    #expect(nameChanges.count == 0)
    #expect(ageChanges.count == 1)
  }

  @Test func anIgnoredFieldIsNotObserved() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let changes = Changes()
    _ = withObservationTracking { store.state.draft } onChange: { changes.count += 1 }
    store.send(.draft("typed"))
    #expect(changes.count == 0)
    #expect(store.state.draft == "typed")
  }

  @Test func aFieldThatIsNotEquatableObservesTheWholeState() {
    let store = Store(initialState: WithOpaque(), reducer: Reduce<WithOpaque, PositionAction> { state, _ in
      state.count += 1
      return .none
    })
    let changes = Changes()
    _ = withObservationTracking { store.state.opaque.value } onChange: { changes.count += 1 }
    store.send(.up)
    #expect(changes.count == 1)
  }

  @Test func aScopedStoreObservesTheChildsFieldsOneByOne() {
    let store = Store(initialState: Profile(age: 30, id: 1), reducer: ProfileFeature())
    let child = store.scope(state: \.child, action: { (_: Never) -> ProfileAction in })
    let changes = Changes()
    _ = withObservationTracking { child.state.done } onChange: { changes.count += 1 }
    store.send(.retitle("Milk"))
    store.send(.rename("Ana"))
    #expect(changes.count == 0)
    store.send(.replace(Profile(age: 30, id: 1, child: Child(title: "Milk", done: true))))
    #expect(changes.count == 1)
  }

  @Test func aCopySentBackToItsStoreIsNotWatchedWhenTheReducerReadsIt() {
    let store = Store(initialState: Profile(name: "Ana", age: 30, id: 1), reducer: ProfileFeature())
    var copy = store.state
    #expect(copy._$observation.isFromStore)
    copy.age = 31
    store.send(.replace(copy))
    // The store's state now carries the mark; the reducer reads `name` through it.
    store.send(.copyNameToDraft)
    #expect(store.state.draft == "Ana")
    #expect(store.bindings.count == 0, "the reducer's read was watched as a view's")
    // A view's read still is.
    let changes = Changes()
    _ = withObservationTracking { store.state.age } onChange: { changes.count += 1 }
    store.send(.birthday)
    #expect(changes.count == 1)
  }

  @Test func aCopyThatOutlivesItsStoreReadsQuietly() {
    var copy: Profile?
    do {
      let store = Store(initialState: Profile(name: "Ana", age: 30, id: 1), reducer: ProfileFeature())
      copy = store.state
    }
    let changes = Changes()
    let name = withObservationTracking { copy?.name } onChange: { changes.count += 1 }
    #expect(name == "Ana")
  }

  @Test func readsOnAnotherThreadAreNotReported() async {
    let store = Store(initialState: Profile(name: "Ana", age: 30, id: 1), reducer: ProfileFeature())
    let copy = store.state
    let name = await Task.detached { copy.name }.value
    #expect(name == "Ana")
  }

  @Test func aBindingOnAFieldWatchesItsStorageBytes() {
    let store = Store(initialState: Position(), reducer: Walk())
    var seen: [Int] = []
    let binding = store.bind(\.x) { seen.append($0) }
    store.send(.up)
    store.send(.right)
    #expect(seen == [0, 1])
    // Indexed by the bytes of `_x`, not scanned on every action as a computed property is.
    #expect(store.bindings.indexed.count == 1)
    #expect(store.bindings.scanned.isEmpty)
    _ = binding
  }
}
