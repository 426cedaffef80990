// MARK: Keyed

extension JSONValueDecoder {
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONValueDecoder
    let object: JSONObject
    /// How much of the decoder's path stack is this container's.
    let depth: Int
    /// Keys below that, for a nested container.
    let extra: CodingPathSuffix
    /// First position of each key, built only for objects too large to search linearly.
    private let positions: [String: Int]?

    init(decoder: JSONValueDecoder, object: JSONObject, depth: Int, extra: CodingPathSuffix) {
      self.decoder = decoder
      self.object = object
      self.depth = depth
      self.extra = extra
      if object.count > 16 {
        positions = Dictionary(
          object.members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
      } else {
        positions = nil
      }
    }

    var codingPath: [any CodingKey] { Array(decoder.codingPath.prefix(depth)) + extra.keys }

    /// Each distinct key once, in order; with duplicates the first counts, as in `JSONDecoder`.
    var allKeys: [Key] {
      var keys: [Key] = []
      keys.reserveCapacity(object.count)
      if let positions {
        for (offset, member) in object.members.enumerated() where positions[member.key] == offset {
          if let key = Key(stringValue: member.key) { keys.append(key) }
        }
      } else {
        for (offset, member) in object.members.enumerated() {
          if object.members[..<offset].contains(where: { $0.key == member.key }) { continue }
          if let key = Key(stringValue: member.key) { keys.append(key) }
        }
      }
      return keys
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    @inline(__always)
    private func lookup(_ key: Key) -> JSONValue? {
      let name = key.stringValue
      if let positions {
        return positions[name].map { object.members[$0].value }
      }
      for member in object.members where member.key == name {
        return member.value
      }
      return nil
    }

    /// The value for `key`, or `keyNotFound` with the type that was asked for (`expected`) as
    /// its underlying error: `DecodingError.keyNotFound` itself names no type.
    private func value(for key: Key, expecting expected: Any.Type? = nil) throws -> JSONValue {
      guard let value = lookup(key) else {
        throw DecodingError.keyNotFound(
          key,
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "No value associated with key \(key.stringValue.debugDescription).",
            underlyingError: expected.map(MissingValueType.init)))
      }
      return value
    }

    @inline(__always)
    private func primitive<T: JSONPrimitive>(_ type: T.Type, _ key: Key) throws -> T {
      let value = try value(for: key, expecting: T.self)
      do {
        return try T.unwrap(value)
      } catch {
        throw JSONValueDecoder.error(error, T.self, value, at: codingPath + [key])
      }
    }

    @inline(__always)
    private func primitiveIfPresent<T: JSONPrimitive>(_ type: T.Type, _ key: Key) throws -> T? {
      guard let value = lookup(key), !value.isNull else { return nil }
      do {
        return try T.unwrap(value)
      } catch {
        throw JSONValueDecoder.error(error, T.self, value, at: codingPath + [key])
      }
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try primitive(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try primitive(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try primitive(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try primitive(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try primitive(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try primitive(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try primitive(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try primitive(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try primitive(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try primitive(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try primitive(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try primitive(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try primitive(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try primitive(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.unbox(try value(for: key, expecting: T.self), as: type, at: extra, key)
    }

    // One lookup instead of the default's three (contains, decodeNil, decode).
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try primitiveIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard let value = lookup(key), !value.isNull else { return nil }
      return try decoder.unbox(value, as: type, at: extra, key)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let value = try value(for: key)
      guard case .object(let nested) = value else {
        throw decoder.containerError([String: Any].self, "keyed decoding container", value, at: codingPath + [key])
      }
      return KeyedDecodingContainer(
        KeyedContainer<NestedKey>(decoder: decoder, object: nested, depth: depth, extra: extra.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      let value = try value(for: key)
      guard case .array(let elements) = value else {
        throw decoder.containerError([Any].self, "unkeyed decoding container", value, at: codingPath + [key])
      }
      return UnkeyedContainer(decoder: decoder, elements: elements, depth: depth, extra: extra.appending(key))
    }

    func superDecoder() throws -> any Decoder {
      JSONValueDecoder(value: object["super"] ?? .null, codingPath: codingPath + [JSONCodingKey.super])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      JSONValueDecoder(value: lookup(key) ?? .null, codingPath: codingPath + [key])
    }
  }
}

// MARK: - Unkeyed

extension JSONValueDecoder {
  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let elements: [JSONValue]
    let depth: Int
    let extra: CodingPathSuffix
    private(set) var currentIndex = 0

    init(decoder: JSONValueDecoder, elements: [JSONValue], depth: Int, extra: CodingPathSuffix) {
      self.decoder = decoder
      self.elements = elements
      self.depth = depth
      self.extra = extra
    }

    var codingPath: [any CodingKey] { Array(decoder.codingPath.prefix(depth)) + extra.keys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentKey: JSONCodingKey { JSONCodingKey(index: currentIndex) }

    /// The next element; `JSONDecoder`'s error when there is none.
    private func next(_ type: Any.Type) throws -> JSONValue {
      guard currentIndex < elements.count else {
        throw DecodingError.valueNotFound(
          type,
          DecodingError.Context(codingPath: codingPath + [currentKey], debugDescription: "Unkeyed container is at end.")
        )
      }
      return elements[currentIndex]
    }

    @inline(__always)
    private mutating func primitive<T: JSONPrimitive>(_ type: T.Type) throws -> T {
      let value = try next(type)
      do {
        let result = try T.unwrap(value)
        currentIndex += 1
        return result
      } catch {
        throw JSONValueDecoder.error(error, T.self, value, at: codingPath + [currentKey])
      }
    }

    mutating func decodeNil() throws -> Bool {
      if try next(Any?.self).isNull {
        currentIndex += 1
        return true
      }
      return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try primitive(type) }
    mutating func decode(_ type: String.Type) throws -> String { try primitive(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try primitive(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try primitive(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try primitive(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try primitive(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try primitive(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try primitive(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try primitive(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try primitive(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let result = try decoder.unbox(try next(type), as: type, at: extra, currentKey)
      currentIndex += 1
      return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let value = try next([String: Any].self)
      guard case .object(let nested) = value else {
        throw decoder.containerError(
          [String: Any].self, "keyed decoding container", value, at: codingPath + [currentKey])
      }
      let container = KeyedContainer<NestedKey>(
        decoder: decoder, object: nested, depth: depth, extra: extra.appending(currentKey))
      currentIndex += 1
      return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let value = try next([Any].self)
      guard case .array(let nested) = value else {
        throw decoder.containerError([Any].self, "unkeyed decoding container", value, at: codingPath + [currentKey])
      }
      let container = UnkeyedContainer(
        decoder: decoder, elements: nested, depth: depth, extra: extra.appending(currentKey))
      currentIndex += 1
      return container
    }

    mutating func superDecoder() throws -> any Decoder {
      let value = try next((any Decoder).self)
      let decoder = JSONValueDecoder(value: value, codingPath: codingPath + [currentKey])
      currentIndex += 1
      return decoder
    }
  }
}
