import Testing
@testable import EventLog
@testable import StoreCore

/// A form with two text fields, a secret one and a toggle, all set by one binding action.
struct Form: Reducer {
  struct State: Codable, Equatable, Sendable, BindableState, Redactable {
    var name = ""
    var password = ""
    var remember = false
    var submitted = 0

    func redacted() -> Self {
      var copy = self
      if !copy.password.isEmpty { copy.password = Redaction.placeholder }
      return copy
    }

    static let bindableFields: BindableFields<Self> = [
      .field("name", \.name),
      .secret("password", \.password),
      .field("remember", \.remember),
    ]
  }
  enum Action: Codable, Equatable, Sendable, BindableAction, Redactable {
    case binding(BindingAction<State>)
    case submitTapped

    func redacted() -> Self {
      if case .binding(let binding) = self { return .binding(binding.redacted()) }
      return self
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      if case .submitTapped = action { state.submitted += 1 }
      return .none
    }
  }
}

@MainActor
struct BindingActionTests {
  @Test func oneActionSetsAnyField() async {
    let store = TestStore(initialState: Form.State(), reducer: Form())
    await store.send(.binding(.set(\.name, "son"))) { $0.name = "son" }
    await store.send(.binding(.set(\.password, "pw"))) { $0.password = "pw" }
    await store.send(.binding(.set(\.remember, true))) { $0.remember = true }
    await store.send(.submitTapped) { $0.submitted = 1 }
    await store.finish()
  }

  @Test func aReducerMatchesTheFieldABindingSetsByItsKeyPath() {
    // Issue 49, point 9: `case .binding(\.field)`, as TCA writes it.
    func changedField(_ action: Form.Action) -> String {
      switch action {
      case .binding(\.name): "name"
      case .binding(\.remember): "remember"
      case .binding: "another field"
      case .submitTapped: "none"
      }
    }
    #expect(changedField(.binding(.set(\.name, "son"))) == "name")
    #expect(changedField(.binding(.set(\.remember, true))) == "remember")
    #expect(changedField(.binding(.set(\.password, "pw"))) == "another field")
    #expect(changedField(.submitTapped) == "none")
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    #expect(BindingAction<Form.State>.set(\.name, "a") == .set(\.name, "a"))
    #expect(BindingAction<Form.State>.set(\.name, "a") != .set(\.name, "b"))
    #expect(BindingAction<Form.State>.set(\.name, "a") != .set(\.password, "a"))
    #expect(Form.Action.binding(.set(\.remember, true)).binding == .set(\.remember, true))
    #expect(Form.Action.submitTapped.binding == nil)
  }

  @Test func itIsLoggedByTheFieldsNameAndReadBack() throws {
    let encoder = LogJSONEncoder()
    let action = Form.Action.binding(.set(\.name, "son"))
    let json = String(decoding: try encoder.encode(action), as: UTF8.self)
    #expect(json == #"{"binding":{"_0":{"name":"son"}}}"#)
    let decoded = try LogJSONDecoder().decode(Form.Action.self, from: Array(json.utf8))
    #expect(decoded == action)
    let toggle = try LogJSONDecoder().decode(Form.Action.self, from: Array(#"{"binding":{"_0":{"remember":true}}}"#.utf8))
    #expect(toggle == .binding(.set(\.remember, true)))
  }

  @Test func aSecretFieldIsLoggedRedacted() throws {
    let action = Form.Action.binding(.set(\.password, "hunter2"))
    let json = String(decoding: try LogJSONEncoder().encode(Redaction.apply(action)), as: UTF8.self)
    #expect(json == #"{"binding":{"_0":{"password":"\#(Redaction.placeholder)"}}}"#)
    #expect(!json.contains("hunter2"))
  }

  @Test func anUnknownFieldOrAWrongValueIsRefusedWithItsName() {
    #expect {
      try LogJSONDecoder().decode(Form.Action.self, from: Array(#"{"binding":{"_0":{"nmae":"x"}}}"#.utf8))
    } throws: { error in
      "\(error)".contains("'nmae' is not a bindable field of State: name, password, remember")
    }
    #expect(throws: (any Error).self) {
      try LogJSONDecoder().decode(Form.Action.self, from: Array(#"{"binding":{"_0":{"remember":"yes"}}}"#.utf8))
    }
  }
}
