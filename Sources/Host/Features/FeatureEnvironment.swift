public import Foundation
import Store

/// What a hosted feature is built with: the host's options (`--base-url`, `--session-file`,
/// `--request-timeout`), a clock, and any dependency a feature declares for itself with a
/// ``FeatureEnvironmentKey``.
///
/// ```swift
/// // A client of your own, reached by `environment.facts` in your feature's `init(environment:)`.
/// enum FactClientKey: FeatureEnvironmentKey {
///   static func liveValue(_ environment: FeatureEnvironment) -> FactClient {
///     // `--base-url`, or the host's default server; nil when there is neither.
///     environment.baseURL.map { FactClient.live(baseURL: $0) } ?? .unavailable
///   }
///   static var replayValue: FactClient { .unavailable }  // a replay never runs effects
/// }
/// extension FeatureEnvironment {
///   var facts: FactClient {
///     get { self[FactClientKey.self] }
///     set { self[FactClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// `refold run` and `refold demo` build a ``Mode-swift.enum/live`` environment; replay, inspect
/// and diff a ``Mode-swift.enum/replay`` one, whose clients must never be called: a replay
/// never runs effects, so a call is a bug. A value set through the subscript wins over the
/// key's defaults; a live value is made once per environment and shared by every feature that
/// reads it (one session store for a whole app).
public struct FeatureEnvironment: Sendable {
  public enum Mode: Sendable, Equatable {
    /// Effects run against real clients.
    case live
    /// Effects never run: a replay folds recorded actions.
    case replay
  }

  public let mode: Mode
  /// The server the effects talk to: `--base-url`, or the host's default server, if any.
  public var baseURL: URL?
  /// Where a feature keeps a signed-in session (`--session-file`); in memory when nil.
  public var sessionFile: URL?
  /// How long one request to ``baseURL`` may take, answer included (`--request-timeout`).
  public var requestTimeout: Duration
  public var clock: any Clock<Duration>
  public var now: @Sendable () -> Date

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private let liveValues = LiveValues()

  public init(
    mode: Mode,
    baseURL: URL? = nil,
    sessionFile: URL? = nil,
    requestTimeout: Duration = Self.defaultRequestTimeout,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.mode = mode
    self.baseURL = baseURL
    self.sessionFile = sessionFile
    self.requestTimeout = requestTimeout
    self.clock = clock
    self.now = now
  }

  /// Ten seconds: what a request to ``baseURL`` may take unless the host says otherwise.
  public static let defaultRequestTimeout: Duration = .seconds(10)

  /// Live clients against `baseURL`, the continuous clock and the wall clock.
  public static func live(
    baseURL: URL?,
    sessionFile: URL? = nil,
    requestTimeout: Duration = defaultRequestTimeout
  ) -> Self {
    Self(mode: .live, baseURL: baseURL, sessionFile: sessionFile, requestTimeout: requestTimeout)
  }

  /// For replay: nothing may be called; `now` is fixed.
  public static var replay: Self {
    Self(mode: .replay, now: { Date(timeIntervalSince1970: 0) })
  }

  /// The dependency `key` names: the value set for it, or else its live or replay value.
  public subscript<Key: FeatureEnvironmentKey>(key: Key.Type) -> Key.Value {
    get {
      let id = ObjectIdentifier(key)
      if let value = overrides[id] as? Key.Value { return value }
      switch mode {
      case .replay: return Key.replayValue
      case .live: return liveValues.value(for: id) { Key.liveValue(self) }
      }
    }
    set { overrides[ObjectIdentifier(key)] = newValue }
  }
}

/// A dependency a hosted feature reads from its ``FeatureEnvironment``, as SwiftUI's
/// `EnvironmentKey` or swift-dependencies' `DependencyKey` declare theirs.
public protocol FeatureEnvironmentKey: SendableMetatype {
  associatedtype Value: Sendable
  /// For `run` and `demo`: made from the host's options (`environment.baseURL` …), once per
  /// environment.
  static func liveValue(_ environment: FeatureEnvironment) -> Value
  /// For replay, which never runs effects: a value whose use reports an issue.
  static var replayValue: Value { get }
}

/// The live values an environment made, so that every reader shares one.
private final class LiveValues: @unchecked Sendable {
  // NB: @unchecked: `values` is only touched with `lock` held (an NSLock, which
  //     ThreadSanitizer sees, unlike Synchronization.Mutex on Linux).
  private let lock = NSLock()
  private var values: [ObjectIdentifier: any Sendable] = [:]

  func value<Value: Sendable>(for id: ObjectIdentifier, make: () -> Value) -> Value {
    if let made = lock.withLock({ values[id] }) as? Value { return made }
    // Made outside the lock: a live value may read other keys of the same environment.
    let made = make()
    return lock.withLock {
      if let first = values[id] as? Value { return first }
      values[id] = made
      return made
    }
  }
}
