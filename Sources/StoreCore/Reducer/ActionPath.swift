/// How a child's action sits inside its parent's action: a way in (`embed`) and a way out
/// (`extract`). `Scope`, `forEach` and `ifLet` use it to route actions.
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
/// It is written out by hand rather than derived with a macro, so the package builds without
/// swift-syntax.
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
