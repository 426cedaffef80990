/// Members and elements, read and written in place, and the edits a log migration makes
/// (`LogMigration`): a case or a key renamed, a member a later schema added.
extension JSONValue {
  /// An object's first member named `key`: nil when absent or when this is not an object.
  /// Setting `nil` removes the member; setting a value replaces it in place, or appends it.
  /// On anything but an object, setting does nothing.
  public subscript(key: String) -> JSONValue? {
    get {
      guard case .object(let object) = self else { return nil }
      return object[key]
    }
    set {
      guard case .object(var object) = self else { return }
      if let index = object.members.firstIndex(where: { $0.key == key }) {
        if let newValue { object.members[index].value = newValue } else { object.members.remove(at: index) }
      } else if let newValue {
        object.append(key, newValue)
      }
      self = .object(object)
    }
  }

  /// An array's element: nil out of range or when this is not an array. Setting `nil` removes
  /// it; setting out of range does nothing.
  public subscript(index: Int) -> JSONValue? {
    get {
      guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
      return elements[index]
    }
    set {
      guard case .array(var elements) = self, elements.indices.contains(index) else { return }
      if let newValue { elements[index] = newValue } else { elements.remove(at: index) }
      self = .array(elements)
    }
  }

  // MARK: Enum cases

  /// The case an enum's synthesized `Codable` shape names: the single key of an object
  /// (`{"textChanged":{"_0":"12"}}`), or a string (a case without payload of a `String` raw
  /// value enum); nil otherwise.
  public var caseName: String? {
    switch self {
    case .object(let object) where object.count == 1: object[0].key
    case .string(let string): string
    default: nil
    }
  }

  /// The payload of a synthesized enum case, `{"_0":…}` or `{"label":…}`; nil otherwise.
  /// Setting it on a one-member object replaces the member's value (`nil` makes it `{}`).
  public var casePayload: JSONValue? {
    get {
      guard case .object(let object) = self, object.count == 1 else { return nil }
      return object[0].value
    }
    set {
      guard case .object(var object) = self, object.count == 1 else { return }
      object.members[0].value = newValue ?? .object(JSONObject())
      self = .object(object)
    }
  }

  // MARK: Migrations

  /// Renames the case this value names (``caseName``) when it is `old`; otherwise does nothing.
  /// Returns whether it renamed.
  @discardableResult
  public mutating func renameCase(_ old: String, to new: String) -> Bool {
    switch self {
    case .object(var object) where object.count == 1 && object[0].key == old:
      object.members[0].key = new
      self = .object(object)
      return true
    case .string(old):
      self = .string(new)
      return true
    default:
      return false
    }
  }

  /// Renames this object's member `old` to `new`, in its place; does nothing when there is no
  /// such member. Returns whether it renamed.
  @discardableResult
  public mutating func renameKey(_ old: String, to new: String) -> Bool {
    guard case .object(var object) = self, let index = object.members.firstIndex(where: { $0.key == old }) else {
      return false
    }
    object.members[index].key = new
    self = .object(object)
    return true
  }

  /// Adds the member `key` with `defaultValue` when this object does not have it: a field a
  /// later schema added. Returns whether it inserted.
  @discardableResult
  public mutating func insert(_ key: String, default defaultValue: JSONValue) -> Bool {
    guard case .object = self, self[key] == nil else { return false }
    self[key] = defaultValue
    return true
  }
}
