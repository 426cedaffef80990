import Foundation
import JSONCodec
import Store

/// Says in a few words why an action line did not decode, and where: the path from the root
/// to the wrong key or value, what was expected there, and, for a misspelt case of an action
/// that lists its cases (``ActionCaseExamples``), the case it was closest to.
///
/// ```
/// amountInput._0: 'textChange' is not an action of AmountInput.Action; did you mean 'textChanged'?
/// signIn._0.binding._0.username: expected a string, found a number
/// ```
enum ActionLineProblem {
  /// `error`, thrown while decoding `line` (the parsed action line), explained for `root`, the
  /// feature's action type.
  static func describe(_ error: any Error, in line: JSONValue, root: Any.Type) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .typeMismatch(let type, let context):
      let found = value(at: context.codingPath, in: line)
      // Where an object stands and the type reads objects, the decoder had nothing to refuse:
      // the type's own init refused the keys (synthesized Codable: not exactly one known case).
      if case .object(let object)? = found, kind(of: type) == nil {
        return caseProblem(type, object, at: context.codingPath)
      }
      return "\(prefix(context.codingPath))expected \(expectation(type, at: context.codingPath, root: root)), found \(found?.kindDescription ?? "nothing")"
    case .valueNotFound(let type, let context):
      return "\(prefix(context.codingPath))expected \(expectation(type, at: context.codingPath, root: root)), found null"
    case .keyNotFound(let key, let context):
      let path = context.codingPath + [key]
      guard let type = (context.underlyingError as? MissingValueType)?.type else { return "\(prefix(path))missing" }
      return "\(prefix(path))missing; expected \(expectation(type, at: path, root: root))"
    case .dataCorrupted(let context):
      return "\(prefix(context.codingPath))\(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// An object that names no case of `type`, or more than one.
  private static func caseProblem(_ type: Any.Type, _ object: JSONObject, at path: [any CodingKey]) -> String {
    let catalog = ActionCatalog.of(type)
    let typeName = catalog?.typeName ?? SwiftTypeName.of(type)
    let keys = object.members.map { "'\(Terminal.quoted($0.key))'" }
    let listing = catalog.map { "; its cases: \($0.names.joined(separator: ", "))" } ?? ""
    // Below the root, an enum that lists no cases may be any payload (a `Result`), not an action.
    let noun = catalog != nil || path.isEmpty ? "an action" : "a case"
    switch object.members.count {
    case 0:
      return "\(prefix(path))names no case of \(typeName)\(listing)"
    case 1:
      let typed = object.members[0].key
      var text = "\(prefix(path))\(keys[0]) is not \(noun) of \(typeName)"
      if let catalog {
        let closest = ClosestNames.to(typed, among: catalog.names)
        text += closest.isEmpty ? listing : "; did you mean \(closest.map { "'\($0)'" }.joined(separator: " or "))?"
      }
      return text
    default:
      return "\(prefix(path))names \(keys.joined(separator: ", ")); \(noun) of \(typeName) names exactly one case\(listing)"
    }
  }

  /// What belongs at `path`: the JSON kind a primitive reads, an action of a listed type with
  /// an example, or the payload object of a known case.
  private static func expectation(_ type: Any.Type, at path: [any CodingKey], root: Any.Type) -> String {
    if let catalog = ActionCatalog.of(type), let example = catalog.cases.first?.example {
      return "an action of \(catalog.typeName), e.g. \(example.jsonText)"
    }
    if ObjectIdentifier(type) == ObjectIdentifier([String: Any].self), let catalog = ActionCatalog.of(root),
      let known = catalog.case(at: path.map(\.stringValue)), let payload = known.example[known.name]
    {
      return "an object like \(payload.jsonText)"
    }
    return kind(of: type) ?? SwiftTypeName.of(type)
  }

  /// The JSON a type the decoder reads directly stands for; nil for types with their own keys.
  private static func kind(of type: Any.Type) -> String? {
    let id = ObjectIdentifier(type)
    if id == ObjectIdentifier(String.self) { return "a string" }
    if id == ObjectIdentifier(Bool.self) { return "true or false" }
    if integers.contains(id) { return "an integer" }
    if id == ObjectIdentifier(Double.self) || id == ObjectIdentifier(Float.self) || id == ObjectIdentifier(Decimal.self) {
      return "a number"
    }
    if id == ObjectIdentifier(Date.self) { return "a number (a Date, in seconds since 2001-01-01)" }
    if id == ObjectIdentifier(Data.self) { return "a base64 string" }
    if id == ObjectIdentifier(URL.self) { return "a URL string" }
    if id == ObjectIdentifier([Any].self) { return "an array" }
    if id == ObjectIdentifier([String: Any].self) { return "an object" }
    return nil
  }

  private static let integers: Set<ObjectIdentifier> = [
    ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
    ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
    ObjectIdentifier(UInt64.self),
  ]

  /// `amountInput._0: `, or nothing at the root.
  private static func prefix(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "" : "\(Terminal.quoted(render(path))): "
  }

  /// A path as Swift reaches it: `signIn._0.binding._0.username`, `results[2]`.
  static func render(_ path: [any CodingKey]) -> String {
    LogCodecError.render(path)
  }

  /// The value at `path` in `line`, or nil where the line has none.
  static func value(at path: [any CodingKey], in line: JSONValue) -> JSONValue? {
    var current = line
    for key in path {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        guard let elements = current.arrayValue, elements.indices.contains(index) else { return nil }
        current = elements[index]
      } else {
        guard let next = current[key.stringValue] else { return nil }
        current = next
      }
    }
    return current
  }
}
