/// A type-erased, sendable cancellation id.
///
/// Ids compare by type and value, so `CancelID.search` of one feature never collides with a
/// same-named case of another feature.
@usableFromInline
package struct CancelID: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline
  package init(_ id: some Hashable & Sendable) {
    self.base = id
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }
}

extension CancelID: CustomStringConvertible {
  @usableFromInline package var description: String { String(describing: base) }
}
