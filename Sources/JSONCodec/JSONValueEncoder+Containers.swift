extension JSONValueEncoder {
  /// What one level of encoding has written: a finished value, or a container that nested
  /// containers may still be filling.
  enum EncodedNode {
    case value(JSONValue)
    case object(ObjectBuilder)
    case array(ArrayBuilder)
    /// A `superEncoder()`: whatever it has encoded when the parent finishes.
    case encoder(JSONValueEncoder)

    func finish() -> JSONValue {
      switch self {
      case .value(let value): value
      case .object(let object): .object(object.finish())
      case .array(let array): .array(array.finish())
      case .encoder(let encoder): encoder.storage?.finish() ?? .object(JSONObject())
      }
    }
  }

  /// An object being encoded. Keys keep the order of their first encoding.
  ///
  /// Members hold finished values; the few that nested containers or a `superEncoder()` are
  /// still filling wait in `pending` until `finish()`.
  final class ObjectBuilder {
    private var members: [JSONObject.Member] = []
    private var pending: [(position: Int, node: EncodedNode)] = []
    /// Built once an object outgrows a linear search (large dictionaries).
    private var positions: [String: Int]?

    init() {
      members.reserveCapacity(4)
    }

    func set(_ key: String, _ value: JSONValue) {
      if let position = position(of: key) {
        members[position].value = value
        if !pending.isEmpty { pending.removeAll { $0.position == position } }
      } else {
        members.append(JSONObject.Member(key: key, value: value))
        positions?[key] = members.count - 1
      }
    }

    /// Puts a node that is still being filled at `key`.
    func set(_ key: String, _ node: EncodedNode) {
      set(key, .null)
      if let position = position(of: key) { pending.append((position, node)) }
    }

    /// The object nested at `key`, reused if the key already holds one.
    func nestedObject(_ key: String) -> ObjectBuilder {
      if let existing = pendingNode(at: key), case .object(let object) = existing { return object }
      let object = ObjectBuilder()
      set(key, .object(object))
      return object
    }

    func nestedArray(_ key: String) -> ArrayBuilder {
      if let existing = pendingNode(at: key), case .array(let array) = existing { return array }
      let array = ArrayBuilder()
      set(key, .array(array))
      return array
    }

    private func pendingNode(at key: String) -> EncodedNode? {
      guard !pending.isEmpty, let position = position(of: key) else { return nil }
      return pending.last { $0.position == position }?.node
    }

    private func position(of key: String) -> Int? {
      if members.count < 16 { return members.firstIndex { $0.key == key } }
      if positions == nil {
        positions = Dictionary(
          members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
      }
      return positions?[key]
    }

    func finish() -> JSONObject {
      for (position, node) in pending {
        members[position].value = node.finish()
      }
      pending.removeAll()
      return JSONObject(members)
    }
  }

  /// An array being encoded.
  final class ArrayBuilder {
    private var elements: [JSONValue] = []
    private var pending: [(position: Int, node: EncodedNode)] = []

    var count: Int { elements.count }

    func append(_ value: JSONValue) { elements.append(value) }

    func append(_ node: EncodedNode) {
      pending.append((elements.count, node))
      elements.append(.null)
    }

    func finish() -> [JSONValue] {
      for (position, node) in pending {
        elements[position] = node.finish()
      }
      pending.removeAll()
      return elements
    }
  }
}

// MARK: - Keyed

extension JSONValueEncoder {
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    let object: ObjectBuilder
    /// How much of the encoder's path stack is this container's.
    let depth: Int
    /// Keys below that, for a nested container.
    let extra: CodingPathSuffix

    var codingPath: [any CodingKey] { Array(encoder.codingPath.prefix(depth)) + extra.keys }

    private func set(_ value: JSONValue, _ key: Key) { object.set(key.stringValue, value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(JSONValueEncoder.integer(value), key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
      guard let json = JSONValueEncoder.double(value) else {
        throw encoder.invalidFloatingPoint(value, at: codingPath + [key])
      }
      set(json, key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
      guard let json = JSONValueEncoder.float(value) else {
        throw encoder.invalidFloatingPoint(value, at: codingPath + [key])
      }
      set(json, key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      set(try encoder.box(value, at: extra, key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(
        KeyedContainer<NestedKey>(
          encoder: encoder, object: object.nestedObject(key.stringValue), depth: depth, extra: extra.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      UnkeyedContainer(
        encoder: encoder, array: object.nestedArray(key.stringValue), depth: depth, extra: extra.appending(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(at: JSONCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(at: key) }

    private func superEncoder(at key: any CodingKey) -> any Encoder {
      let child = JSONValueEncoder(codingPath: codingPath + [key])
      object.set(key.stringValue, .encoder(child))
      return child
    }
  }
}

// MARK: - Unkeyed

extension JSONValueEncoder {
  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    let array: ArrayBuilder
    let depth: Int
    let extra: CodingPathSuffix

    var codingPath: [any CodingKey] { Array(encoder.codingPath.prefix(depth)) + extra.keys }
    var count: Int { array.count }

    private var nextKey: JSONCodingKey { JSONCodingKey(index: count) }
    private func append(_ value: JSONValue) { array.append(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Int) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: Int8) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(JSONValueEncoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(JSONValueEncoder.integer(value)) }

    mutating func encode(_ value: Double) throws {
      guard let json = JSONValueEncoder.double(value) else {
        throw encoder.invalidFloatingPoint(value, at: codingPath + [nextKey])
      }
      append(json)
    }

    mutating func encode(_ value: Float) throws {
      guard let json = JSONValueEncoder.float(value) else {
        throw encoder.invalidFloatingPoint(value, at: codingPath + [nextKey])
      }
      append(json)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try encoder.box(value, at: extra, nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let key = nextKey
      let object = ObjectBuilder()
      array.append(.object(object))
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(encoder: encoder, object: object, depth: depth, extra: extra.appending(key)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let key = nextKey
      let nested = ArrayBuilder()
      array.append(.array(nested))
      return UnkeyedContainer(encoder: encoder, array: nested, depth: depth, extra: extra.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
      let child = JSONValueEncoder(codingPath: codingPath + [nextKey])
      array.append(.encoder(child))
      return child
    }
  }
}
