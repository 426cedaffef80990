/// Every user-facing text the features produce, for one language.
///
/// Two tables ship: ``korean`` (the tutorials' texts, the default) and ``english``. A table is
/// a plain value, so an app can start from one and replace what it needs:
///
/// ```swift
/// var messages = Messages.english
/// messages.follow = "Follow back"
/// let following = Following(messages: messages)
/// ```
///
/// Texts with a value in them are functions of that value, so that each language can put the
/// value where its grammar wants it (`1,234₩` and `₩1,234`).
public struct Messages: Sendable {
  /// The language this table is written in.
  public var language: Language

  // MARK: AmountInput

  /// The text is not an integer.
  public var amountNotANumber: String
  /// The amount is outside 1...1,000,000.
  public var amountOutOfRange: String
  /// A valid amount, given its digits with grouping separators (`"1,234"`).
  public var amount: @Sendable (_ groupedDigits: String) -> String

  // MARK: SignIn

  /// The server refused the credentials but sent no message of its own.
  public var signInRejected: String
  /// The login request got no answer.
  public var signInNetworkError: String
  /// The login answer could not be read.
  public var signInParseError: String

  // MARK: MusicSearch

  /// A search answered with no usable data (``SearchError/data``).
  public var searchDataError: String
  /// A search got no answer (``SearchError/network``).
  public var searchNetworkError: String
  /// A search answer could not be read (``SearchError/parse``).
  public var searchParseError: String
  /// A release date, given its Gregorian year, month and day.
  public var releaseDate: @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String

  // MARK: UserList

  /// The users request got no answer (``FetchError/Kind/network``).
  public var usersNetworkError: String
  /// The users answer could not be read (``FetchError/Kind/parse``).
  public var usersParseError: String

  // MARK: Following

  /// The button title on a row that is not followed.
  public var follow: String
  /// The button title on a row that is followed.
  public var unfollow: String

  // MARK: Greeting

  /// The greeting for a person.
  public var greeting: @Sendable (_ firstName: String, _ lastName: String) -> String

  // MARK: PlayerCard

  /// The player's name line.
  public var playerName: @Sendable (_ name: String) -> String
  /// The player's age line, given the age in whole years.
  public var playerAge: @Sendable (_ years: Int) -> String
  /// The player's weekly pay line, by position.
  public var weeklyPay: @Sendable (_ position: Player.Position) -> String

  // MARK: AppFeature

  /// The alert's title before logging out.
  public var logoutQuestion: String
  /// The alert's destructive button.
  public var logoutButton: String
  /// The alert's cancel button.
  public var cancelButton: String

  public init(
    language: Language,
    amountNotANumber: String,
    amountOutOfRange: String,
    amount: @escaping @Sendable (_ groupedDigits: String) -> String,
    signInRejected: String,
    signInNetworkError: String,
    signInParseError: String,
    searchDataError: String,
    searchNetworkError: String,
    searchParseError: String,
    releaseDate: @escaping @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String,
    usersNetworkError: String,
    usersParseError: String,
    follow: String,
    unfollow: String,
    greeting: @escaping @Sendable (_ firstName: String, _ lastName: String) -> String,
    playerName: @escaping @Sendable (_ name: String) -> String,
    playerAge: @escaping @Sendable (_ years: Int) -> String,
    weeklyPay: @escaping @Sendable (_ position: Player.Position) -> String,
    logoutQuestion: String,
    logoutButton: String,
    cancelButton: String
  ) {
    self.language = language
    self.amountNotANumber = amountNotANumber
    self.amountOutOfRange = amountOutOfRange
    self.amount = amount
    self.signInRejected = signInRejected
    self.signInNetworkError = signInNetworkError
    self.signInParseError = signInParseError
    self.searchDataError = searchDataError
    self.searchNetworkError = searchNetworkError
    self.searchParseError = searchParseError
    self.releaseDate = releaseDate
    self.usersNetworkError = usersNetworkError
    self.usersParseError = usersParseError
    self.follow = follow
    self.unfollow = unfollow
    self.greeting = greeting
    self.playerName = playerName
    self.playerAge = playerAge
    self.weeklyPay = weeklyPay
    self.logoutQuestion = logoutQuestion
    self.logoutButton = logoutButton
    self.cancelButton = cancelButton
  }
}

extension Messages {
  /// Zero-pads `value` to `width` digits without a formatter, so no locale can touch it.
  static func padded(_ value: Int, width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
