import Foundation
import StateObservation
import Store
import Testing

/// A form as TCA writes one: `@ObservableState`, and nothing listed by hand for its bindings.
@ObservableState
struct Draft: Codable, Equatable, Sendable {
  var title = ""
  var isDone = false
  @ObservationStateIgnored var revision = 0
}

struct DraftForm: Reducer {
  typealias State = Draft
  enum Action: Codable, Equatable, Sendable, BindableAction {
    case binding(BindingAction<Draft>)
  }
  var body: some Reducer<State, Action> {
    BindingReducer()
  }
}

/// A field no log can hold: not `Codable`, `Equatable` or `Sendable`.
final class Scratchpad {}

@ObservableState
struct Notes {
  var text = ""
  var scratchpad = Scratchpad()
}

/// A generic state: its list is built when asked (a generic type holds no static stored property).
@ObservableState
struct Pair<Value: Codable & Equatable & Sendable> {
  var first: Value
  var second: Value
}

/// A state that lists its own fields (a secret one) keeps its list.
@ObservableState
struct Credentials: Codable, Equatable, Sendable, BindableState {
  var user = ""
  var password = ""
  static let bindableFields: BindableFields<Self> = [.secret("password", \.password)]
}

@MainActor
struct ObservableStateBindingTests {
  @Test func everyTrackedFieldIsBindableByItsName() async throws {
    let store = TestStore(initialState: Draft(), reducer: DraftForm())
    await store.send(.binding(.set(\.title, "Milk"))) { $0.title = "Milk" }
    await store.send(.binding(.set(\.isDone, true))) { $0.isDone = true }
    let line = String(decoding: try LogJSONEncoder().encode(DraftForm.Action.binding(.set(\.title, "Eggs"))), as: UTF8.self)
    #expect(line == #"{"binding":{"_0":{"title":"Eggs"}}}"#)
    #expect(try LogJSONDecoder().decode(DraftForm.Action.self, from: Array(line.utf8)) == .binding(.set(\.title, "Eggs")))
  }

  @Test func anIgnoredFieldAndOneNoLogCanHoldAreNotBindable() {
    #expect(Draft.bindableFields.names == ["title", "isDone"])
    #expect(Notes.bindableFields.names == ["text"])
    #expect(Pair<Int>.bindableFields.names == ["first", "second"])
  }

  @Test func aStateWithItsOwnListKeepsIt() {
    #expect(Credentials.bindableFields.names == ["password"])
  }
}
