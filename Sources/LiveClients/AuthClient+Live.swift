public import Foundation
public import Reducers
import RefoldHTTP

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

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
