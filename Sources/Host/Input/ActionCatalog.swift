import JSONCodec
import Store

/// What `refold` knows of an action type's cases, read from its ``ActionCaseExamples``.
///
/// Each name is the key of an example's encoding, so it is the key the type's `Decodable`
/// accepts, spelt as the encoder spells it. A case whose payload is a child feature's action
/// carries that action's catalog, found by reflecting on the example's payload.
struct ActionCatalog {
  struct Case {
    /// The key that names the case: `textChanged`.
    let name: String
    /// The example action, encoded: an object with the one member `name`.
    let example: JSONValue
    /// For a case that carries a child feature's action: the key the payload sits under
    /// (`_0`), and the child action's catalog.
    let child: (key: String, catalog: ActionCatalog)?
  }

  /// The action type's name as a person writes it: `AmountInput.Action`.
  let typeName: String
  let cases: [Case]

  var names: [String] { cases.map(\.name) }

  /// The catalog of `type`, or nil when it does not list its cases.
  static func of(_ type: Any.Type) -> ActionCatalog? {
    of(type, depth: 0)
  }

  // NB: A recursive action (an indirect case holding its own type) would nest forever; no
  //     feature nests actions anywhere near this deep.
  private static let maximumDepth = 8

  private static func of(_ type: Any.Type, depth: Int) -> ActionCatalog? {
    guard depth < maximumDepth, let listed = type as? any ActionCaseExamples.Type else { return nil }
    return catalog(listed, depth: depth)
  }

  private static func catalog<Action: ActionCaseExamples>(_ type: Action.Type, depth: Int) -> ActionCatalog {
    let encoder = LogJSONEncoder()
    var cases: [Case] = []
    for example in Action.caseExamples {
      // A hand-written Codable may not have the synthesized shape: such an example names no case.
      // Redacted: an example is printed in `features` and in errors, and a secret field's
      // example value is a secret's shape (a password) that must not be printed either.
      guard let encoded = try? encoder.encodeValue(Redaction.apply(example)), let object = encoded.objectValue, object.count == 1,
        let name = object.members.first?.key, !cases.contains(where: { $0.name == name })
      else { continue }
      cases.append(Case(name: name, example: encoded, child: child(of: example, in: object[name], depth: depth)))
    }
    return ActionCatalog(typeName: SwiftTypeName.of(type), cases: cases)
  }

  /// The payload of `example` when it is a child action that lists its cases, with the key it
  /// is encoded under in `payload`: the whole payload, or one of its labelled values (a stack
  /// element's `action`, beside its `id`).
  private static func child(of example: Any, in payload: JSONValue?, depth: Int) -> (key: String, catalog: ActionCatalog)? {
    guard let whole = Mirror(reflecting: example).children.first?.value else { return nil }
    let found = whole as? any ActionCaseExamples
      ?? Mirror(reflecting: whole).children.lazy.compactMap { $0.value as? any ActionCaseExamples }.first
    guard let value = found,
      let encoded = try? LogJSONEncoder().encodeValue(value),
      let key = payload?.objectValue?.members.first(where: { $0.value == encoded })?.key,
      let catalog = of(type(of: value), depth: depth + 1)
    else { return nil }
    return (key, catalog)
  }

  /// The case that the path of keys names, read from this catalog down through the children:
  /// `["amountInput", "_0", "textChanged"]` is `AmountInput.Action.textChanged`.
  func `case`(at path: [String]) -> Case? {
    guard let first = path.first, let found = cases.first(where: { $0.name == first }) else { return nil }
    if path.count == 1 { return found }
    guard let child = found.child, path[1] == child.key else { return nil }
    return child.catalog.case(at: Array(path.dropFirst(2)))
  }
}

extension ActionCatalog {
  /// One row of `refold features`: a case, with the action line that sends it from the feature
  /// at the root. A case that carries a child's action has its child's cases as rows of its own.
  struct Row {
    let name: String
    let line: JSONValue
    let children: [Row]
  }

  /// Every case as a row, each line wrapped in the cases above it so that it runs as is.
  var rows: [Row] {
    cases.map { item in
      guard let child = item.child else { return Row(name: item.name, line: item.example, children: []) }
      let children = child.catalog.rows.map { $0.wrapped(in: item.name, under: child.key, of: item.example) }
      return Row(name: item.name, line: item.example, children: children)
    }
  }
}

extension ActionCatalog.Row {
  /// This row as sent through the case `name` of a parent, whose example holds the child's
  /// action under `key`.
  fileprivate func wrapped(in name: String, under key: String, of parent: JSONValue) -> Self {
    var payload = parent[name]?.objectValue ?? JSONObject()
    if let index = payload.members.firstIndex(where: { $0.key == key }) { payload.members[index].value = line }
    return Self(
      name: self.name, line: .object(JSONObject([JSONObject.Member(key: name, value: .object(payload))])),
      children: children.map { $0.wrapped(in: name, under: key, of: parent) })
  }
}

extension JSONValue {
  /// The value as one line of JSON, as an action line is written.
  var jsonText: String {
    (try? LogJSONEncoder().serialize(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }
}
