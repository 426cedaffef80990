#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Where the draws of one fold go (recording), or come from (replay).
///
/// A store that has plugins puts its tape in place for the length of each reducer call, on the
/// main thread (``installOnMain(_:)``); replay puts one in place on its own thread for each
/// event (``installOnThisThread(_:)``). The generators (`UUIDGenerator`, `DateGenerator`,
/// `WithRandomNumberGenerator`) look for it on the thread they are called on, so only what a
/// reducer draws while it folds is taped: an effect that makes a UUID on another thread draws
/// a live one, and its result comes back as an action, which the log has anyway.
@usableFromInline
package final class DrawTape {
  package enum Mode {
    /// Draw live values and keep them.
    case recording
    /// Hand back the values recorded for this event, in order.
    case replaying
  }

  package let mode: Mode
  /// Recording: the values drawn so far in this fold. Replaying: the values recorded.
  package private(set) var draws: [Draw] = []
  private var next = 0
  /// Replaying: what went wrong first (a draw the log does not hold, or of another kind).
  package private(set) var mismatch: String?

  package init(mode: Mode) {
    self.mode = mode
  }

  // MARK: Around one fold

  /// Starts the fold of one event, with the values the log recorded for it when replaying.
  package func begin(replaying recorded: [Draw] = []) {
    draws = recorded
    next = 0
    mismatch = nil
  }

  /// Recording: the draws of the fold that just ended (usually none: no allocation).
  @usableFromInline
  package func takeDraws() -> [Draw] {
    guard !draws.isEmpty else { return [] }
    defer { draws = [] }
    return draws
  }

  /// Replaying: why the fold that just ended did not draw exactly what was recorded, if it did
  /// not.
  package func replayProblem() -> String? {
    if let mismatch { return mismatch }
    guard next < draws.count else { return nil }
    let left = draws[next...].map(\.kind).joined(separator: ", ")
    return "the log recorded \(draws.count) draw(s) for this event, but the reducer drew only \(next) (left: \(left))"
  }

  // MARK: Drawing

  /// A value of `kind`: drawn live with `live` and kept (recording), or the next recorded one
  /// (replaying). When replay finds no recorded value that fits, it notes why and returns
  /// `standIn()` (not the dependency's own value, which in a test would report itself
  /// unimplemented), so that the fold ends and the replay can say where it went wrong.
  func draw<Value>(
    _ kind: String, live: () -> Value, standIn: () -> Value, wrap: (Value) -> Draw, unwrap: (Draw) -> Value?
  ) -> Value {
    switch mode {
    case .recording:
      let value = live()
      draws.append(wrap(value))
      return value
    case .replaying:
      guard next < draws.count else {
        if mismatch == nil {
          mismatch = "the reducer drew a \(kind) (draw \(next + 1)), but the log recorded \(draws.count) draw(s) for this event"
        }
        return standIn()
      }
      let recorded = draws[next]
      next += 1
      guard let value = unwrap(recorded) else {
        if mismatch == nil {
          mismatch = "the reducer drew a \(kind) (draw \(next)), but the log recorded a \(recorded.kind) there"
        }
        return standIn()
      }
      return value
    }
  }

  // MARK: Where it is found

  // NB: The main actor's tape is a plain static: only the main actor's folds write it, and a
  //     generator reads it only on the thread that last installed it (`installer`, a relaxed
  //     atomic, so that other threads may compare against it). A store's fold pays a pointer
  //     store and a `pthread_self()` for it, where a thread-local would cost library calls.
  //     Not `Thread.isMainThread`: on Linux it names whichever thread first touched Foundation.
  nonisolated(unsafe) private static var onMain: DrawTape?
  private static let installer = Atomic<UInt>(0)

  /// The tape of the fold running on this thread, if any.
  static var current: DrawTape? {
    if installer.load(ordering: .relaxed) == currentThreadID(), let tape = onMain { return tape }
    guard let pointer = pthread_getspecific(threadKey) else { return nil }
    return Unmanaged<DrawTape>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Puts `tape` in place for the main actor's folds; returns the one it replaces (a fold
  /// nested in another, through a plugin, puts the outer one back after).
  @MainActor @usableFromInline
  package static func installOnMain(_ tape: DrawTape?) -> DrawTape? {
    let outer = onMain
    onMain = tape
    installer.store(currentThreadID(), ordering: .relaxed)
    return outer
  }

  /// Puts `tape` in place for this thread (replay), or removes it. The caller keeps it alive.
  package static func installOnThisThread(_ tape: DrawTape?) {
    pthread_setspecific(threadKey, tape.map { Unmanaged.passUnretained($0).toOpaque() })
  }

  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()
}

/// This thread's `pthread_self()` as a number.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
