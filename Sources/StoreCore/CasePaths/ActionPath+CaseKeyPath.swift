public import CasePathsCore

extension ActionPath {
  /// A path from a case key path, as TCA code names a case: `ActionPath(\.signIn)`, or a case
  /// deeper down, `ActionPath(\.searchResponse.success)`.
  ///
  /// Each enum the key path goes through is `CasePathable`: an enum marked `@CasePathable`
  /// (the macro of swift-case-paths' `CasePaths` product), `Result`, `Optional`, or Refold's own
  /// ``PresentationAction``, ``StackAction`` and ``IdentifiedAction``. A binding's field ends a
  /// path too: `\.binding.title`.
  ///
  /// A path made from the case's constructor (`ActionPath(Action.signIn)`) needs no macro;
  /// this one reads through the closures the macro wrote.
  public init(_ casePath: CaseKeyPath<Root, Value>) {
    let path = AnyCasePath(casePath)
    self.init(embed: path.embed, extract: path.extract(from:))
  }
}
