/// A state whose form fields a ``BindingAction`` may set, each by a name that the event log
/// writes: `{"binding":{"_0":{"username":"son@example.com"}}}`.
///
/// ```swift
/// extension SignIn.State: BindableState {
///   static let bindableFields: BindableFields<Self> = [
///     .field("username", \.username),
///     .secret("password", \.password),   // redacted in logs
///   ]
/// }
/// ```
public protocol BindableState {
  /// The fields a binding action may set, by name.
  static var bindableFields: BindableFields<Self> { get }
}

/// The named fields of a ``BindableState``.
public struct BindableFields<Root>: ExpressibleByArrayLiteral, Sendable {
  let fields: [BindableField<Root>]

  public init(arrayLiteral fields: BindableField<Root>...) {
    self.init(fields)
  }

  /// What `@ObservableState` writes: every tracked field whose value a log can hold (`Codable`,
  /// `Equatable` and `Sendable`); the others are `nil`, and left out.
  public init(_macroFields fields: [BindableField<Root>?]) {
    self.init(fields.compactMap { $0 })
  }

  init(_ fields: [BindableField<Root>]) {
    var seen: Set<String> = []
    for field in fields {
      precondition(seen.insert(field.name).inserted, "two bindable fields are named '\(field.name)'")
    }
    self.fields = fields
  }

  /// The field named `name`.
  func named(_ name: String) -> BindableField<Root>? {
    fields.first { $0.name == name }
  }

  /// The field at `keyPath`.
  func at(_ keyPath: any AnyKeyPath & Sendable) -> BindableField<Root>? {
    fields.first { $0.keyPath == keyPath }
  }

  /// The fields' names, in order: what a log line's binding may name.
  public var names: [String] { fields.map(\.name) }
}

/// One named field of a ``BindableState``: its key path, and how its value is decoded from a
/// logged binding action.
public struct BindableField<Root>: Sendable {
  let name: String
  // NB: `AnyKeyPath` is `Sendable`; the decoder builds the action from the field's own type.
  let keyPath: any AnyKeyPath & Sendable
  let isSecret: Bool
  let decode: @Sendable (any Decoder) throws -> BindingAction<Root>

  /// A field whose value is logged as it is.
  public static func field<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) -> Self {
    Self(name: name, keyPath: keyPath, isSecret: false) { decoder in
      BindingAction(field: name, keyPath: keyPath, value: try Value(from: decoder), isSecret: false)
    }
  }

  /// The field at `keyPath`, for `@ObservableState`'s list: its value can be logged.
  public static func _macroField<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) -> Self? {
    field(name, keyPath)
  }

  /// A field whose value cannot be logged, which a binding therefore cannot set: none.
  @_disfavoredOverload
  public static func _macroField<Value>(_ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable) -> Self? {
    nil
  }

  /// A secret text field (a password): logged as the redaction placeholder, never in clear.
  public static func secret(_ name: String, _ keyPath: any WritableKeyPath<Root, String> & Sendable) -> Self {
    Self(name: name, keyPath: keyPath, isSecret: true) { decoder in
      BindingAction(field: name, keyPath: keyPath, value: try String(from: decoder), isSecret: true)
    }
  }
}
