import Foundation
import Testing
@testable import Reducers

struct ReleaseDateTests {
  static func track(_ releaseDate: String) -> Track {
    Track(song: "s", artist: "a", album: "b", imageURL: nil, releaseDate: releaseDate)
  }

  @Test(arguments: [
    ("2022-08-01T12:00:00Z", "2022.08.01", "Aug 1, 2022"),
    ("2022-08-01T00:00:00Z", "2022.08.01", "Aug 1, 2022"),
    ("2022-08-01T23:59:59Z", "2022.08.01", "Aug 1, 2022"),
    ("2022-07-31T23:00:00-08:00", "2022.08.01", "Aug 1, 2022"),  // UTC decides the day
    ("2022-08-01T00:30:00+09:00", "2022.07.31", "Jul 31, 2022"),
    ("2022-08-01T12:00:00.000Z", "2022.08.01", "Aug 1, 2022"),
    ("2022-08-01", "2022.08.01", "Aug 1, 2022"),
    ("2010-12-09T08:00:00Z", "2010.12.09", "Dec 9, 2010"),
    ("", "", ""),
    ("someday", "someday", "someday"),
  ])
  func releaseDateTextIsTheUTCDay(releaseDate: String, korean: String, english: String) {
    let track = Self.track(releaseDate)
    #expect(track.releaseDateText == korean)
    #expect(track.releaseDateText(in: .english) == english)
  }

  @Test func theTextDoesNotDependOnTheMachinesTimeZone() {
    // The derived text reads only its own calendar; the process's zone is never consulted.
    let before = NSTimeZone.default
    defer { NSTimeZone.default = before }
    NSTimeZone.default = TimeZone(identifier: "Pacific/Kiritimati") ?? TimeZone(secondsFromGMT: 14 * 3600)!
    #expect(Self.track("2022-08-01T12:00:00Z").releaseDateText == "2022.08.01")
    NSTimeZone.default = TimeZone(secondsFromGMT: -12 * 3600)!
    #expect(Self.track("2022-08-01T00:00:00Z").releaseDateText == "2022.08.01")
  }
}
