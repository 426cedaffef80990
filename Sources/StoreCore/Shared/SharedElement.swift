import JSONCodec

/// Where a shared element lives (`$standups[id: id]`): the element of the identified array
/// that the key `parentID` holds whose `id` is `id`.
///
/// The registry keeps the array only; the element is read from it and written into it. Both
/// go through the array's JSON, where an element is the object whose `"id"` member is the
/// element's id, as a synthesized `Codable` writes an `Identifiable` value: a key read back from
/// a log (a replay, a test) knows the element's type but nothing of the array's, and JSON is
/// what both share. Writes to shared values are rare next to other actions, and each already
/// costs an encoding of the state (``SharedPropagation``).
struct SharedElement: Sendable, Hashable {
  let parentID: String
  /// The element's id, as JSON.
  let id: JSONValue

  /// The id as a key's id writes it: compact JSON (`"E621E1F8-…"`, `7`).
  var idText: String { id.description }

  /// An id's JSON read back from a key's id; `nil` when it is not JSON.
  static func parseID(_ text: Substring) -> JSONValue? {
    try? JSONParser.parse(text: String(text))
  }

  /// The element's JSON in the array's JSON; `nil` when the array holds none with this id.
  func element(in array: JSONValue) -> JSONValue? {
    array.arrayValue?.first { $0.objectValue?["id"] == id }
  }

  /// The array's JSON with the element replaced; `nil` when it holds none with this id.
  func replacing(in array: JSONValue, with element: JSONValue) -> JSONValue? {
    guard var elements = array.arrayValue, let index = elements.firstIndex(where: { $0.objectValue?["id"] == id })
    else { return nil }
    elements[index] = element
    return .array(elements)
  }

  /// The element of `array` (held typed, or as JSON), as `Value`.
  func value<Value: Decodable>(in array: any Sendable, as type: Value.Type) -> Value? {
    guard let json = Self.json(of: array), let element = element(in: json) else { return nil }
    return try? element.decode(as: Value.self)
  }

  /// The JSON of a value the registry holds, typed or as JSON.
  static func json(of value: any Sendable) -> JSONValue? {
    if let json = value as? JSONValue { return json }
    guard let encodable = value as? any Encodable else { return nil }
    return try? JSONValue(encoding: encodable)
  }
}
