public import Store

/// What a meeting hears: speech recognition's transcript of it, revised as it goes.
public struct SpeechClient: Sendable {
  /// Starts listening. Each element is the whole transcript so far; the stream ends when
  /// recognition stops, and throws when it fails.
  public var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>

  public init(transcripts: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>) {
    self.transcripts = transcripts
  }
}

public struct SpeechError: Error, Equatable, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
}

extension SpeechClient: DependencyKey {
  /// This package has no speech recognizer (the app runs on Linux too): the stream ends at
  /// once, and a meeting is saved with an empty transcript. An app on Apple platforms gives
  /// one over the Speech framework.
  public static var liveValue: SpeechClient {
    SpeechClient { AsyncThrowingStream { $0.finish() } }
  }

  /// Fails the test that starts a meeting without saying what it hears.
  public static var testValue: SpeechClient {
    SpeechClient {
      AsyncThrowingStream { $0.finish(throwing: SpeechError(reason: #"unimplemented: override @Dependency(\.speech)"#)) }
    }
  }
}

extension DependencyValues {
  public var speech: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
