/// JSON numbers the way Foundation's `JSONEncoder` writes them and `JSONDecoder` reads them.
///
/// Both parsers (json-c and the Swift one) turn a number literal into a ``JSONValue`` with
/// ``classify(_:)``, so they build the same tree. The decoder converts with ``integer(_:from:)``
/// and ``floatingPoint(_:from:)``, which follow `JSONDecoder`'s rules: `1.0` is a valid `Int`,
/// `1.9` and `2^63` are not, and a `Double` literal that overflows to infinity or underflows to
/// zero is rejected.
package enum JSONNumber {
  /// Whether `byte` can be part of a number literal: the parsers and ``JSONParseBudget`` read
  /// a number's extent with it, and ``classify(_:)`` checks its syntax.
  @inlinable @inline(__always)
  package static func isLiteralByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default:
      false
    }
  }

  /// Why a number does not convert. The decoder turns it into a `DecodingError`.
  package enum Failure: Error {
    case notANumber
    case notRepresentable(String)
  }

  // MARK: Writing

  /// `JSONEncoder`'s text for a `Double`: the shortest round-trip form without a trailing `.0`
  /// (`1`, `0.1`, `1e-07`, `1e+21`, `-0`). `nil` for NaN and infinity.
  package static func text(for value: Double) -> String? {
    guard value.isFinite else { return nil }
    return trimmed(value.description)
  }

  /// `JSONEncoder`'s text for a `Float`: the shortest form that round-trips through `Float`.
  package static func text(for value: Float) -> String? {
    guard value.isFinite else { return nil }
    return trimmed(value.description)
  }

  /// Appends ``text(for:)-(Double)``'s bytes to `buffer` without making that text a second
  /// `String` (an event line's `t`); false, and nothing appended, for NaN and infinity.
  package static func append(_ value: Double, to buffer: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    var description = value.description
    description.withUTF8 { utf8 in
      let count = trimmedCount(utf8.span)
      buffer.append(contentsOf: utf8.prefix(count))
    }
    return true
  }

  private static func trimmed(_ description: String) -> String {
    var text = description
    let count = text.withUTF8 { trimmedCount($0.span) }
    if count < text.utf8.count { text.removeLast(text.utf8.count - count) }
    return text
  }

  /// The length of a number's ASCII description without a trailing `.0` (`12.0` → `12`).
  private static func trimmedCount(_ utf8: Span<UInt8>) -> Int {
    let count = utf8.count
    return count >= 2 && utf8[count - 1] == UInt8(ascii: "0") && utf8[count - 2] == UInt8(ascii: ".") ? count - 2 : count
  }

  // MARK: Reading literals

  /// The value of a JSON number literal, or `nil` when it is not valid JSON number syntax
  /// (`01`, `1.`, `.5`, `+1`, `-`, `1e`, `NaN`).
  ///
  /// Integers become `.int` or `.uint`. A literal with a fraction or exponent becomes `.double`
  /// when it has at most 15 significant digits and a small exponent, which makes the `Double`
  /// exact to compute and exact to print back. Anything else keeps its text (`.number`) and is
  /// converted only when decoded, the way `JSONDecoder` does it.
  package static func classify(_ literal: Span<UInt8>) -> JSONValue? {
    let count = literal.count
    var index = 0
    var negative = false
    if index < count, literal[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    // Integer part: "0" or [1-9][0-9]*.
    guard index < count, isDigit(literal[index]) else { return nil }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var overflowed = false
    if literal[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, isDigit(literal[index]) { return nil }
    } else {
      while index < count, isDigit(literal[index]) {
        accumulate(literal[index], into: &mantissa, digits: &significantDigits, overflowed: &overflowed)
        index += 1
      }
    }
    var isInteger = true
    var fractionDigits = 0
    if index < count, literal[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < count, isDigit(literal[index]) else { return nil }
      while index < count, isDigit(literal[index]) {
        accumulate(literal[index], into: &mantissa, digits: &significantDigits, overflowed: &overflowed)
        fractionDigits += 1
        index += 1
      }
    }
    var exponent = 0
    if index < count, literal[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      var exponentNegative = false
      if index < count, literal[index] == UInt8(ascii: "+") || literal[index] == UInt8(ascii: "-") {
        exponentNegative = literal[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, isDigit(literal[index]) else { return nil }
      while index < count, isDigit(literal[index]) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(literal[index] &- 0x30) }
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    guard index == count else { return nil }

    if isInteger {
      if !overflowed {
        if negative {
          if mantissa == 0 { return .double(-0.0) }  // "-0" decodes as -0.0, as in JSONDecoder
          if mantissa <= UInt64(Int64.max) { return .int(-Int64(mantissa)) }
          if mantissa == UInt64(Int64.max) + 1 { return .int(.min) }
        } else {
          return mantissa <= UInt64(Int64.max) ? .int(Int64(mantissa)) : .uint(mantissa)
        }
      }
      return .number(String(checkedUTF8: literal))
    }

    // Clinger's fast path: a mantissa below 2^53 times an exact power of ten is one correctly
    // rounded IEEE operation, so it equals what strtod would return.
    let scale = exponent - fractionDigits
    if significantDigits <= 15, scale >= -22, scale <= 22 {
      var value = Double(mantissa)
      value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
      if negative { value = -value }
      if value.magnitude < 0x1p53, !isFloatMidpoint(value) {
        return .double(value)
      }
    }
    return .number(String(checkedUTF8: literal))
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  @inline(__always)
  private static func accumulate(
    _ digit: UInt8, into mantissa: inout UInt64, digits: inout Int, overflowed: inout Bool
  ) {
    if digits == 0 && digit == UInt8(ascii: "0") { return }  // leading zeros are not significant
    digits += 1
    let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
    let (sum, o2) = times10.addingReportingOverflow(UInt64(digit &- 0x30))
    if o1 || o2 { overflowed = true }
    mantissa = sum
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// A double halfway between two floats would round twice on the way to `Float`; such a
  /// literal keeps its text so that `Float` is parsed from it directly, as `JSONDecoder` does.
  private static func isFloatMidpoint(_ value: Double) -> Bool {
    let float = Float(value)
    guard float.isFinite else { return false }
    let near = Double(float)
    if near == value { return false }
    let other = value > near ? Double(float.nextUp) : Double(float.nextDown)
    return (value - near).magnitude == (other - value).magnitude
  }

  // MARK: Converting for the decoder

  /// An integer the way `JSONDecoder` reads one: exactly from an integer literal; otherwise
  /// through `Double` when that is whole and below 2^53, or else through the literal's exact
  /// digits with the fraction cut off.
  package static func integer<T: FixedWidthInteger>(_ type: T.Type, from value: JSONValue) throws(Failure) -> T {
    switch value {
    case .int(let int):
      guard let result = T(exactly: int) else { throw .notRepresentable(String(int)) }
      return result
    case .uint(let uint):
      guard let result = T(exactly: uint) else { throw .notRepresentable(String(uint)) }
      return result
    case .double(let double):
      guard let result = T(exactly: double) else {
        throw .notRepresentable(text(for: double) ?? "\(double)")
      }
      if double.magnitude < 0x1p53 { return result }
      return try integer(T.self, fromText: text(for: double) ?? "")
    case .number(let text):
      return try integer(T.self, fromText: text)
    default:
      throw .notANumber
    }
  }

  private static func integer<T: FixedWidthInteger>(_ type: T.Type, fromText text: String) throws(Failure) -> T {
    if let exact = T(text, radix: 10) { return exact }
    guard let double = Double(text), let viaDouble = T(exactly: double) else {
      throw .notRepresentable(text)
    }
    if double.magnitude < 0x1p53 { return viaDouble }
    guard let truncated = truncatedInteger(T.self, text) else { throw .notRepresentable(text) }
    return truncated
  }

  /// The literal's integer part the way `JSONDecoder` computes it once a `Double` is too
  /// coarse (at or above 2^53): through `Decimal`, whose significant digits (without leading
  /// or trailing zeros) must fit in a `UInt64` before the fraction is cut off, and whose
  /// magnitude must fit in `T` before the sign is applied. So `9223372036854775404.0` is read,
  /// while `9223372036854775404.01` and `-9223372036854775808.0` are errors (as the fuzz
  /// target's parity check found, docs/fuzzing.md); the plain literal -9223372036854775808
  /// never comes here.
  private static func truncatedInteger<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> T? {
    var digits: [UInt8] = []
    var negative = false
    var exponent = 0
    var fractionDigits = 0
    var inFraction = false
    var utf8 = text.utf8[...]
    if utf8.first == UInt8(ascii: "-") {
      negative = true
      utf8 = utf8.dropFirst()
    }
    while let byte = utf8.first {
      utf8 = utf8.dropFirst()
      if isDigit(byte) {
        if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte &- 0x30) }  // no leading zeros
        if inFraction { fractionDigits += 1 }
      } else if byte == UInt8(ascii: ".") {
        inFraction = true
      } else {  // exponent
        guard let value = Int(String(decoding: utf8, as: UTF8.self)) else { return nil }
        exponent = value
        break
      }
    }
    var scale = exponent - fractionDigits
    while digits.last == 0 {
      digits.removeLast()
      scale += 1
    }
    var magnitude: UInt64 = 0
    for digit in digits {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { return nil }
      magnitude = sum
    }
    if scale < 0 {
      for _ in 0..<min(-scale, 20) { magnitude /= 10 }
    } else {
      for _ in 0..<min(scale, 20) {
        let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        if overflow { return nil }
        magnitude = times10
      }
    }
    if negative {
      guard T.isSigned, magnitude <= UInt64(Int64.max) else { return nil }
      return T(exactly: -Int64(magnitude))
    }
    return T(exactly: magnitude)
  }

  /// A `Double` or `Float` the way `JSONDecoder` reads one: parsed from the literal, and
  /// rejected when it overflows to infinity or rounds a non-zero literal to zero.
  package static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type, from value: JSONValue
  ) throws(Failure) -> T {
    switch value {
    case .int(let int):
      return T(int)
    case .uint(let uint):
      return T(uint)
    case .double(let double):
      let result = T(double)
      guard result.isFinite, result != 0 || double == 0 else {
        throw .notRepresentable(text(for: double) ?? "\(double)")
      }
      return result
    case .number(let text):
      guard let result = T(text), result.isFinite, result != 0 || isTrueZero(text) else {
        throw .notRepresentable(text)
      }
      return result
    default:
      throw .notANumber
    }
  }

  /// Whether a literal is zero in its digits (so a zero result is not an underflow).
  private static func isTrueZero(_ text: String) -> Bool {
    for byte in text.utf8 {
      if byte | 0x20 == UInt8(ascii: "e") { return true }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
    }
    return true
  }
}

extension JSONNumber {
  /// Whether `text` is one JSON number literal, which ``JSONValue/number(_:)`` must hold to be
  /// written: anyone can make that case, and the writers never put other text in a line.
  package static func isLiteral(_ text: String) -> Bool {
    return classify(text) != nil
  }

  /// ``classify(_:)`` of a string's bytes.
  ///
  /// NB: The bytes are lent by `withUTF8`, read as a span: `String.UTF8View.span` needs macOS 26.
  package static func classify(_ text: String) -> JSONValue? {
    var text = text
    return text.withUTF8 { classify($0.span) }
  }
}
