#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch

/// Where the draws of one fold go (recording), or come from (replay).
///
/// On the main actor, one recording tape (``main``) keeps what a recording store's reducer
/// (a store with plugins) draws while it runs; the store takes it after, for the commit. Replay puts a replaying tape in place on its own
/// thread (``installOnThisThread(_:)``). The generators (`UUIDGenerator`, `DateGenerator`,
/// `WithRandomNumberGenerator`) look for a tape on the thread they are called on, so an effect
/// that makes a UUID on another thread draws a live one, untaped: its result comes back as an
/// action, which the log has anyway.
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
  package internal(set) var draws: [Draw] = []
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

  /// Recording: the draws so far, taken.
  func takeNonEmptyDraws() -> [Draw] {
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
      if self === DrawTape.main { DrawTape.mainHasDraws = true }
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
          mismatch =
            recorded.kind == kind
            ? "the reducer drew a \(kind) (draw \(next)), but the value the log recorded does not decode as the type it reads now"
            : "the reducer drew a \(kind) (draw \(next)), but the log recorded a \(recorded.kind) there"
        }
        return standIn()
      }
      return value
    }
  }

  // MARK: Where it is found

  // NB: The main actor's tape is found without writing anything per fold but one flag: a
  //     recording store's fold empties ``main`` before its reducer when it holds anything, and
  //     takes what is on it after. A generator, when it draws, asks whether it runs on the main
  //     queue (where the main actor runs, on whichever thread drains it: under a test runner
  //     it moves). Noting the thread, or putting a tape in place, at every fold cost a recorded
  //     commit 20 to 35 ns of its 14 (W4).

  /// The main actor's recording tape.
  nonisolated(unsafe) static let main = DrawTape(mode: .recording)
  /// Whether ``main`` holds draws: all a recording store's fold reads. Only the main actor
  /// touches it. Its accesses are checked for exclusivity: without the checks W4 measured no
  /// faster (docs/unsafe-code.md).
  @usableFromInline nonisolated(unsafe) static var mainHasDraws = false
  /// Stores with plugins alive: without any, nothing drawn on the main queue is kept.
  nonisolated(unsafe) private static var recordingStores = 0

  /// The tape of the fold running here, if any.
  static var current: DrawTape? {
    if let pointer = pthread_getspecific(threadKey) {
      return Unmanaged<DrawTape>.fromOpaque(pointer).takeUnretainedValue()
    }
    guard DispatchQueue.getSpecific(key: mainQueueKey) != nil, recordingStores > 0 else { return nil }
    return main
  }

  /// A store with plugins exists from now on: what is drawn on the main queue is kept.
  @MainActor
  package static func recordingStoreAppeared() {
    recordingStores += 1
  }

  /// One store with plugins fewer.
  @MainActor
  package static func recordingStoreWent() {
    recordingStores -= 1
    if recordingStores == 0 { discardMainDraws() }
  }

  /// Drops what was drawn on the main queue outside a recording store's reducer.
  @MainActor @usableFromInline
  package static func discardMainDraws() {
    main.draws = []
    mainHasDraws = false
  }

  /// What the reducer that just returned drew on the main queue.
  @MainActor @usableFromInline
  package static func takeMainDraws() -> [Draw] {
    mainHasDraws = false
    return main.takeNonEmptyDraws()
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

/// Set on the main queue only, so that a lookup finds it exactly when running there.
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()
