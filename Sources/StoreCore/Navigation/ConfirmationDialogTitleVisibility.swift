/// Whether a confirmation dialog shows its title. The title is still given either way: it names
/// the dialog for accessibility, and a platform that always shows titles uses it.
///
/// Logged by name: `"automatic"`, `"visible"`, `"hidden"`.
public enum ConfirmationDialogTitleVisibility: String, CaseIterable, Hashable, Sendable {
  /// The platform decides, as it does for a dialog that says nothing.
  case automatic
  /// The title is shown.
  case visible
  /// The title is not shown: the buttons speak for themselves.
  case hidden
}

extension ConfirmationDialogTitleVisibility: Codable {
  /// Reads a visibility by its name. A name that is not one throws a `DecodingError` that names
  /// it and lists the valid ones, rather than trapping.
  public init(from decoder: any Decoder) throws {
    self = try Self.decodeNamedCase(from: decoder, kind: "a title visibility")
  }

  /// Writes the visibility's name, e.g. `"visible"`.
  public func encode(to encoder: any Encoder) throws {
    try encodeName(to: encoder)
  }
}
