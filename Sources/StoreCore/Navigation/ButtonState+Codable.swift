extension ButtonState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case label, role, action
  }

  /// Reads `{"label": …, "role": …, "action": …}`; a missing `role` or `action` is `nil`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      label: try container.decode(String.self, forKey: .label),
      role: try container.decodeIfPresent(ButtonStateRole.self, forKey: .role),
      action: try container.decodeIfPresent(Action.self, forKey: .action)
    )
  }

  /// Writes `{"label":"Log out","role":"destructive","action":{"confirmLogout":{}}}`, leaving
  /// out a `nil` role or action so that a log line says only what the button has.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encodeIfPresent(role, forKey: .role)
    try container.encodeIfPresent(action, forKey: .action)
  }
}
