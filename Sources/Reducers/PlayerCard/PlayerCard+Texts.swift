import Foundation

extension PlayerCard.State {
  /// `"선수 이름: Son"`.
  public var nameText: String { nameText(in: .korean) }
  /// `"나이: 32살"`: the age in whole years on ``now``.
  public var ageText: String { ageText(in: .korean) }
  /// `"주급: 5억"`, `"주급: 3억"`, `"주급: 2억"` or `"주급: 5000만원"` by position.
  public var weeklyPayText: String { weeklyPayText(in: .korean) }

  public func nameText(in messages: Messages) -> String {
    messages.playerName(player.name)
  }

  public func ageText(in messages: Messages) -> String {
    messages.playerAge(age)
  }

  public func weeklyPayText(in messages: Messages) -> String {
    messages.weeklyPay(player.position)
  }

  /// Whole Gregorian years from the birthday to `now`, both taken as their day in
  /// ``PlayerCard/timeZone``: it goes up on the birthday itself, at midnight. Someone born on
  /// 29 February turns a year older on 1 March in common years. Never negative.
  public var age: Int {
    let calendar = PlayerCard.calendar
    let born = calendar.dateComponents([.year, .month, .day], from: player.birthday)
    let today = calendar.dateComponents([.year, .month, .day], from: now)
    guard let bornYear = born.year, let bornMonth = born.month, let bornDay = born.day,
      let year = today.year, let month = today.month, let day = today.day
    else { return 0 }
    let hadBirthday = (month, day) >= (bornMonth, bornDay)
    return max(0, year - bornYear - (hadBirthday ? 0 : 1))
  }
}
