/// Decodes one of a closed set of names (a button's role, a dialog's title visibility) so that a
/// hand-typed or older log line with a name this build does not know fails with that name and
/// the names it could have been, at the key where it was written, instead of the generic
/// "cannot initialize from invalid value" that a raw-value enum gives.
extension RawRepresentable where Self: CaseIterable, RawValue == String {
  static func decodeNamedCase(from decoder: any Decoder, kind: String) throws -> Self {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let value = Self(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "'\(name)' is not \(kind): \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
  }

  func encodeName(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
