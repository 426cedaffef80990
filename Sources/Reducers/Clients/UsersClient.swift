public import Foundation
import IssueReporting

/// Fetches the user list: the user list's one dependency.
///
/// The live value, `UsersClient.live()` in the `LiveClients` module (which brings the HTTP
/// stack, so that the reducers do not), speaks JSONPlaceholder's `/users` and points at it by
/// default:
///
/// ```swift
/// let users = try await UsersClient.live().fetch()
///
/// // in a test
/// let client = UsersClient.returning([User(id: 1, name: "Leanne Graham", username: "Bret", email: "…")])
/// ```
///
/// Every failure is thrown as a ``FetchError``, except cancellation, which throws
/// `CancellationError`.
public struct UsersClient: Sendable {
  /// Returns all users.
  public var fetch: @Sendable () async throws -> [User]

  public init(fetch: @escaping @Sendable () async throws -> [User]) {
    self.fetch = fetch
  }
}

extension UsersClient {
  /// Reports an issue naming the endpoint, and throws, when `fetch` is called.
  public static let unimplemented = Self {
    reportIssue("Unimplemented: UsersClient.fetch (GET /users) was called.")
    throw UnimplementedEndpoint(name: "UsersClient.fetch")
  }

  /// Answers every fetch with `users`.
  public static func returning(_ users: [User]) -> Self {
    Self { users }
  }

  /// Fails every fetch with `error`.
  public static func failing(_ error: FetchError) -> Self {
    Self { throw error }
  }
}
