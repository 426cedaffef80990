extension AlertState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case title, message, buttons
  }

  /// Reads `{"title": …, "message": …, "buttons": […]}`. The buttons are read as written, so
  /// that a logged alert replays exactly; a document with no `buttons` key gets the "OK" button
  /// that ``init(title:message:buttons:)`` gives.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decode(String.self, forKey: .title),
      message: try container.decodeIfPresent(String.self, forKey: .message)
    )
    if let buttons = try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) {
      self.buttons = buttons
    }
  }

  /// Writes the title, the message unless it is `nil`, and the buttons (see ``ButtonState``).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}
