import Observation
import Testing
@testable import StoreCore

/// Counts the changes Observation reports to one `withObservationTracking`.
private final class Changes: @unchecked Sendable {
  var count = 0
}

/// `store.field` is observed field by field, as a SwiftUI view's body would read it.
@MainActor
struct ObservationTests {
  @Test func aReadOfOneFieldIsInvalidatedByItsChangeOnly() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let changes = Changes()
    let count = withObservationTracking { store.count } onChange: { changes.count += 1 }
    #expect(count == 0)
    store.send(.rename("b"))          // another field: not a change of `count`
    store.send(.note("also another"))
    #expect(changes.count == 0)
    store.send(.increment)
    #expect(changes.count == 1)
  }

  @Test func anActionThatLeavesTheFieldEqualIsNoChange() {
    let store = Store(initialState: Counter.State(count: 3), reducer: Counter())
    let changes = Changes()
    _ = withObservationTracking { store.count } onChange: { changes.count += 1 }
    store.send(.set(3))
    #expect(changes.count == 0)
    store.send(.set(4))
    #expect(changes.count == 1)
  }

  @Test func eachTrackingSeesTheFieldsItRead() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let labelChanges = Changes()
    let bothChanges = Changes()
    _ = withObservationTracking { store.label } onChange: { labelChanges.count += 1 }
    _ = withObservationTracking { (store.label, store.count) } onChange: { bothChanges.count += 1 }
    store.send(.increment)
    #expect(labelChanges.count == 0)
    #expect(bothChanges.count == 1)
    store.send(.rename("x"))
    #expect(labelChanges.count == 1)
  }

  @Test func aDerivedFieldIsObservedByItsValue() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let changes = Changes()
    _ = withObservationTracking { store.isEven } onChange: { changes.count += 1 }
    store.send(.set(2))               // still even
    #expect(changes.count == 0)
    store.send(.set(3))
    #expect(changes.count == 1)
  }

  @Test func aViewThatReadsAgainHearsOfTheNextChangeToo() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let first = Changes()
    _ = withObservationTracking { store.count } onChange: { first.count += 1 }
    store.send(.increment)
    store.send(.increment)   // the first observation has ended: one change heard
    #expect(first.count == 1)
    let second = Changes()
    _ = withObservationTracking { store.count } onChange: { second.count += 1 }
    store.send(.increment)
    #expect(second.count == 1)
    #expect(first.count == 1)
  }

  @Test func anObservedFieldIsWatchedByOneBindingOnTheStore() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    _ = withObservationTracking { (store.count, store.label) } onChange: {}
    _ = withObservationTracking { store.count } onChange: {}
    #expect(store.bindings.count == 2)
  }

  @Test func aReadOfTheWholeStateIsInvalidatedByTheNextAction() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let changes = Changes()
    let count = withObservationTracking { store.state.count } onChange: { changes.count += 1 }
    #expect(count == 0)
    store.send(.rename("b"))   // a copy of the state was read: any change is heard
    #expect(changes.count == 1)
    store.send(.increment)     // that observation has ended
    #expect(changes.count == 1)
    let again = Changes()
    _ = withObservationTracking { store.state.label } onChange: { again.count += 1 }
    store.send(.increment)
    #expect(again.count == 1)
  }

  @Test func aReadOfTheWholeStateDoesNotWakeObserversOfOneField() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let fieldChanges = Changes()
    _ = withObservationTracking { store.count } onChange: { fieldChanges.count += 1 }
    _ = store.state
    store.send(.rename("b"))
    #expect(fieldChanges.count == 0)
    #expect(!store.isStateObserved)
  }
}
