import Foundation
import IssueReporting
import Testing

@testable import Reducers

/// One endpoint of an `unimplemented` double, called with throwaway arguments.
struct UnimplementedEndpointCase: Sendable, CustomTestStringConvertible {
  var name: String
  var message: String
  var call: @Sendable () async throws -> Void

  var testDescription: String { name }

  static let all: [Self] = [
    Self(name: "AuthClient.login", message: "Unimplemented: AuthClient.login (POST /auth/local) was called.") {
      _ = try await AuthClient.unimplemented.login(Credentials(identifier: "son", password: "secret"))
    },
    Self(name: "MusicSearchClient.search", message: "Unimplemented: MusicSearchClient.search (GET /search) was called.") {
      _ = try await MusicSearchClient.unimplemented.search("new jeans")
    },
    Self(name: "UsersClient.fetch", message: "Unimplemented: UsersClient.fetch (GET /users) was called.") {
      _ = try await UsersClient.unimplemented.fetch()
    },
    Self(name: "SessionStore.save", message: "Unimplemented: SessionStore.save was called.") {
      try await SessionStore.unimplemented.save(Session(token: "t", id: 1, email: "a@example.com", username: "a"))
    },
    Self(name: "SessionStore.load", message: "Unimplemented: SessionStore.load was called.") {
      _ = try await SessionStore.unimplemented.load()
    },
    Self(name: "SessionStore.clear", message: "Unimplemented: SessionStore.clear was called.") {
      try await SessionStore.unimplemented.clear()
    },
  ]
}

/// Collects reported issues instead of failing the test, so that their text can be checked.
final class RecordingIssueReporter: IssueReporter, Sendable {
  private let box = LockedBox<[String]>([])

  var messages: [String] { box.withLock { $0 } }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let text = message() ?? ""
    box.withLock { $0.append(text) }
  }
}

struct UnimplementedClientTests {
  @Test(arguments: UnimplementedEndpointCase.all)
  func unimplementedDoubleReportsTheEndpointAndThrows(_ endpoint: UnimplementedEndpointCase) async {
    let reporter = RecordingIssueReporter()
    await withIssueReporters([reporter]) {
      _ = await #expect(throws: UnimplementedEndpoint.self) { try await endpoint.call() }
    }
    #expect(reporter.messages == [endpoint.message])
  }

  @Test(arguments: UnimplementedEndpointCase.all)
  func unimplementedDoubleFailsTheRunningTest(_ endpoint: UnimplementedEndpointCase) async {
    await withKnownIssue {
      _ = try? await endpoint.call()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(endpoint.name) }
    }
  }

  @Test func thrownErrorNamesTheEndpoint() async {
    let error = await withIssueReporters([]) {
      await #expect(throws: UnimplementedEndpoint.self) { _ = try await UsersClient.unimplemented.fetch() }
    }
    #expect(error?.name == "UsersClient.fetch")
    #expect(error?.description == "Unimplemented: UsersClient.fetch")
  }
}
