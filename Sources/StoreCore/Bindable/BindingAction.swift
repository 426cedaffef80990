/// The change of one form field: which field, and its new value. A feature's action carries it
/// in a `binding` case (``BindableAction``), and ``BindingReducer`` applies it, so that a form
/// needs one action for all its fields, not one per field.
///
/// ```swift
/// store.send(.binding(.set(\.username, "son@example.com")))
/// ```
///
/// It is `Codable` by the field's name, so it can be logged and typed as an action line:
/// `{"binding":{"_0":{"username":"son@example.com"}}}`. A secret field is logged redacted.
public struct BindingAction<Root>: Sendable {
  /// The field's name, as ``BindableState/bindableFields`` names it.
  public let field: String
  let value: any Sendable
  let isSecret: Bool
  private let apply: @Sendable (inout Root) -> Void
  private let isEqual: @Sendable (any Sendable) -> Bool
  private let encode: @Sendable (any Encoder) throws -> Void
  /// A secret field's action with the placeholder for its value.
  private let redact: (@Sendable () -> BindingAction)?

  init<Value: Codable & Equatable & Sendable>(
    field: String, keyPath: any WritableKeyPath<Root, Value> & Sendable, value: Value, isSecret: Bool
  ) {
    self.field = field
    self.value = value
    self.isSecret = isSecret
    self.apply = { $0[keyPath: keyPath] = value }
    self.isEqual = { ($0 as? Value) == value }
    self.encode = { try value.encode(to: $0) }
    // Only `BindableField.secret` makes a secret action, and its value is a `String`.
    // An empty secret stays empty (as `SignIn`'s state keeps it), so that a redacted form still
    // says which fields are filled in.
    if isSecret, (value as? String)?.isEmpty == false, let placeholder = Redaction.placeholder as? Value {
      let redacted: @Sendable () -> BindingAction = {
        BindingAction(field: field, keyPath: keyPath, value: placeholder, isSecret: true)
      }
      self.redact = redacted
    } else {
      self.redact = nil
    }
  }

  /// Sets the field at `keyPath`, which must be one of ``BindableState/bindableFields``.
  public static func set<Value: Codable & Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self where Root: BindableState {
    guard let field = Root.bindableFields.at(keyPath) else {
      preconditionFailure(
        "\(keyPath) is not a bindable field of \(Root.self): add it to its bindableFields (\(Root.bindableFields.names))")
    }
    return Self(field: field.name, keyPath: keyPath, value: value, isSecret: field.isSecret)
  }

  /// Writes the value into `state`.
  public func apply(to state: inout Root) {
    apply(&state)
  }
}

extension BindingAction where Root: BindableState {
  /// Whether `action` sets the field at `keyPath`, so that a reducer can switch over the field a
  /// binding changed, as in TCA:
  ///
  /// ```swift
  /// case .binding(\.isComplete):
  ///   return .run { _ in await todos.save() }
  /// ```
  public static func ~= <Value>(keyPath: any WritableKeyPath<Root, Value> & Sendable, action: Self) -> Bool {
    Root.bindableFields.at(keyPath)?.name == action.field
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.field == rhs.field && lhs.isEqual(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible {
  public var description: String {
    "set \(field) = \(isSecret ? Redaction.placeholder : String(describing: value))"
  }
}

extension BindingAction: Redactable {
  /// A secret field's value becomes the placeholder.
  public func redacted() -> Self {
    redact?() ?? self
  }
}

extension BindingAction: Codable where Root: BindableState {
  /// `{"<field>": <value>}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try encode(container.superEncoder(forKey: FieldKey(field)))
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    let fields = Root.bindableFields
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a binding sets one field of \(Root.self): \(fields.names.joined(separator: ", "))"))
    }
    guard let field = fields.named(key.stringValue) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [key],
          debugDescription:
            "'\(key.stringValue)' is not a bindable field of \(Root.self): \(fields.names.joined(separator: ", "))"))
    }
    self = try field.decode(container.superDecoder(forKey: key))
  }

  struct FieldKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }
}
