import Foundation
import Store

/// The Swift source `refold test-gen` writes: one `@Test` that builds a ``RecordedSession`` of
/// the log's stretch and sends or receives each of its actions with the state after it.
struct SwiftTestFile<Feature: RefoldFeature> {
  let feature: Feature.Type
  let name: String
  let log: String
  let initialState: String
  let firstSeq: UInt64
  let steps: [TestGenerator.Step]

  var text: String {
    let type = String(reflecting: Feature.self)
    let module = type.split(separator: ".").first.map(String.init) ?? type
    let typeName = type.split(separator: ".").dropFirst().joined(separator: ".")
    let lastSeq = steps.last?.seq ?? firstSeq
    var lines: [String] = []
    lines.append("// Written by `refold test-gen` from \(SwiftSource.comment(URL(fileURLWithPath: log).lastPathComponent)), seq \(firstSeq)…\(lastSeq), feature \(Feature.featureName) (schema \(Feature.schemaVersion)).")
    lines.append("// Each action is sent or received in the log's order, with the state after it. The effects")
    lines.append("// do not run: a sent action's effect hands back the actions the log received after it, so")
    lines.append("// the test needs no network. Add IssueReportingTestSupport to the test target.")
    lines.append("")
    // `UUID` and `Date` are Foundation's.
    let drawsDates = steps.contains { step in
      step.draws.contains { draw in
        if case .random = draw { return false }
        return true
      }
    }
    for imported in Set(["Host", "Store", "Testing", module] + (drawsDates ? ["Foundation"] : [])).sorted() {
      lines.append("import \(imported)")
    }
    lines.append("")
    lines.append("@MainActor")
    lines.append("@Test func \(name)() async throws {")
    lines.append("  let session = try RecordedSession<\(typeName.isEmpty ? type : typeName)>(")
    lines.append("    initialState: \(SwiftSource.literal(initialState)),")
    lines.append("    events: [")
    for (index, step) in steps.enumerated() {
      let kind = step.isSend ? "send" : "effect"
      let draws = step.draws.isEmpty ? "" : ", draws: [\(step.draws.map(SwiftSource.draw).joined(separator: ", "))]"
      lines.append("      .\(kind)(\(SwiftSource.literal(step.actionJSON))\(draws)),  // \(index + 1): seq \(step.seq)")
    }
    lines.append("    ])")
    lines.append("  let store = session.testStore()")
    for (index, step) in steps.enumerated() {
      let call = step.isSend ? "store.send(session.action(\(index + 1)))" : "store.receive(session.isAction(\(index + 1)))"
      if step.changed {
        lines.append("  await \(call) {")
        lines.append("    $0 = try session.state(\(SwiftSource.literal(step.stateJSON)))")
        lines.append("  }")
      } else {
        lines.append("  await \(call)")
      }
    }
    lines.append("  await store.finish()")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Swift source text from data. What a log holds (its strings, its file's name) is data in the
/// written file, never code: every literal and comment is built so that no text can end it.
enum SwiftSource {
  /// `text` as a raw string literal, with as many `#` as it needs, and every scalar that is not
  /// plainly visible (``isEscaped(_:)``) written as a `\#u{…}` escape.
  ///
  /// The delimiter is counted on Unicode scalars, as Swift's lexer reads them: counted on
  /// characters, a `"#` followed by a combining mark or a joiner is one character that is not
  /// `#`, the literal was one `#` short, and it ended early, the rest of the text read as code.
  /// Escaping marks and joiners shows them in the file too. A leading `"` is escaped, so that
  /// the literal never opens as a multi-line `#"""`.
  static func literal(_ text: String) -> String {
    // The longest run of `#` after a `"` (which would close the literal) or a `\` (which would
    // start an escape or an interpolation): the delimiter needs one more.
    var longest = 0
    var run: Int?
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" {
        run = 0
      } else if scalar == "#", let counted = run {
        run = counted + 1
        longest = max(longest, counted + 1)
      } else {
        run = nil
      }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    var body = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if isEscaped(scalar) || (index == 0 && scalar == "\"") {
        body += "\\\(hashes)u{\(String(scalar.value, radix: 16))}"
      } else {
        body.unicodeScalars.append(scalar)
      }
    }
    return hashes + "\"" + body + "\"" + hashes
  }

  /// `text` for a `//` comment: the scalars of ``isEscaped(_:)`` (a line break among them, which
  /// would end the comment and start a line of code) written as `\u{…}`.
  static func comment(_ text: String) -> String {
    var written = ""
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) { written += "\\u{\(String(scalar.value, radix: 16))}" } else { written.unicodeScalars.append(scalar) }
    }
    return written
  }

  /// Whether `scalar` is written as an escape in a literal or a comment: controls and bidi
  /// overrides (``Terminal/isNeutralised(_:)``, line breaks and NUL among them), combining marks
  /// and format characters (joiners, marks of direction), which attach to or hide what is next
  /// to them, line and paragraph separators, and private or unassigned code points.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    if Terminal.isNeutralised(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator,
      .privateUse, .unassigned, .surrogate, .control:
      return true
    default:
      return false
    }
  }

  /// A recorded draw as Swift: the same value back, exactly. A date by the bits of the `Double`
  /// it holds, its `timeIntervalSinceReferenceDate`: through `timeIntervalSince1970` each way
  /// adds and then subtracts 978,307,200 s, and each rounds away low bits of a `Date()`.
  static func draw(_ draw: Draw) -> String {
    switch draw {
    case .uuid(let uuid): ".uuid(UUID(uuidString: \"\(uuid.uuidString)\")!)"
    case .date(let date):
      ".date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: 0x\(String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)))))"
    case .random(let value): ".random(0x\(String(value, radix: 16)))"
    case .read(let name, let value):
      // Under the `try` of the session's initializer. Written as the log writes it, so it
      // parses back to the same value.
      ".read(\(literal(name)), json: \(literal(value.description)))"
    }
  }

  /// `text` as a lowerCamelCase Swift identifier: `"amountInput session-3"` → `amountInputSession3`.
  /// Words are runs of ``isIdentifierLetter(_:)`` scalars; anything else (a mark, a joiner, a
  /// bidi override, which Swift would take in an identifier too) separates them.
  static func identifier(_ text: String) -> String {
    let words = text.unicodeScalars.split { !isIdentifierLetter($0) }.map { String(String.UnicodeScalarView($0)) }
    var name = ""
    for (index, word) in words.enumerated() {
      name += index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
    }
    if name.isEmpty || name.first!.isNumber { name = "session" + name.prefix(1).uppercased() + name.dropFirst() }
    return name
  }

  /// A letter or a decimal digit that Swift takes at any place of an identifier: ASCII, or a
  /// letter or digit in the ranges the Swift book lists for an identifier's head.
  static func isIdentifierLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: break
    default: return false
    }
    switch scalar.value {
    case 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
      0x1E00...0x1FFF, 0x2070...0x20CF, 0x2100...0x218F, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3040...0xD7FF,
      0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE47...0xFFFD, 0x10000...0xEFFFD:
      return true
    default:
      return false
    }
  }
}
