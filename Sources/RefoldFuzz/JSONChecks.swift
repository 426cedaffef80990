import JSONCodec
import Store

/// The two JSON backends against each other: json-c (where the platform has it) and the Swift
/// parser must accept and reject the same texts and build the same trees, and both writers must
/// write the same bytes, which parse back to the same tree.
enum JSONChecks {
  /// The tree for `bytes`, or `nil` when they are not JSON. Stops the run on a disagreement.
  static func check(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
    let swift = parse(bytes, .swift)

    #if canImport(CJSONC)
      // json-c on its own, before the Swift parser's fallback can hide a difference: when it
      // keeps a tree, that tree is the Swift parser's. (When it does not, the json-c backend
      // is the Swift parser, so there is nothing more to compare.)
      if let exact = JSONC.parseIfExact(bytes.assumingMemoryBound(to: UInt8.self).span) {
        switch swift {
        case .failure(let error):
          finding("json-c accepts what the Swift parser rejects (\(error))", bytes)
        case .success(let value) where value != exact:
          finding("json-c and the Swift parser build different trees:\n  json-c: \(exact)\n  Swift:  \(value)", bytes)
        case .success:
          break
        }
      }
    #endif

    guard case .success(let value) = swift else { return nil }
    // The parse budget prices a text before it is parsed: never below what its tree holds.
    let price = JSONParseBudget.Census(bytes.assumingMemoryBound(to: UInt8.self).span).estimatedBytes
    let held = JSONParseBudget.heldBytes(of: value)
    if held > price {
      finding("the parse budget prices at \(price) bytes a tree that holds \(held): \(value)", bytes)
    }
    let written = serialize(value, .swift)
    #if canImport(CJSONC)
      let writtenByJSONC = serialize(value, .jsonC)
      if writtenByJSONC != written {
        finding(
          "the writers disagree on \(value):\n  json-c: \(describe(writtenByJSONC))\n  Swift:  \(describe(written))",
          bytes)
      }
    #endif
    // The writer is canonical: what it writes parses to a tree it writes the same way. (Not
    // the same tree: `1.0` parses as a double and is written `1`, which parses as an integer.)
    guard case .success(let text) = written else {
      finding("a parsed tree does not write back: \(describe(written))", bytes)
    }
    let rewritten = text.withUnsafeBytes { parse($0, .swift) }.flatMap { serialize($0, .swift) }
    guard rewritten == written else {
      finding("the writer is not canonical:\n  tree:      \(value)\n  written:   \(describe(written))\n  rewritten: \(describe(rewritten))", bytes)
    }
    return value
  }

  static func parse(_ bytes: UnsafeRawBufferPointer, _ backend: JSONBackend) -> Result<JSONValue, LogCodecError> {
    Result { () throws(LogCodecError) in try LogJSONDecoder(backend: backend).parseJSONLine(bytes) }
  }

  static func serialize(_ value: JSONValue, _ backend: JSONBackend) -> Result<[UInt8], LogCodecError> {
    Result { () throws(LogCodecError) in try LogJSONEncoder(backend: backend).serialize(value) }
  }

  private static func describe(_ result: Result<[UInt8], LogCodecError>) -> String {
    switch result {
    case .success(let bytes): String(reflecting: String(decoding: bytes, as: UTF8.self))
    case .failure(let error): "error: \(error)"
    }
  }
}
