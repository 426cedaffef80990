import Testing
@testable import Reducers

@MainActor
struct AmountInputTests {
  nonisolated static let notANumber = "숫자만 입력해주세요"
  nonisolated static let outOfRange = "백만원 이하를 입력해주세요."

  /// The tutorial's rules, in order, and the edges around them.
  nonisolated static let rules: [(text: String?, output: String)] = [
    // 1. nil or empty
    (nil, ""),
    ("", ""),
    // 2. not an integer
    ("12a", notANumber),
    ("abc", notANumber),
    (" 12 ", notANumber),
    ("12 ", notANumber),
    ("1e3", notANumber),
    ("1.5", notANumber),
    ("1,234", notANumber),
    ("+", notANumber),
    ("-", notANumber),
    ("+-5", notANumber),
    ("１２３", notANumber),  // full-width digits
    ("١٢٣", notANumber),  // Arabic-Indic digits
    ("백", notANumber),
    ("0x10", notANumber),
    // 3. outside 1...1,000,000
    ("0", outOfRange),
    ("-0", outOfRange),
    ("-3", outOfRange),
    ("1000001", outOfRange),
    ("5000000", outOfRange),
    ("9223372036854775807", outOfRange),  // Int.max
    ("9223372036854775808", outOfRange),  // one past Int.max: a number, just too large
    ("-9223372036854775809", outOfRange),
    ("123456789012345678901234567890", outOfRange),
    // 4. grouped, with ₩
    ("1", "1₩"),
    ("+5", "5₩"),
    ("007", "7₩"),
    ("999", "999₩"),
    ("1000", "1,000₩"),
    ("1234", "1,234₩"),
    ("50000", "50,000₩"),
    ("123456", "123,456₩"),
    ("999999", "999,999₩"),
    ("1000000", "1,000,000₩"),
  ]

  @Test(arguments: rules)
  func textGivesOutput(text: String?, output: String) async {
    let store = TestStore(initialState: AmountInput.State(), reducer: AmountInput())
    await store.send(.textChanged(text)) {
      $0.text = text
      $0.output = output
    }
    await store.finish()
  }

  @Test func aNewTextReplacesTheLastOutput() async {
    let store = TestStore(initialState: AmountInput.State(), reducer: AmountInput())
    await store.send(.textChanged("12a")) {
      $0.text = "12a"
      $0.output = Self.notANumber
    }
    await store.send(.textChanged("12")) {
      $0.text = "12"
      $0.output = "12₩"
    }
    await store.send(.textChanged(nil)) {
      $0.text = nil
      $0.output = ""
    }
    await store.finish()
  }

  @Test(arguments: [
    ("12a", "Please enter numbers only"),
    ("0", "Please enter 1,000,000 won or less."),
    ("1234", "₩1,234"),
    ("", ""),
  ])
  func theEnglishTableWritesEnglish(text: String, output: String) async {
    let store = TestStore(initialState: AmountInput.State(), reducer: AmountInput(messages: .english))
    await store.send(.textChanged(text)) {
      $0.text = text
      $0.output = output
    }
  }

  @Test(arguments: [
    (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (-1234, "-1,234"),
    (1_000_000, "1,000,000"), (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
  ])
  func groupingPutsACommaEveryThreeDigits(value: Int, text: String) {
    #expect(AmountInput.grouped(value) == text)
  }
}
