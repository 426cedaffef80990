#if canImport(CJSONC)
import CJSONC
import JSONCodec

extension JSONC {
  /// Writes `value` through json-c, which produces `JSONEncoder`'s bytes once numbers carry
  /// their text: json-c escapes `/` as `\/` (like `JSONEncoder`, unless `NOSLASHESCAPE`), uses
  /// `\b \f \n \r \t` and lowercase `\u00xx` for control bytes, and writes the rest raw.
  /// Doubles are created with `json_object_new_double_s` and `JSONEncoder`'s text, because
  /// json-c's own format is `%.17g` (`0.10000000000000001`). Strings go through
  /// `json_object_new_string_len`, so an embedded NUL survives.
  ///
  /// json-c cannot hold a key with a NUL in it (keys are C strings); such a value is written by
  /// `JSONWriter` instead.
  static func serialize(_ value: JSONValue, into buffer: inout [UInt8]) throws(LogCodecError) {
    guard let root = try makeObject(value) else {
      if case .null = value {
        buffer.append(contentsOf: "null".utf8)
        return
      }
      try JSONWriter.write(value, into: &buffer)  // a key with NUL
      return
    }
    defer { json_object_put(root) }
    var length = 0
    guard let text = json_object_to_json_string_length(root, JSON_C_TO_STRING_PLAIN, &length) else {
      fatalError("json_object_to_json_string_length: out of memory")
    }
    text.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
  }

  /// Builds the json-c tree; `nil` for JSON null, and for a tree json-c cannot represent.
  static func makeObject(_ value: JSONValue) throws(LogCodecError) -> OpaquePointer? {
    switch value {
    case .null:
      return nil
    case .bool(let bool):
      return json_object_new_boolean(bool ? 1 : 0)
    case .int(let int):
      return json_object_new_int64(int)
    case .uint(let uint):
      return json_object_new_uint64(uint)
    case .double(let double):
      guard let text = JSONNumber.text(for: double) else {
        throw LogCodecError(kind: .invalidValue, message: "\(double) cannot be written as JSON")
      }
      return json_object_new_double_s(double, text)
    case .number(let text):
      guard JSONNumber.isLiteral(text) else {
        throw LogCodecError(kind: .invalidValue, message: "\(text) is not a JSON number")
      }
      return json_object_new_double_s(0, text)
    case .string(var string):
      return string.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { chars in
          guard let count = Int32(exactly: chars.count) else { return nil }  // JSONWriter takes it
          return json_object_new_string_len(chars.baseAddress, count)
        }
      }
    case .array(let elements):
      let array = json_object_new_array_ext(Int32(clamping: elements.count))
      for element in elements {
        do {
          let child = try makeObject(element)
          if child == nil, !element.isNull {
            json_object_put(array)
            return nil
          }
          json_object_array_add(array, child)
        } catch {
          json_object_put(array)
          throw error
        }
      }
      return array
    case .object(let members):
      let object = json_object_new_object()
      for member in members {
        do {
          let child = try makeObject(member.value)
          guard child != nil || member.value.isNull, !member.key.utf8.contains(0) else {
            json_object_put(child)
            json_object_put(object)
            return nil
          }
          // Duplicates are kept as they are, as JSONWriter keeps them.
          json_object_object_add_ex(object, member.key, child, UInt32(JSON_C_OBJECT_ADD_KEY_IS_NEW))
        } catch {
          json_object_put(object)
          throw error
        }
      }
      return object
    }
  }
}
#endif
