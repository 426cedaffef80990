import Foundation
import JSONCodec
import Store

/// An action line with its line number for error messages, and how it is decoded
/// (``ActionLineSource`` reads them).
struct ActionLines {
  struct Line {
    let source: String
    let number: Int
    let text: String

    func decode<Action: Decodable>(_ type: Action.Type, feature: String) throws(HostError) -> Action {
      let where_ = "\(source):\(number)"
      // Parsed by the Swift backend, which keeps duplicate keys as they came (json-c keeps the
      // last): a key named twice is refused, as it would be ambiguous in a log.
      let tree: JSONValue
      do {
        tree = try LogJSONDecoder(backend: .swift).parseJSONLine(Array(text.utf8))
      } catch {
        throw HostError.badInput("\(where_): not an action of \(feature): \(error)")
      }
      if let duplicate = ActionLines.firstDuplicateKey(in: tree) {
        throw HostError.badInput(
          "\(where_): the key '\(Terminal.quoted(duplicate.key))' appears twice\(duplicate.path.isEmpty ? "" : " in \(duplicate.path)"); an action names each key once")
      }
      do {
        return try LogJSONDecoder().decodeKeepingDecodingErrors(Action.self, from: tree)
      } catch {
        throw HostError.badInput("\(where_): \(ActionLineProblem.describe(error, in: tree, root: Action.self))")
      }
    }
  }

  /// The first key that an object of `value` names twice, with the path to that object.
  static func firstDuplicateKey(in value: JSONValue, path: String = "") -> (key: String, path: String)? {
    switch value {
    case .object(let object):
      var seen = Set<String>()
      for member in object.members {
        if !seen.insert(member.key).inserted { return (member.key, path) }
      }
      for member in object.members {
        if let found = firstDuplicateKey(in: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)") {
          return found
        }
      }
      return nil
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = firstDuplicateKey(in: element, path: "\(path)[\(index)]") { return found }
      }
      return nil
    default:
      return nil
    }
  }
}

/// Reading an input file with errors that say what went wrong and where.
enum InputFile {
  /// Fails unless `path` names a readable regular file.
  static func check(_ path: String, what: String) throws(HostError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw HostError.badInput("\(what) \(path): no such file")
    }
    if isDirectory.boolValue {
      throw HostError.badInput("\(what) \(path): is a directory, not a file")
    }
    // A device (/dev/zero, /dev/urandom) never ends: reading it would take all the memory.
    if let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
      type == .typeCharacterSpecial || type == .typeBlockSpecial
    {
      throw HostError.badInput("\(what) \(path): is a device, not a file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw HostError.badInput("\(what) \(path): permission denied")
    }
  }
}

/// States printed as JSON in their Codable shape, with secrets redacted.
package enum StateJSON {
  package static func encode<State: Encodable>(_ state: State) throws(HostError) -> String {
    do {
      return String(decoding: try LogJSONEncoder().encode(Redaction.apply(state)), as: UTF8.self)
    } catch {
      throw HostError(.failure, "cannot encode the state as JSON: \(error)")
    }
  }
}
