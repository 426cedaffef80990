public import JSONCodec

/// A shared value changed outside this store: another store wrote it, or another process
/// rewrote its file. It reaches the store as an action (``SharedChangeAction``), so the log
/// holds it and a replay sets the value where the live store did, without reading any file.
///
/// Logged as `{"shared":{"_0":{"key":"file:/…/settings.json","value":{…}}}}`.
public struct SharedChange: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The ``SharedKey/id`` of the value.
  public let key: String
  /// The new value, as JSON.
  public let value: JSONValue

  public init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }

  public var description: String {
    "\(key) = \(value)"
  }
}

/// An action that can carry a ``SharedChange``: an enum with a `shared` case. A store whose
/// state holds ``Shared`` values that change elsewhere (another store, another process) sends
/// them in; ``SharedReducer`` applies them.
///
/// ```swift
/// enum Action: SharedChangeAction {
///   case shared(SharedChange)
///   case signOutTapped
/// }
/// ```
public protocol SharedChangeAction {
  /// The `shared` case.
  static func shared(_ change: SharedChange) -> Self
  /// The change this action carries, if it is the `shared` case.
  var sharedChange: SharedChange? { get }
}

extension SharedChangeAction {
  /// Read through the case's constructor, as a one-line `Scope` reads its case.
  public var sharedChange: SharedChange? {
    EnumCase.extract(self, as: Self.shared)
  }
}

/// Applies the ``SharedChange`` of a ``SharedChangeAction``: every field of the state keyed
/// like the change takes its value, as a write in a reducer would. Put it in the `body` of the
/// feature whose store receives the changes (the root).
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   SharedReducer()
///   Scope(state: \.signIn, action: Action.signIn) { SignIn() }
/// }
/// ```
public struct SharedReducer<State, Action: SharedChangeAction>: Reducer {
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let change = action.sharedChange { SharedValues.folding?.write(change) }
    return .none
  }
}

