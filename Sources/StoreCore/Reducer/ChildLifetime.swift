/// The cancel id under which `ifLet`, `ifCaseLet` and `forEach` run a child's effects, so that
/// they can cancel them when the child goes away.
///
/// One child is one place in the parent's state (`place`: its key path, or the case it lives
/// in) and, when the child state is `Identifiable` or an element of a collection, its id: a
/// sheet closed and opened again with a new value is a new child, and the old one's effects
/// are cancelled.
// NB: Unchecked, because `AnyHashable` is not `Sendable`. It holds key paths (`Sendable`) and
//     the ids of the reducers' own state, and the effect runtime reads it on the main actor only.
@usableFromInline
struct ChildLifetime: Hashable, @unchecked Sendable {
  let place: AnyHashable
  let id: AnyHashable?

  init(place: some Hashable, id: AnyHashable?) {
    self.place = AnyHashable(place)
    self.id = id
  }

  /// A child at `place`, identified by its own `id` when its state is `Identifiable`.
  @usableFromInline
  static func of<ChildState>(_ child: ChildState, at place: some Hashable) -> Self {
    guard let identifiable = child as? any Identifiable else { return Self(place: place, id: nil) }
    return Self(place: place, id: id(of: identifiable))
  }

  private static func id(of child: some Identifiable) -> AnyHashable {
    AnyHashable(child.id)
  }
}
