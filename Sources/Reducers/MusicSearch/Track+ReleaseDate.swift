import Foundation

extension Track {
  /// The release date for display, in Korean: `2022-08-01T12:00:00Z` gives `"2022.08.01"`.
  public var releaseDateText: String { releaseDateText(in: .korean) }

  /// The release date for display, from `messages` (English: `"Aug 1, 2022"`).
  ///
  /// The date is read as ISO 8601 (with or without a time, an offset or fractional seconds)
  /// and shown as its Gregorian day in UTC, the time zone the iTunes Search API writes, so the
  /// machine's locale and time zone don't change it. An empty date gives `""`; one that does
  /// not parse is shown as it came.
  public func releaseDateText(in messages: Messages) -> String {
    guard !releaseDate.isEmpty else { return "" }
    guard let date = Self.parseISO8601(releaseDate) else { return releaseDate }
    let day = Self.utcCalendar.dateComponents([.year, .month, .day], from: date)
    guard let year = day.year, let month = day.month, let dayOfMonth = day.day else { return releaseDate }
    return messages.releaseDate(year, month, dayOfMonth)
  }

  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }()

  private static let iso8601Styles: [Date.ISO8601FormatStyle] = [
    .iso8601,
    Date.ISO8601FormatStyle(includingFractionalSeconds: true),
    Date.ISO8601FormatStyle().year().month().day(),
  ]

  static func parseISO8601(_ text: String) -> Date? {
    for style in iso8601Styles {
      if let date = try? style.parse(text) { return date }
    }
    return nil
  }
}
