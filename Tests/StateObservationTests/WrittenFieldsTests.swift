import InternalTestSupport
import StateObservation
import Store
@testable import StoreCore
import Testing

/// After a commit, the binding index compares only the fields an `@ObservableState` state's
/// setters wrote: every way a fold can change the state must still reach exactly the bindings
/// whose values changed.
@MainActor
struct WrittenFieldsTests {
  @Test func everyWayAFoldChangesAPlainOldDataStateNotifiesExactlyTheBindingsWhoseValuesChanged() {
    // Plain old data: `previous` is patched where the words compared differ.
    #expect(_isPOD(Ledger<Int16>.self))
    foldRandomly(Ledger<Int16>.self, seed: 0x5EED_F1E1_D5)
  }

  @Test func everyWayAFoldChangesAStateWithReferencesNotifiesExactlyTheBindingsWhoseValuesChanged() {
    // With a `String`: `previous` is assigned whole after each commit.
    #expect(!_isPOD(Ledger<String>.self))
    foldRandomly(Ledger<String>.self, seed: 0x5EED_F1E1_D6)
  }

  private func foldRandomly<Text: LedgerText>(_: Ledger<Text>.Type, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let store = Store(initialState: Ledger<Text>(), reducer: LedgerFeature(kept: Kept()))
    var watch = LedgerWatch(store)
    #expect(store.bindings.usesIndex)
    for round in 0..<600 {
      let action = LedgerAction.random(using: &random, store: store)
      store.send(action)
      let failures = watch.check(store.state)
      #expect(failures.isEmpty, "seed \(seed), round \(round), after \(action): \(failures)")
      if !failures.isEmpty { return }
    }
    // The tracked path was taken: the state carries the epoch stamped after the last commit.
    #expect(store.bindings.writtenFieldRanges != nil)
    #expect(store.bindings.stampedEpoch != 0)
  }

  @Test func onlyTheWrittenFieldsAreCompared() {
    // A write that goes around the setters is not noted, and the index does not see it: what
    // proves that the index trusts the marks (a store that compared everything would also
    // pass the test above). A noted write to the field is seen again.
    let store = Store(initialState: Ledger<Int16>(), reducer: LedgerFeature(kept: Kept()))
    var watch = LedgerWatch(store)
    store.send(.set(field: 0, value: 1))
    #expect(watch.check(store.state).isEmpty)
    #expect(watch.lastDelivered("n0") == 1)
    store.send(.writeAroundSetters(field: 3, value: 9))
    #expect(store.state.n3 == 9)
    #expect(watch.lastDelivered("n3") == nil)
    store.send(.set(field: 3, value: 10))
    #expect(watch.lastDelivered("n3") == 10)
  }

  @Test func fieldsThatShareAWordWithWhatNoSetterReportsAreComparedEveryCommit() throws {
    typealias State = Ledger<Int16>
    let size = MemoryLayout<State>.size
    let ranges = try #require(WrittenFieldRanges(of: State.self, watched: [0..<size]))
    let ignored = try #require(MemoryLayout<State>.offset(of: \State.note))
    let mark = try #require(State._$observationOffset)
    #expect(ranges.alwaysCompared.contains { $0.contains(ignored) })
    #expect(ranges.alwaysCompared.contains { $0.contains(mark) })
    let n0 = try #require(State._$trackedFields.first { $0.name == "n0" })
    let bit = try #require(n0.writeBit)
    let n0Ranges = ranges.ranges[ranges.starts[bit]..<ranges.starts[bit + 1]]
    #expect(n0Ranges.contains { $0.contains(n0.storageOffset!) })
    #expect(!ranges.alwaysCompared.contains { $0.contains(n0.storageOffset!) })
    // `flag` (one byte) shares its word with `small` and padding: the word is compared always.
    let flag = try #require(State._$trackedFields.first { $0.name == "flag" }?.storageOffset)
    #expect(ranges.alwaysCompared.contains { $0.contains(flag) })
  }
}

