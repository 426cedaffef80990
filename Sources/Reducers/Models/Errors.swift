/// Why a login failed. `message` is what the user sees: the server's own message for wrong
/// credentials, or a short description of a transport or decoding failure.
public struct LoginError: Error, Codable, Equatable, Hashable, Sendable {
  public enum Kind: String, Codable, Sendable {
    /// The server refused the credentials (HTTP 400 with a Strapi-style error body).
    case rejected
    /// The request did not get an answer: no connection, a timeout, or a non-2xx status.
    case network
    /// The answer could not be decoded.
    case parse
  }

  public var kind: Kind
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }
}

/// Why a music search failed, in the tutorial's three kinds.
public enum SearchError: String, Error, Codable, Equatable, Hashable, Sendable, CaseIterable {
  /// The server answered with no usable data.
  case data
  /// A transport failure or a non-2xx status.
  case network
  /// The body did not decode.
  case parse
}

/// Why fetching the user list failed.
public struct FetchError: Error, Codable, Equatable, Hashable, Sendable {
  public enum Kind: String, Codable, Sendable {
    case network
    case parse
  }

  public var kind: Kind
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }
}
