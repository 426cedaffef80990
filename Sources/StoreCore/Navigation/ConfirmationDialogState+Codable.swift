extension ConfirmationDialogState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case title, titleVisibility, message, buttons
  }

  /// Reads `{"title": …, "titleVisibility": …, "message": …, "buttons": […]}`. A missing
  /// `titleVisibility` is `automatic`, a missing `message` is `nil`, missing `buttons` are none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decode(String.self, forKey: .title),
      titleVisibility: try container.decodeIfPresent(
        ConfirmationDialogTitleVisibility.self, forKey: .titleVisibility) ?? .automatic,
      message: try container.decodeIfPresent(String.self, forKey: .message),
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? []
    )
  }

  /// Writes the title, the visibility unless it is the default `automatic`, the message unless
  /// it is `nil`, and the buttons (see ``ButtonState``): a log line says only what differs from
  /// a plain dialog.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    if titleVisibility != .automatic {
      try container.encode(titleVisibility, forKey: .titleVisibility)
    }
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}
