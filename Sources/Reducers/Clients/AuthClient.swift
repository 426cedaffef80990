public import Foundation
import IssueReporting
import RefoldHTTP

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// Logs a user in: the sign-in form's one dependency.
///
/// The live value speaks Strapi's local login (`POST {base}/auth/local`). There is no public
/// default server, so the base URL must be given. Tests substitute a closure:
///
/// ```swift
/// let auth = AuthClient.live(baseURL: URL(string: "http://127.0.0.1:1337/api")!)
/// let session = try await auth.login(Credentials(identifier: "son@example.com", password: "…"))
///
/// // in a test
/// let auth = AuthClient(login: { _ in Session(token: "t", id: 1, email: "a@b.c", username: "a") })
/// ```
///
/// Every failure is thrown as a ``LoginError``, except cancellation, which throws
/// `CancellationError`.
public struct AuthClient: Sendable {
  /// Exchanges credentials for a session.
  public var login: @Sendable (Credentials) async throws -> Session

  public init(login: @escaping @Sendable (Credentials) async throws -> Session) {
    self.login = login
  }
}

extension AuthClient {
  /// A client that logs in against a Strapi-style server at `baseURL`.
  ///
  /// - `200 {"jwt", "user": {"id", "username", "email"}}` gives a ``Session``;
  /// - `400 {"error": {"status", "name", "message"}}` throws ``LoginError/Kind/rejected`` with the
  ///   server's message;
  /// - no answer, or any other status, throws ``LoginError/Kind/network``;
  /// - a body that does not decode throws ``LoginError/Kind/parse``.
  ///
  /// - Parameters:
  ///   - baseURL: The server, with any path prefix (`https://example.com/api`).
  ///   - timeout: How long the request may wait for the server.
  ///   - session: The URLSession to send through.
  public static func live(
    baseURL: URL,
    timeout: Duration = .seconds(10),
    session: URLSession? = nil
  ) -> Self {
    let session = session ?? HTTP.defaultSession
    let url = baseURL.appendingEndpoint("auth/local")
    return Self { credentials in
      let body = try JSONEncoder().encode(LoginRequest(identifier: credentials.identifier, password: credentials.password))
      let response: HTTP.Response
      do {
        response = try await HTTP.send(HTTP.request("POST", url, timeout: timeout, json: body), session: session)
      } catch let error as HTTP.TransportError {
        throw LoginError(kind: .network, message: error.description)
      }
      return try decodeLogin(response)
    }
  }

  /// Sorts a login reply into a session or a ``LoginError``. Internal so that tests can feed it
  /// bodies without a server.
  static func decodeLogin(_ response: HTTP.Response) throws(LoginError) -> Session {
    let decoder = JSONDecoder()
    guard response.isSuccess else {
      if response.status == 400, let failure = try? decoder.decode(StrapiErrorBody.self, from: response.body) {
        throw LoginError(kind: .rejected, message: failure.error.message)
      }
      let detail = (try? decoder.decode(StrapiErrorBody.self, from: response.body)).map { ": \($0.error.message)" } ?? ""
      throw LoginError(kind: .network, message: "The server answered HTTP \(response.status)\(detail)")
    }
    do {
      let reply = try decoder.decode(LoginReply.self, from: response.body)
      return Session(token: reply.jwt, id: reply.user.id, email: reply.user.email, username: reply.user.username)
    } catch {
      throw LoginError(kind: .parse, message: "The login reply did not decode: \(decodingFailureReason(error))")
    }
  }
}

extension AuthClient {
  /// Reports an issue naming the endpoint, and throws, when `login` is called: use it for tests
  /// that must not log in.
  public static let unimplemented = Self { _ in
    reportIssue("Unimplemented: AuthClient.login (POST /auth/local) was called.")
    throw UnimplementedEndpoint(name: "AuthClient.login")
  }

  /// Logs everyone in as `session`.
  public static func succeeding(_ session: Session) -> Self {
    Self { _ in session }
  }

  /// Fails every login with `error`.
  public static func failing(_ error: LoginError) -> Self {
    Self { _ in throw error }
  }
}

// MARK: - Wire shapes (Strapi v4)

struct LoginRequest: Encodable {
  var identifier: String
  var password: String
}

struct LoginReply: Decodable {
  struct User: Decodable {
    var id: Int
    var username: String
    var email: String
  }

  var jwt: String
  var user: User
}

struct StrapiErrorBody: Decodable {
  struct Failure: Decodable {
    var status: Int?
    var name: String?
    var message: String
  }

  var error: Failure
}
