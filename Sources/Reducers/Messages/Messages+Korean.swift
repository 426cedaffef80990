extension Messages {
  /// The tutorials' texts: the default table.
  public static let korean = Messages(
    language: .korean,
    amountNotANumber: "숫자만 입력해주세요",
    amountOutOfRange: "백만원 이하를 입력해주세요.",
    amount: { "\($0)₩" },
    signInRejected: "아이디 또는 비밀번호를 확인해주세요.",
    signInNetworkError: "네트워크 연결을 확인해주세요.",
    signInParseError: "서버 응답을 처리하지 못했습니다.",
    searchDataError: "검색 결과가 없습니다.",
    searchNetworkError: "네트워크 연결을 확인해주세요.",
    searchParseError: "검색 결과를 읽지 못했습니다.",
    releaseDate: { year, month, day in "\(year).\(padded(month, width: 2)).\(padded(day, width: 2))" },
    usersNetworkError: "사용자 목록을 불러오지 못했습니다. 네트워크 연결을 확인해주세요.",
    usersParseError: "사용자 목록을 읽지 못했습니다.",
    // The tutorial's buttons were in English.
    follow: "Follow",
    unfollow: "Unfollow",
    // So was its greeting.
    greeting: { firstName, lastName in "Hello \(firstName) \(lastName)" },
    playerName: { "선수 이름: \($0)" },
    playerAge: { "나이: \($0)살" },
    weeklyPay: { position in
      switch position {
      case .striker: "주급: 5억"
      case .midfielder: "주급: 3억"
      case .defender: "주급: 2억"
      case .goalkeeper: "주급: 5000만원"
      }
    },
    logoutQuestion: "로그아웃 하시겠습니까?",
    logoutButton: "로그아웃",
    cancelButton: "취소"
  )
}
