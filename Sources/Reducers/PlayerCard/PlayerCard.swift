public import Foundation

/// The player card: a player and the texts derived from them.
///
/// ```swift
/// let store = Store(initialState: PlayerCard.State(now: Date()), reducer: PlayerCard())
/// let binding = store.bind(\.ageText) { ageLabel.text = $0 }   // "나이: 32살"
/// store.send(.tick(Date()))                                      // e.g. from a daily timer
/// ```
///
/// The reducer is pure: the current time enters only through `tick(Date)`, so a replayed log
/// shows the ages it showed live. The texts are derived (``State/nameText``,
/// ``State/ageText``, ``State/weeklyPayText``), so they are not in the state's JSON.
public struct PlayerCard: Reducer {
  /// JSON: `{"player":{"name":"Son","birthday":-267786000,"position":"striker"},"now":757350000}`.
  public struct State: Codable, Equatable, Sendable {
    public var player: Player
    /// The moment ages are computed against. Changes only through `tick(Date)`.
    public var now: Date

    /// - Parameters:
    ///   - player: Son Heung-min unless given.
    ///   - now: ``PlayerCard/defaultNow`` unless given, so that `State()` is the same value on
    ///     every machine and every run; a host passes the wall clock.
    public init(player: Player = PlayerCard.son, now: Date = PlayerCard.defaultNow) {
      self.player = player
      self.now = now
    }
  }

  /// JSON: `{"tick":{"_0":757350000}}`: the new time, in seconds since 2001-01-01T00:00:00Z.
  public enum Action: Codable, Equatable, Sendable {
    /// The clock moved on.
    case tick(Date)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .tick(now):
      state.now = now
      return .none
    }
  }
}

extension PlayerCard {
  /// The time zone a birthday and `now` are read in: Korea Standard Time, UTC+9, as the
  /// tutorial's users lived in it. A fixed offset rather than `Asia/Seoul`, so no time-zone
  /// database is needed; Korea has kept UTC+9 without daylight saving since 1988.
  public static let timeZone = TimeZone(secondsFromGMT: 9 * 3600)!

  /// The Gregorian calendar in ``timeZone``.
  public static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }()

  /// The start of a day in ``timeZone``: `PlayerCard.date(year: 1992, month: 7, day: 8)`.
  public static func date(year: Int, month: Int, day: Int) -> Date {
    calendar.date(from: DateComponents(year: year, month: month, day: day))!
  }

  /// The default player: Son Heung-min, born 1992-07-08, a striker.
  public static let son = Player(name: "Son", birthday: date(year: 1992, month: 7, day: 8), position: .striker)

  /// The default `now`: 2025-01-01T00:00:00+09:00.
  public static let defaultNow = date(year: 2025, month: 1, day: 1)
}
