import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

// Values shaped like the features' actions and states (DESIGN.md section 4), declared here so
// the codec tests do not depend on the Reducers module.

enum CodecAmountAction: Codable, Equatable, Sendable {
  case textChanged(String?)
}

/// Stands in for `Result`, which has no `Codable` conformance in the standard library.
enum CodecOutcome<Success: Codable & Equatable & Sendable, Failure: Codable & Equatable & Sendable>:
  Codable, Equatable, Sendable
{
  case success(Success)
  case failure(Failure)
}

struct CodecSession: Codable, Equatable, Sendable {
  var email: String
  var id: Int
  var token: String
  var username: String
}

enum CodecLoginError: Codable, Equatable, Sendable {
  case invalidCredentials
  case server(status: Int, message: String?)
}

enum CodecSignInAction: Codable, Equatable, Sendable {
  case usernameChanged(String)
  case passwordChanged(String)
  case signInTapped
  case loginResponse(CodecOutcome<CodecSession, CodecLoginError>)
  case move(dx: Int, Double)
}

enum CodecAppAction: Codable, Equatable, Sendable {
  case amountInput(CodecAmountAction)
  case signIn(CodecSignInAction)
}

struct CodecTrack: Codable, Equatable, Sendable {
  var album: String
  var artist: String
  var imageURL: URL?
  var releaseDate: Date
  var song: String
}

/// One event line, with its keys in the order the log writes them.
struct CodecEventLine<Action: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  var seq: UInt64
  var t: Double
  var origin: String
  var action: Action
}

/// Every primitive, fields in alphabetical order.
struct CodecPrimitives: Codable, Equatable, Sendable {
  var bool: Bool
  var double: Double
  var float: Float
  var int: Int
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var int8: Int8
  var optional: String?
  var string: String
  var uint: UInt
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var uint8: UInt8
}

struct CodecEmpty: Codable, Equatable, Sendable {}

class CodecBase: Codable, @unchecked Sendable {
  var x = 1
}

/// Encodes its superclass through `superEncoder()`, as hand-written subclasses do.
final class CodecDerived: CodecBase, @unchecked Sendable {
  var y = 2
  private enum CodingKeys: CodingKey { case y }

  override init() { super.init() }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    y = try container.decode(Int.self, forKey: .y)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(y, forKey: .y)
    try super.encode(to: container.superEncoder())
  }
}

// MARK: - Helpers

extension JSONBackend: CustomTestStringConvertible {
  public var testDescription: String {
    switch self {
    case .jsonC: "json-c"
    case .swift: "Swift"
    }
  }
}

extension JSONValue {
  /// The same tree with every object's keys in `JSONEncoder`'s `.sortedKeys` order (UTF-8).
  var sortedKeys: JSONValue {
    switch self {
    case .array(let elements):
      return .array(elements.map(\.sortedKeys))
    case .object(let object):
      let members = object.members
        .map { JSONObject.Member(key: $0.key, value: $0.value.sortedKeys) }
        .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      return .object(JSONObject(members))
    default:
      return self
    }
  }
}

func codecString(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

func codecFoundationJSON<T: Encodable>(_ value: T, sortedKeys: Bool = false) throws -> [UInt8] {
  let encoder = JSONEncoder()
  if sortedKeys { encoder.outputFormatting = .sortedKeys }
  return Array(try encoder.encode(value))
}

/// The codec's bytes for `value` with keys sorted, to compare with `JSONEncoder(.sortedKeys)`.
func codecSortedJSON<T: Encodable>(_ value: T, backend: JSONBackend) throws -> [UInt8] {
  let encoder = LogJSONEncoder(backend: backend)
  return try encoder.serialize(try encoder.encodeValue(value).sortedKeys)
}

func codecParse(_ text: String, backend: JSONBackend) throws(LogCodecError) -> JSONValue {
  let bytes = Array(text.utf8)
  return try codecParse(bytes, backend: backend)
}

func codecParse(_ bytes: [UInt8], backend: JSONBackend) throws(LogCodecError) -> JSONValue {
  do {
    return try bytes.withUnsafeBytes { buffer in try LogJSONDecoder(backend: backend).parseJSONLine(buffer) }
  } catch let error as LogCodecError {
    throw error
  } catch {
    preconditionFailure("parseJSONLine throws only LogCodecError")
  }
}

/// Runs `body` and returns the `LogCodecError` it throws, recording a failure if it throws
/// nothing or something else.
func codecError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> LogCodecError? {
  do {
    try body()
    Issue.record("expected a LogCodecError, got success", sourceLocation: sourceLocation)
  } catch let error as LogCodecError {
    return error
  } catch {
    Issue.record("expected a LogCodecError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

