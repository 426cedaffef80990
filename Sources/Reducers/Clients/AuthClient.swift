public import Foundation
import IssueReporting

/// Logs a user in: the sign-in form's one dependency.
///
/// The live value, `AuthClient.live(baseURL:)` in the `LiveClients` module (which brings the
/// HTTP stack, so that the reducers do not), speaks Strapi's local login
/// (`POST {base}/auth/local`). There is no public
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
