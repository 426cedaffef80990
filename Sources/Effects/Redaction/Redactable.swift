/// A value that can hide its secrets before it leaves the process.
///
/// The event log's `Recorder`, the logging plugin and `refold run` write `redacted()` instead of
/// the value itself, so a password or a session token is never written in clear. Replace each
/// secret with ``Redaction/placeholder`` (or a value of its type that says nothing).
///
/// ```swift
/// extension SignIn.Action: Redactable {
///   public func redacted() -> Self {
///     switch self {
///     case .passwordChanged: .passwordChanged(Redaction.placeholder)
///     default: self
///     }
///   }
/// }
/// ```
///
/// Redaction must be idempotent (`x.redacted().redacted() == x.redacted()`), because a replayed
/// log is made of values that were redacted already and is checked against digests of them.
public protocol Redactable {
  func redacted() -> Self
}

/// The fixed text written in place of a secret.
public enum Redaction {
  public static let placeholder = "<redacted>"

  /// Returns `value.redacted()` when the value's type is ``Redactable``, and `value` otherwise.
  @inlinable
  public static func apply<Value>(_ value: Value) -> Value {
    (value as? any Redactable)?.redactedAsSelf() ?? value
  }
}

extension Redactable {
  @usableFromInline
  func redactedAsSelf<Value>() -> Value? { redacted() as? Value }
}
