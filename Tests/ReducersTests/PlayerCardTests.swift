import Foundation
import Testing
@testable import Reducers

@MainActor
struct PlayerCardTests {
  static let birthday = PlayerCard.date(year: 1992, month: 7, day: 8)

  @Test func tickMovesNow() async {
    let later = PlayerCard.date(year: 2030, month: 1, day: 1)
    let store = TestStore(initialState: PlayerCard.State(), reducer: PlayerCard())
    await store.send(.tick(later)) { $0.now = later }
    await store.finish()
  }

  @Test func theDefaultCardIsSon() {
    let state = PlayerCard.State()
    #expect(state.nameText == "선수 이름: Son")
    #expect(state.ageText == "나이: 32살")
    #expect(state.weeklyPayText == "주급: 5억")
    #expect(state.player.birthday == Date(timeIntervalSinceReferenceDate: -267_786_000))
    #expect(state.now == Date(timeIntervalSinceReferenceDate: 757_350_000))
  }

  @Test func theAgeChangesExactlyOnTheBirthday() async {
    let eve = PlayerCard.date(year: 2025, month: 7, day: 8).addingTimeInterval(-1)  // 23:59:59 KST
    let birthday = PlayerCard.date(year: 2025, month: 7, day: 8)  // 00:00:00 KST
    let store = TestStore(initialState: PlayerCard.State(now: eve), reducer: PlayerCard())
    #expect(store.state.ageText == "나이: 32살")
    await store.send(.tick(birthday)) { $0.now = birthday }
    #expect(store.state.ageText == "나이: 33살")
    await store.send(.tick(eve)) { $0.now = eve }
    #expect(store.state.ageText == "나이: 32살")
    await store.finish()
  }

  @Test func onlyTheDayOfTheBirthdayCounts() {
    // Born late in the evening, Korean time: still a year older at midnight on the birthday.
    let lateBirth = Self.birthday.addingTimeInterval(23 * 3600)
    let player = Player(name: "Son", birthday: lateBirth, position: .striker)
    #expect(PlayerCard.State(player: player, now: PlayerCard.date(year: 2025, month: 7, day: 8)).age == 33)
    #expect(PlayerCard.State(player: player, now: PlayerCard.date(year: 2025, month: 7, day: 7).addingTimeInterval(86_399)).age == 32)
  }

  @Test(arguments: [
    // (born, now, age)
    ((2000, 2, 29), (2001, 2, 28), 0),
    ((2000, 2, 29), (2001, 3, 1), 1),
    ((2000, 2, 29), (2004, 2, 29), 4),
    ((1992, 7, 8), (1992, 7, 8), 0),
    ((1992, 7, 8), (1993, 7, 7), 0),
    ((1992, 7, 8), (1993, 7, 8), 1),
    ((1992, 12, 31), (1993, 1, 1), 0),
    ((1992, 7, 8), (1990, 1, 1), 0),  // not born yet: never negative
  ])
  func ageIsWholeGregorianYears(born: (Int, Int, Int), now: (Int, Int, Int), age: Int) {
    let state = PlayerCard.State(
      player: Player(name: "X", birthday: PlayerCard.date(year: born.0, month: born.1, day: born.2), position: .defender),
      now: PlayerCard.date(year: now.0, month: now.1, day: now.2)
    )
    #expect(state.age == age)
  }

  @Test(arguments: [
    (Player.Position.striker, "주급: 5억", "Weekly pay: ₩500M"),
    (.midfielder, "주급: 3억", "Weekly pay: ₩300M"),
    (.defender, "주급: 2억", "Weekly pay: ₩200M"),
    (.goalkeeper, "주급: 5000만원", "Weekly pay: ₩50M"),
  ])
  func weeklyPayDependsOnPosition(position: Player.Position, korean: String, english: String) {
    let state = PlayerCard.State(player: Player(name: "Kim", birthday: Self.birthday, position: position))
    #expect(state.weeklyPayText == korean)
    #expect(state.weeklyPayText(in: .english) == english)
  }

  @Test func theEnglishTableWritesEnglish() {
    let state = PlayerCard.State()
    #expect(state.nameText(in: .english) == "Player name: Son")
    #expect(state.ageText(in: .english) == "Age: 32")
  }

  @Test func theAgeDoesNotDependOnTheMachinesTimeZone() {
    let before = NSTimeZone.default
    defer { NSTimeZone.default = before }
    let eve = PlayerCard.State(now: PlayerCard.date(year: 2025, month: 7, day: 8).addingTimeInterval(-1))
    for hours in [-12, 0, 9, 14] {
      NSTimeZone.default = TimeZone(secondsFromGMT: hours * 3600)!
      #expect(eve.age == 32)
    }
  }
}
