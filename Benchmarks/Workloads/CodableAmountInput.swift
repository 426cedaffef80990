public import Reducers
public import Store

extension Bench {
  /// `AmountInput` with an action that reads itself only through `Decodable`: W5's
  /// `refold-distinct-codable` replays `refold-distinct`'s log with it, so that every action is
  /// parsed by the JSON backend (json-c, or the Swift parser with `REFOLD_JSON_BACKEND=swift`)
  /// and decoded from the tree, as a feature without `LogDecodable` is.
  public struct CodableAmountInput: Reducer {
    public typealias State = AmountInput.State

    /// `AmountInput.Action`'s cases and JSON (`{"textChanged":{"_0":"1234"}}`), without its
    /// `LogDecodable` conformance.
    public enum Action: Codable, Equatable, Sendable {
      case textChanged(String?)
    }

    let base = AmountInput()

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .textChanged(let text):
        _ = base.reduce(into: &state, action: .textChanged(text))
        return .none
      }
    }
  }
}
