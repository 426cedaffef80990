/// The greeting: a tap shows `"Hello First Last"`.
///
/// The tutorial put this view model behind a protocol so that the view could be tested with a
/// fake. With Refold the store is the view model; ``GreetingViewModel`` shows how a view keeps
/// depending on the protocol only.
///
/// ```swift
/// let store = Store(initialState: Greeting.State(person: Person(firstName: "David", lastName: "Blaine")),
///                   reducer: Greeting())
/// store.send(.showGreetingTapped)   // store.state.greeting == "Hello David Blaine"
/// ```
public struct Greeting: Reducer {
  /// JSON: `{"person":{"firstName":"David","lastName":"Blaine"},"greeting":"Hello David Blaine"}`
  /// (no `greeting` key before the tap).
  public struct State: Codable, Equatable, Sendable {
    public var person: Person
    /// Nil until the greeting is shown.
    public var greeting: String?

    public init(person: Person = Person(firstName: "David", lastName: "Blaine"), greeting: String? = nil) {
      self.person = person
      self.greeting = greeting
    }
  }

  /// JSON: `{"showGreetingTapped":{}}`.
  public enum Action: Codable, Equatable, Sendable {
    case showGreetingTapped
  }

  /// The texts `greeting` is written in.
  public let messages: Messages

  public init(messages: Messages = .korean) {
    self.messages = messages
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .showGreetingTapped:
      state.greeting = messages.greeting(state.person.firstName, state.person.lastName)
      return .none
    }
  }
}
