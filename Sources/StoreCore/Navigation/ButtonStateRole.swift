/// What a button does to the thing it answers, so that the view can style it and place it the
/// way the platform expects (a cancel button last, or apart; a destructive one in red).
///
/// A button with no role (`nil`) is an ordinary choice. Logged by name: `"cancel"`,
/// `"destructive"`.
public enum ButtonStateRole: String, CaseIterable, Hashable, Sendable {
  /// Backs out without doing anything. The platform may also pick this button when the user
  /// dismisses the alert another way (Escape, a tap outside).
  case cancel
  /// Destroys or discards something the user cannot easily get back.
  case destructive
}

extension ButtonStateRole: Codable {
  /// Reads a role by its name. A name that is not a role throws a `DecodingError` that names it
  /// and lists the roles, rather than trapping, since log lines can be typed by hand.
  public init(from decoder: any Decoder) throws {
    self = try Self.decodeNamedCase(from: decoder, kind: "a button role")
  }

  /// Writes the role's name, e.g. `"destructive"`.
  public func encode(to encoder: any Encoder) throws {
    try encodeName(to: encoder)
  }
}