/// Sixteen `Int` fields, small fields that share words and leave padding, a text, a field the
/// macro ignores and a nested state: a binding on each. Plain old data or not, by its text.
@ObservableState
struct Ledger<Text: LedgerText>: Equatable, Sendable {
  var n0 = 0
  var n1 = 0
  var n2 = 0
  var n3 = 0
  var n4 = 0
  var n5 = 0
  var n6 = 0
  var n7 = 0
  var n8 = 0
  var n9 = 0
  var n10 = 0
  var n11 = 0
  var n12 = 0
  var n13 = 0
  var n14 = 0
  var n15 = 0
  var flag = false
  var small: UInt8 = 0
  var title = Text.choices[0]
  @ObservationStateIgnored var note = 0
  var child = Entry<Text>()

  static var numbers: [WritableKeyPath<Ledger, Int>] {
    [\.n0, \.n1, \.n2, \.n3, \.n4, \.n5, \.n6, \.n7, \.n8, \.n9, \.n10, \.n11, \.n12, \.n13, \.n14, \.n15]
  }
}

@ObservableState
struct Entry<Text: LedgerText>: Equatable, Sendable {
  var text = Text.choices[0]
  var done = false
}

/// A ledger's text: a `String` (a reference inside) or a number (plain old data).
protocol LedgerText: Hashable, Sendable {
  /// Three values to choose from; the first is the initial one.
  static var choices: [Self] { get }
}

extension String: LedgerText {
  static var choices: [String] { ["", "a", "b"] }
}

extension Int16: LedgerText {
  static var choices: [Int16] { [0, 1, 2] }
}

enum LedgerAction<Text: LedgerText>: Sendable, CustomStringConvertible {
  /// A write through a field's setter.
  case set(field: Int, value: Int)
  case setSmall(flag: Bool, small: UInt8)
  case retitle(Text)
  case setNote(Int)
  case retitleChild(Text)
  /// The state replaced whole by a value made outside the fold.
  case replace(Ledger<Text>)
  /// A copy taken in the fold, changed, and assigned back.
  case changeACopy(field: Int, value: Int)
  /// Writes, then the state put back to a copy taken before them.
  case writeThenRevert(field: Int)
  /// A copy kept by the reducer for later, then put back some commits on.
  case keep
  case restoreKept
  /// Stores into a field's storage, around its setter (`onlyTheWrittenFieldsAreCompared`).
  case writeAroundSetters(field: Int, value: Int)

  var description: String {
    switch self {
    case let .set(field, value): "set n\(field) = \(value)"
    case let .setSmall(flag, small): "setSmall(\(flag), \(small))"
    case let .retitle(title): "retitle(\(title))"
    case let .setNote(note): "setNote(\(note))"
    case let .retitleChild(title): "retitleChild(\(title))"
    case .replace: "replace"
    case let .changeACopy(field, value): "changeACopy n\(field) = \(value)"
    case let .writeThenRevert(field): "writeThenRevert n\(field)"
    case .keep: "keep"
    case .restoreKept: "restoreKept"
    case let .writeAroundSetters(field, value): "writeAroundSetters n\(field) = \(value)"
    }
  }

  /// Small values, so that a write often leaves a field as it was.
  @MainActor
  static func random(using random: inout SplitMix64, store: Store<Ledger<Text>, LedgerAction>) -> LedgerAction {
    let field = Int(random.next() % 16)
    let value = Int(random.next() % 3)
    switch random.next() % 11 {
    case 0, 1, 2: return .set(field: field, value: value)
    case 3: return .setSmall(flag: random.next() % 2 == 0, small: UInt8(random.next() % 3))
    case 4: return .retitle(Text.choices[Int(random.next() % 3)])
    case 5: return .setNote(value)
    case 6: return .retitleChild(Text.choices[Int(random.next() % 2)])
    case 7:
      // Either a fresh value or a copy read from the store earlier (which carries its mark).
      var replacement = random.next() % 2 == 0 ? Ledger() : store.state
      replacement[keyPath: Ledger<Text>.numbers[field]] = value
      return .replace(replacement)
    case 8: return .changeACopy(field: field, value: value)
    case 9: return .writeThenRevert(field: field)
    default: return random.next() % 2 == 0 ? .keep : .restoreKept
    }
  }
}

/// Where the reducer keeps a copy for `restoreKept`.
final class Kept<Text: LedgerText>: @unchecked Sendable {
  var ledger = Ledger<Text>()
}

