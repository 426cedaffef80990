/// The amount-input validator: what the user types, and the line shown under the field.
///
/// ```swift
/// let store = Store(initialState: AmountInput.State(), reducer: AmountInput())
/// let binding = store.bind(\.output) { label.text = $0 }
/// store.send(.textChanged("1234"))      // label.text == "1,234₩"
/// store.send(.textChanged("12a"))       // "숫자만 입력해주세요"
/// store.send(.textChanged("5000000"))   // "백만원 이하를 입력해주세요."
/// ```
///
/// The rules, in order (see ``output(for:messages:)``):
/// 1. nil or empty gives `""`;
/// 2. not an integer gives ``Messages/amountNotANumber``;
/// 3. outside 1...1,000,000 gives ``Messages/amountOutOfRange``;
/// 4. otherwise the digits with `,` every three places and `₩` (``Messages/amount``).
///
/// JSON: state `{"text":"1234","output":"1,234₩"}`, action `{"textChanged":{"_0":"1234"}}`
/// (`{"textChanged":{}}` for nil).
public struct AmountInput: Reducer {
  public struct State: Codable, Equatable, Sendable {
    /// What the text field holds; nil when it has no text at all.
    public var text: String?
    /// The line under the field.
    public var output: String

    public init(text: String? = nil, output: String = "") {
      self.text = text
      self.output = output
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    /// The text field changed.
    case textChanged(String?)
  }

  /// The texts `output` is written in.
  public let messages: Messages

  public init(messages: Messages = .korean) {
    self.messages = messages
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(text):
      state.text = text
      state.output = Self.output(for: text, messages: messages)
      return .none
    }
  }
}
