public import CasePathsCore

extension Case {
  /// A bindable field at the end of a case key path, as TCA names a binding in a test:
  /// `store.send(\.binding.title, "Milk")` sends `.binding(.set(\.title, "Milk"))`, and
  /// `store.receive(\.binding.title)` waits for a binding of that field. The field is one of the
  /// state's ``BindableState/bindableFields``.
  public subscript<Root: BindableState, Member: Codable & Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, Member>
  ) -> Case<Member> where Value == BindingAction<Root> {
    // NB: Dynamic member lookup cannot take a sendable key path (swiftlang/swift#77035), so the
    //     key path, which captures nothing, is made one here, as swift-case-paths does.
    let field = unsafeBitCast(keyPath, to: (any WritableKeyPath<Root, Member> & Sendable).self)
    return Case<Member>(
      embed: { self._embed(BindingAction.set(field, $0)) },
      extract: { root in
        guard let action = self._extract(from: root), field ~= action else { return nil }
        return action.value as? Member
      })
  }
}
