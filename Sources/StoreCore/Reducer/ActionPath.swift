/// How a child's action sits inside its parent's action: a way in (`embed`) and a way out
/// (`extract`). `Scope`, `forEach`, `ifLet` and `ifCaseLet` use it to route actions, and
/// `ifCaseLet` to find a case of an enum state.
///
/// Usually derived from the case's constructor (``init(_:)-((Value)->Root)``), which is what passing
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
  @usableFromInline let extraction: Extraction

  /// How `extract` reads: a closure given by hand, or the case `embed` constructs. The second
  /// needs no closure of its own, so a path built in a `body` for every action allocates nothing
  /// beyond its `embed`.
  @usableFromInline
  enum Extraction: Sendable {
    case closure(@Sendable (Root) -> Value?)
    case caseOfEmbed
  }

  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extraction = .closure(extract)
  }

  init(caseOf embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    self.extraction = .caseOfEmbed
  }

  /// The child's part of `root`, or nil when `root` is not of this path's case.
  @inlinable
  public func extract(_ root: Root) -> Value? {
    switch extraction {
    case let .closure(extract): extract(root)
    case .caseOfEmbed: EnumCase.extract(root, as: embed)
    }
  }
}

extension ActionPath where Root == Value {
  /// The whole action: `Scope(state: \.counter, action: .identity) { Counter() }` runs a
  /// reducer of the same actions on part of the state.
  ///
  /// Not `{ $0 }`: a closure passed where a case constructor is expected is read as one
  /// (``init(_:)-((Value)->Root)``), and a closure that is not a case constructor never extracts anything.
  public static var identity: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}
