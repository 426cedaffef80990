import Testing
@testable import EventLog
@testable import StoreCore

/// A state wide enough that its bindings use the byte-diff index.
struct Wide: Equatable, Sendable {
  var numbers = Array(repeating: 0, count: 4)
  var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0
  var i = 0, j = 0, k = 0, l = 0, m = 0, n = 0, o = 0, p = 0
  var name = "short"
  var flag: Bool? = nil
  var total: Int { a + b + c }

  @MainActor static let fields: [WritableKeyPath<Wide, Int>] = [
    \.a, \.b, \.c, \.d, \.e, \.f, \.g, \.h, \.i, \.j, \.k, \.l, \.m, \.n, \.o, \.p,
  ]
}

enum WideAction: Sendable {
  case set(Int, Int)
  case appendNumber(Int)
  case mutateNumber(Int, Int)
  case rename(String)
  case appendToName(String)
  case flag(Bool?)
}

@MainActor let wideReducer = Reduce<Wide, WideAction> { state, action in
  switch action {
  case let .set(field, value): state[keyPath: Wide.fields[field]] = value
  case let .appendNumber(value): state.numbers.append(value)
  case let .mutateNumber(index, value): state.numbers[index] = value
  case let .rename(name): state.name = name
  case let .appendToName(suffix): state.name.append(suffix)
  case let .flag(flag): state.flag = flag
  }
  return .none
}

@MainActor
struct IndexedBindingTests {
  @Test func onlyTheBindingOfTheChangedFieldIsNotified() {
    let store = Store(initialState: Wide(), reducer: wideReducer)
    var notified: [Int] = []
    var bindings: Set<StoreBinding> = []
    for (index, field) in Wide.fields.enumerated() {
      store.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    #expect(store.bindings.count >= BindingTable<Wide>.indexThreshold)
    for round in 1...3 {
      for field in Wide.fields.indices { store.send(.set(field, round)) }
    }
    #expect(notified == Array(Wide.fields.indices) + Array(Wide.fields.indices) + Array(Wide.fields.indices))
  }

  @Test(arguments: [
    WideAction.appendNumber(9), .mutateNumber(2, 7), .rename("a much longer name than fits inline"),
    .appendToName("!"), .flag(true), .flag(false),
  ])
  func inPlaceMutationsOfReferenceFieldsAreSeenThroughTheIndex(action: WideAction) {
    let store = Store(initialState: Wide(), reducer: wideReducer)
    var bindings: Set<StoreBinding> = []
    for field in Wide.fields { store.lazyBind(field) { _ in }.store(in: &bindings) }
    var numbers: [[Int]] = []
    var names: [String] = []
    var flags: [Bool?] = []
    store.lazyBind(\.numbers) { numbers.append($0) }.store(in: &bindings)
    store.lazyBind(\.name) { names.append($0) }.store(in: &bindings)
    store.lazyBind(\.flag) { flags.append($0) }.store(in: &bindings)
    store.send(action)
    store.send(action)
    let changes = numbers.count + names.count + flags.count
    switch action {
    case .appendNumber, .appendToName:
      #expect(changes == 2)  // each send changes the value again
    default:
      #expect(changes == 1)  // the second send leaves the value equal
    }
  }

  @Test func computedAndIndexedBindingsWorkTogether() {
    let store = Store(initialState: Wide(), reducer: wideReducer)
    var bindings: Set<StoreBinding> = []
    for field in Wide.fields { store.lazyBind(field) { _ in }.store(in: &bindings) }
    var totals: [Int] = []
    store.lazyBind(\.total) { totals.append($0) }.store(in: &bindings)
    store.send(.set(0, 1))
    store.send(.set(5, 1))  // not part of the total
    store.send(.set(2, 4))
    #expect(totals == [1, 5])
  }

  @Test func cancellingBelowTheThresholdFallsBackToScanning() {
    let store = Store(initialState: Wide(), reducer: wideReducer)
    var bindings: [StoreBinding] = []
    var seen: [Int] = []
    for (index, field) in Wide.fields.enumerated() {
      bindings.append(store.lazyBind(field) { _ in seen.append(index) })
    }
    for binding in bindings.dropFirst(2) { binding.cancel() }
    store.send(.set(0, 1))
    store.send(.set(1, 1))
    store.send(.set(3, 1))
    #expect(seen == [0, 1])
    for binding in bindings { binding.cancel() }
  }
}
