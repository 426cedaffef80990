public import Foundation
public import Reducers
import RefoldHTTP

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

extension UsersClient {
  /// JSONPlaceholder.
  public static let defaultBaseURL = URL(string: "https://jsonplaceholder.typicode.com")!

  /// A client for a JSONPlaceholder-style server at `baseURL`.
  ///
  /// Sends `GET {base}/users` and decodes `[{"id", "name", "username", "email", …}]`, ignoring
  /// the other fields. No answer or a non-2xx status throws ``FetchError/Kind/network``; a body
  /// that does not decode throws ``FetchError/Kind/parse``.
  public static func live(
    baseURL: URL = defaultBaseURL,
    timeout: Duration = .seconds(10),
    session: URLSession? = nil
  ) -> Self {
    let session = session ?? HTTP.defaultSession
    let url = baseURL.appendingEndpoint("users")
    return Self {
      let response: HTTP.Response
      do {
        response = try await HTTP.send(HTTP.request("GET", url, timeout: timeout), session: session)
      } catch let error as HTTP.TransportError {
        throw FetchError(kind: .network, message: error.description)
      }
      return try decodeUsers(response)
    }
  }

  /// Sorts a users reply into users or a ``FetchError``.
  static func decodeUsers(_ response: HTTP.Response) throws(FetchError) -> [User] {
    guard response.isSuccess else {
      throw FetchError(kind: .network, message: "The server answered HTTP \(response.status)")
    }
    do {
      return try JSONDecoder().decode([User].self, from: response.body)
    } catch {
      throw FetchError(kind: .parse, message: "The users reply did not decode: \(decodingFailureReason(error))")
    }
  }
}
