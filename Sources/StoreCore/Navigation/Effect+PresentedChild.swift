extension Effect {
  /// A presented child's effect as its parent runs it, shared by the presentation `ifLet` and
  /// the stack `forEach`:
  /// - its actions reach the parent through `embed`;
  /// - each of its runs reads a ``DismissEffect`` that sends `dismissal()` to the parent;
  /// - it lives as long as the child: cancelling `lifetime` ends it.
  ///
  /// A `.none` effect stays `.none`, so most child actions make no closures.
  func presentedChild<ParentAction>(
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissal: @escaping @Sendable () -> ParentAction,
    lifetime: ChildLifetime
  ) -> Effect<ParentAction> {
    guard !isNone else { return .none }
    return map(embed)
      .aroundEachRun { send, run in
        await DismissEffect.$presenter.withValue({ send(dismissal()) }) { await run() }
      }
      .cancellable(id: lifetime)
  }
}
