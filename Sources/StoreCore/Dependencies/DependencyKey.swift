/// A dependency a reducer or an effect reads through ``Dependency``, with the value it has in
/// an app (`liveValue`) and in tests (`testValue`).
///
/// ```swift
/// struct AuthClient: Sendable { var login: @Sendable (Credentials) async throws -> Session }
///
/// extension AuthClient: DependencyKey {
///   static let liveValue = AuthClient(login: { try await API.login($0) })
///   static let testValue = AuthClient(login: { _ in unimplemented("AuthClient.login") })
/// }
///
/// extension DependencyValues {
///   var auth: AuthClient {
///     get { self[AuthClient.self] }
///     set { self[AuthClient.self] = newValue }
///   }
/// }
/// ```
public protocol DependencyKey<Value> {
  associatedtype Value: Sendable
  /// The value in an app.
  static var liveValue: Value { get }
  /// The value under a test runner, unless a test overrides it. Defaults to ``liveValue``;
  /// give a client that talks to the world an `unimplemented` one, so that a test that forgot
  /// to override it fails instead of calling out.
  static var testValue: Value { get }
}

extension DependencyKey {
  public static var testValue: Value { liveValue }
}
