/// The language of every user-facing text a feature produces.
///
/// The language is part of a feature's *environment*, not of its state: reducers take a
/// ``Messages`` table in their init (`AmountInput(messages: .english)`), and derived texts take
/// one as an argument (`state.ageText(in: .english)`; the plain property is Korean). It is never
/// read from the machine's locale.
///
/// Why not a field in `State`: the state shapes are a contract that logs and scripts depend on
/// (`{"text":"1234","output":"1,234₩"}`), and a language field in every state would change them.
/// The price is that a log records texts in the language its store was built with, so a replay
/// must build the reducer with the same table (the Korean default, unless the host says
/// otherwise).
public enum Language: String, Codable, CaseIterable, Sendable {
  /// The tutorials' texts. The default everywhere.
  case korean = "ko"
  case english = "en"

  /// The message table for this language.
  public var messages: Messages {
    switch self {
    case .korean: .korean
    case .english: .english
    }
  }
}
