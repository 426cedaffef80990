extension Effect {
  /// A presented child's effect as its parent runs it, shared by the presentation `ifLet` and
  /// the stack `forEach`:
  /// - its actions reach the parent through `embed`;
  /// - each of its runs reads a ``DismissEffect`` that sends `dismissal()` to the parent;
  /// - it lives as long as the child: cancelling `lifetime` ends it.
  ///
  /// Callers test `isNone` first: the closures they pass are allocated before this runs, and
  /// most child actions start nothing.
  func presentedChild<ParentAction>(
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissal: @escaping @Sendable () -> ParentAction,
    lifetime: ChildLifetime
  ) -> Effect<ParentAction> {
    map(embed)
      .aroundEachRun { send, run in
        await DismissEffect.$presenter.withValue(DismissEffect { send(dismissal()) }) { await run() }
      }
      .cancellable(id: lifetime)
  }
}
