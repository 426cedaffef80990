import Foundation

/// Thrown by the `unimplemented` doubles after they report the issue.
public struct UnimplementedEndpoint: Error, CustomStringConvertible, Sendable {
  /// The client and endpoint, e.g. `AuthClient.login`.
  public var name: String

  public var description: String { "Unimplemented: \(name)" }
}

/// A one-line reason for a decoding failure: which key or value, not the whole coding path dump.
package func decodingFailureReason(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return String(describing: error) }
  func path(_ context: DecodingError.Context) -> String {
    let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
  }
  switch error {
  case .keyNotFound(let key, let context):
    return "missing \"\(key.stringValue)\" at \(path(context))"
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    return "unexpected value at \(path(context))"
  case .dataCorrupted(let context):
    return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context))"
  @unknown default:
    return String(describing: error)
  }
}
