import Foundation
import InternalTestSupport
import Reducers

/// Values the tests share.
enum Fixture {
  static let session = Session(token: "jwt-secret", id: 7, email: "son@example.com", username: "son")
  static let otherSession = Session(token: "jwt-other", id: 8, email: "kim@example.com", username: "kim")

  static let hypeBoy = Track(
    song: "Hype Boy", artist: "NewJeans", album: "New Jeans",
    imageURL: URL(string: "https://example.com/hype.jpg"), releaseDate: "2022-08-01T12:00:00Z"
  )
  static let attention = Track(
    song: "Attention", artist: "NewJeans", album: "New Jeans",
    imageURL: nil, releaseDate: "2022-07-22T12:00:00Z"
  )
  static let goodDay = Track(
    song: "좋은 날", artist: "아이유", album: "Real", imageURL: nil, releaseDate: "2010-12-09T08:00:00Z"
  )

  static let leanne = User(id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz")
  static let ervin = User(id: 2, name: "Ervin Howell", username: "Antonette", email: "Shanna@melissa.tv")
}

/// Values that test clients record from inside effects, which run off the main actor. A test
/// can wait for them, so that it acts only once an effect has got as far as the client.
final class Recorded<Value: Sendable>: Sendable {
  private struct State {
    var values: [Value] = []
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  // NB: LockIsolated (an NSRecursiveLock), not Synchronization.Mutex: ThreadSanitizer does not
  //     see Mutex's futex on Linux, and reported the values it guards as a race.
  private let state = LockIsolated(State())

  func append(_ value: Value) {
    let ready = state.withValue { state in
      state.values.append(value)
      let count = state.values.count
      let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  var all: [Value] { state.withValue { $0.values } }

  /// Returns once `count` values have been recorded.
  func waitForCount(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = state.withValue { state in
        if state.values.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// Suspends until the calling task is cancelled, then throws `CancellationError`: a request
/// that never answers.
func untilCancelled() async throws -> Never {
  let gate = Gate()
  await withTaskCancellationHandler {
    await gate.wait()
  } onCancel: {
    gate.open()
  }
  throw CancellationError()
}

/// Encodes with a plain `JSONEncoder`, as the event log's shape is defined.
///
/// NB: on Linux, Foundation's JSONEncoder writes an object's keys in hash order, which changes
///     from one process to the next; only objects with one key come out the same every time.
///     Compare objects with more than one key through ``canonical(_:)``.
func json(_ value: some Encodable) throws -> String {
  String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

/// `text` re-encoded with sorted keys, so that two JSON texts compare by content.
func canonical(_ text: String) throws -> String {
  let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
  return String(decoding: data, as: UTF8.self)
}

/// `value` encoded by JSONEncoder, in sorted-key form.
func canonicalJSON(_ value: some Encodable) throws -> String {
  try canonical(json(value))
}

/// Decodes one JSON line, as `refold run` reads it.
func decode<T: Decodable>(_ type: T.Type, _ line: String) throws -> T {
  try JSONDecoder().decode(type, from: Data(line.utf8))
}

/// An error that is none of the clients' own.
struct SomethingElse: Error, CustomStringConvertible {
  var description: String { "something else" }
}

/// A session store's save that fails.
struct ReadOnlyDisk: Error, CustomStringConvertible {
  var description: String { "read-only file system" }
}
