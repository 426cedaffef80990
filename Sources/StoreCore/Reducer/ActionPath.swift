/// How a child's action sits inside its parent's action: a way in (`embed`) and a way out
/// (`extract`). `Scope`, `forEach`, `ifLet` and `ifCaseLet` use it to route actions, and
/// `ifCaseLet` to find a case of an enum state.
///
/// Usually derived from the case's constructor (``init(_:)``), which is what passing
/// `action: Action.amountInput` to `Scope` does. Written out by hand, it needs no reflection:
///
/// ```swift
/// extension AppFeature.Action {
///   static let amountInputPath = ActionPath(
///     embed: Self.amountInput,
///     extract: { if case let .amountInput(action) = $0 { action } else { nil } }
///   )
/// }
/// ```
///
/// Neither form needs a macro, so the package builds without swift-syntax.
public struct ActionPath<Root, Value>: Sendable {
  public let embed: @Sendable (Value) -> Root
  public let extract: @Sendable (Root) -> Value?

  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}

extension ActionPath where Root == Value {
  /// The whole action: `Scope(state: \.counter, action: .identity) { Counter() }` runs a
  /// reducer of the same actions on part of the state.
  ///
  /// Not `{ $0 }`: a closure passed where a case constructor is expected is read as one
  /// (``init(_:)``), and a closure that is not a case constructor never extracts anything.
  public static var identity: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}
