import Foundation
import JSONCodec

/// Which parser and writer the codec runs on.
///
/// Both give the same trees and the same bytes; the tests hold them to that. json-c is the
/// default where it is available (Linux); elsewhere the Swift implementation is used.
package enum JSONBackend: Sendable, CaseIterable {
  /// json-c (`CJSONC`), with the Swift parser deciding every case json-c would get wrong.
  /// Falls back to ``swift`` where json-c is not available.
  case jsonC
  /// `JSONParser` and `JSONWriter`, pure Swift.
  case swift

  /// json-c when the platform has it. `REFOLD_JSON_BACKEND=swift` in the environment picks the
  /// Swift backend on Linux too, to compare the two (`refold bench --workload W5`).
  package static let preferred: JSONBackend = {
    #if canImport(CJSONC)
    ProcessInfo.processInfo.environment["REFOLD_JSON_BACKEND"] == "swift" ? .swift : .jsonC
    #else
    .swift
    #endif
  }()

  /// Parses `bytes`, unless their tree would take more than `limit` bytes (`JSONParseBudget`).
  func parse(_ bytes: Span<UInt8>, limit: Int) throws(LogCodecError) -> JSONValue {
    try JSONParseBudget.check(bytes, limit: limit)
    #if canImport(CJSONC)
    if self == .jsonC { return try JSONC.parse(bytes) }
    #endif
    return try JSONParser.parse(bytes)
  }

  func serialize(_ value: JSONValue, into buffer: inout [UInt8]) throws(LogCodecError) {
    #if canImport(CJSONC)
    if self == .jsonC { return try JSONC.serialize(value, into: &buffer) }
    #endif
    try JSONWriter.write(value, into: &buffer)
  }
}

/// Runs `body`, turning the `DecodingError`s and `EncodingError`s it throws into
/// `LogCodecError`s. Errors a value's own `Codable` code throws pass through unchanged.
func withCodecErrors<Result>(_ body: () throws -> Result) throws -> Result {
  do {
    return try body()
  } catch let error as DecodingError {
    throw LogCodecError(error)
  } catch let error as EncodingError {
    throw LogCodecError(error)
  }
}