struct LedgerFeature<Text: LedgerText>: Reducer {
  let kept: Kept<Text>

  var body: some Reducer<Ledger<Text>, LedgerAction<Text>> {
    Reduce { state, action in
      switch action {
      case let .set(field, value): state[keyPath: Ledger.numbers[field]] = value
      case let .setSmall(flag, small):
        state.flag = flag
        state.small = small
      case let .retitle(title): state.title = title
      case let .setNote(note): state.note = note
      case let .retitleChild(title): state.child.text = title
      case let .replace(ledger): state = ledger
      case let .changeACopy(field, value):
        var copy = state
        copy[keyPath: Ledger.numbers[field]] = value
        state = copy
      case let .writeThenRevert(field):
        let before = state
        state[keyPath: Ledger.numbers[field]] += 1
        state.title = Text.choices[2]
        state.child.done.toggle()
        state = before
      case .keep: kept.ledger = state
      case .restoreKept: state = kept.ledger
      case let .writeAroundSetters(field, value):
        let offset = Ledger<Text>._$trackedFields.first { $0.name == "n\(field)" }!.storageOffset!
        withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: value, toByteOffset: offset, as: Int.self) }
      }
      return .none
    }
  }
}

/// A binding on every field of the ledger, and what each delivered.
@MainActor
struct LedgerWatch<Text: LedgerText> {
  private let box = Deliveries<Text>()
  private var bindings: [StoreBinding] = []
  private var expected: [String: Int] = [:]

  init(_ store: Store<Ledger<Text>, LedgerAction<Text>>) {
    let box = box
    for (index, keyPath) in Ledger<Text>.numbers.enumerated() {
      bindings.append(store.lazyBind(keyPath) { box.record("n\(index)", $0) })
    }
    bindings.append(store.lazyBind(\.flag) { box.record("flag", $0) })
    bindings.append(store.lazyBind(\.small) { box.record("small", $0) })
    bindings.append(store.lazyBind(\.title) { box.record("title", $0) })
    bindings.append(store.lazyBind(\.note) { box.record("note", $0) })
    bindings.append(store.lazyBind(\.child) { box.record("child", $0) })
    expected = Self.values(of: store.state)
  }

  /// What the binding on `name` last delivered; `nil` before it delivered anything.
  func lastDelivered(_ name: String) -> Int? { box.last[name] }

  /// The fields whose bindings did not deliver exactly their change since the last check.
  mutating func check(_ state: Ledger<Text>) -> [String] {
    let now = Self.values(of: state)
    var failures: [String] = []
    for (name, value) in now.sorted(by: { $0.key < $1.key }) {
      let changed = value != expected[name]
      let calls = box.calls[name, default: 0]
      if changed && (calls != 1 || box.last[name] != value) {
        failures.append("\(name) changed to \(value), binding called \(calls) times, last with \(box.last[name].map(String.init) ?? "nothing")")
      } else if !changed && calls != 0 {
        failures.append("\(name) unchanged, binding called \(calls) times")
      }
    }
    expected = now
    box.calls = [:]
    return failures
  }

  /// Each field as a number (a hash for the text and the nested state).
  private static func values(of state: Ledger<Text>) -> [String: Int] {
    var values: [String: Int] = [:]
    for (index, keyPath) in Ledger<Text>.numbers.enumerated() { values["n\(index)"] = state[keyPath: keyPath] }
    values["flag"] = state.flag ? 1 : 0
    values["small"] = Int(state.small)
    values["title"] = state.title.hashValue
    values["note"] = state.note
    values["child"] = state.child.text.hashValue &+ (state.child.done ? 1 : 0)
    return values
  }
}

@MainActor
final class Deliveries<Text: LedgerText> {
  var calls: [String: Int] = [:]
  var last: [String: Int] = [:]

  func record(_ name: String, _ value: some Equatable) {
    calls[name, default: 0] += 1
    last[name] =
      switch value {
      case let number as Int: number
      case let flag as Bool: flag ? 1 : 0
      case let small as UInt8: Int(small)
      case let title as Text: title.hashValue
      case let child as Entry<Text>: child.text.hashValue &+ (child.done ? 1 : 0)
      default: -1
      }
  }
}
