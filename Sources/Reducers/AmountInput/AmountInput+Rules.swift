extension AmountInput {
  /// The amounts that are accepted.
  public static let validRange = 1...1_000_000

  /// The line shown under the field for `text`: the tutorial's rules, in order.
  ///
  /// "An integer" is what `Int(_:)` accepts, except that it may be arbitrarily long: an
  /// optional `+` or `-`, then one or more ASCII digits, nothing else. So `"+5"` is 5, `" 12 "`
  /// (spaces), `"1e3"`, `"1,234"` and `"１２"` (full-width digits) are not numbers, and a
  /// 30-digit number is a number that is out of range rather than "not a number".
  public static func output(for text: String?, messages: Messages = .korean) -> String {
    guard let text, !text.isEmpty else { return "" }
    switch parse(text) {
    case nil:
      return messages.amountNotANumber
    case let .some(value?) where validRange.contains(value):
      return messages.amount(grouped(value))
    case .some:
      return messages.amountOutOfRange
    }
  }

  /// nil when `text` is not an integer; `.some(nil)` when it is one too large for `Int`.
  static func parse(_ text: String) -> Int?? {
    var digits = text.utf8[...]
    var isNegative = false
    if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      isNegative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    var value = 0
    for digit in digits {
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return .some(nil) }
      value = sum
    }
    return .some(isNegative ? -value : value)
  }

  /// `value` with `,` between groups of three digits, whatever the machine's locale.
  static func grouped(_ value: Int) -> String {
    // Written from the end into bytes on the stack, and made a `String` once: this runs for
    // every keystroke replayed (W5), where building it character by character was most of
    // the fold. At most 19 digits, 6 commas and a sign.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { buffer in
      var magnitude = value.magnitude
      var start = buffer.count
      var digits = 0
      repeat {
        if digits > 0, digits % 3 == 0 {
          start -= 1
          buffer[start] = UInt8(ascii: ",")
        }
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        digits += 1
      } while magnitude > 0
      if value < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }
}
