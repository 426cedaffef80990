extension Messages {
  /// English texts.
  public static let english = Messages(
    language: .english,
    amountNotANumber: "Please enter numbers only",
    amountOutOfRange: "Please enter 1,000,000 won or less.",
    amount: { "₩\($0)" },
    signInRejected: "Please check your username and password.",
    signInNetworkError: "Please check your network connection.",
    signInParseError: "The server's reply could not be read.",
    searchDataError: "No results.",
    searchNetworkError: "Please check your network connection.",
    searchParseError: "The search results could not be read.",
    releaseDate: { year, month, day in
      let name = monthNames.indices.contains(month - 1) ? monthNames[month - 1] : String(month)
      return "\(name) \(day), \(year)"
    },
    usersNetworkError: "The users could not be loaded. Please check your network connection.",
    usersParseError: "The users could not be read.",
    follow: "Follow",
    unfollow: "Unfollow",
    greeting: { firstName, lastName in "Hello \(firstName) \(lastName)" },
    playerName: { "Player name: \($0)" },
    playerAge: { "Age: \($0)" },
    weeklyPay: { position in
      switch position {
      case .striker: "Weekly pay: ₩500M"
      case .midfielder: "Weekly pay: ₩300M"
      case .defender: "Weekly pay: ₩200M"
      case .goalkeeper: "Weekly pay: ₩50M"
      }
    },
    logoutQuestion: "Log out?",
    logoutButton: "Log out",
    cancelButton: "Cancel"
  )

  // A fixed table rather than a formatter, so that the machine's locale cannot change it.
  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
