import Synchronization

/// Which presentation of an alert or a dialog a value is: a number no other alert or dialog
/// made in this process has. The presentation `ifLet` compares it to tell an alert presented in
/// answer to another alert's button from that alert, even when both read the same.
///
/// It is never compared, hashed, encoded nor shown in a diff: two alerts that read the same are
/// equal, and a decoded alert is a new presentation.
@usableFromInline
struct PresentationToken: Hashable, Sendable {
  private let value: UInt64

  /// A token no other value has had in this process.
  static func next() -> Self {
    Self(value: presentationTokens.add(1, ordering: .relaxed).newValue)
  }
}

/// Alerts and dialogs: the ephemeral states that know which presentation they are.
protocol PresentationIdentified {
  var presentationToken: PresentationToken { get }
}

private let presentationTokens = Atomic<UInt64>(0)

/// What makes a presented child ephemeral (dismissed once any of its actions has reached the
/// parent), and which presentation it is.
@usableFromInline
struct Ephemerality: Equatable {
  /// The alert's or dialog's token; nil for another ``EphemeralState``.
  let token: PresentationToken?

  /// `child`'s, or nil when it is not ephemeral. It is when it is an ``EphemeralState``, or an
  /// enum (a feature's destinations) whose current case holds one, as TCA decides.
  @usableFromInline
  static func of<Child>(_ child: Child) -> Self? {
    guard let ephemeral = child as? any EphemeralState ?? enumPayload(of: child) as? any EphemeralState
    else { return nil }
    return Self(token: (ephemeral as? any PresentationIdentified)?.presentationToken)
  }

  /// The value the current case of enum `value` holds; nil for a case without one or another
  /// kind of value.
  // NB: Only for a presented child's own actions: the parent's other actions never get here.
  private static func enumPayload(of value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .enum ? mirror.children.first?.value : nil
  }
}
