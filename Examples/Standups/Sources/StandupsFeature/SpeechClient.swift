import IssueReporting
public import Store

/// What a meeting hears: speech recognition's transcript of it, revised as it goes.
public struct SpeechClient: Sendable {
  /// What the user allowed, as the system tells it at once.
  public enum Authorization: String, Codable, Sendable {
    case authorized, denied, notDetermined, restricted
  }

  /// Whether speech recognition may run: asked synchronously, before a meeting starts.
  public var authorizationStatus: @Sendable () -> Authorization
  /// Starts listening. Each element is the whole transcript so far; the stream ends when
  /// recognition stops, and throws when it fails.
  public var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

  public init(
    authorizationStatus: @escaping @Sendable () -> Authorization = { .authorized },
    transcripts: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.transcripts = transcripts
  }
}

public struct SpeechError: Error, Equatable, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
}

extension SpeechClient: DependencyKey {
  /// This package has no speech recognizer (the app runs on Linux too): recognition is
  /// denied, and a meeting started anyway is saved with an empty transcript. An app on Apple
  /// platforms gives one over the Speech framework.
  public static var liveValue: SpeechClient {
    SpeechClient(authorizationStatus: { .denied }, transcripts: { AsyncThrowingStream { $0.finish() } })
  }

  /// Fails the test that starts a meeting without saying what it hears, or asks whether it
  /// may listen without saying what the user allowed.
  public static var testValue: SpeechClient {
    SpeechClient(
      authorizationStatus: {
        reportIssue(#"Unimplemented: @Dependency(\.speech).authorizationStatus"#)
        return .denied
      },
      transcripts: {
        AsyncThrowingStream { $0.finish(throwing: SpeechError(reason: #"unimplemented: override @Dependency(\.speech)"#)) }
      })
  }
}

extension DependencyValues {
  public var speech: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
