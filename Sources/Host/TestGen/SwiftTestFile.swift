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
    lines.append("// Written by `refold test-gen` from \(URL(fileURLWithPath: log).lastPathComponent), seq \(firstSeq)…\(lastSeq), feature \(Feature.featureName) (schema \(Feature.schemaVersion)).")
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

/// Swift source text from data.
enum SwiftSource {
  /// `text` as a raw string literal, with as many `#` as it needs.
  static func literal(_ text: String) -> String {
    var longest = 0
    var run = -1
    for character in text {
      if character == "\"" {
        run = 0
      } else if character == "#", run >= 0 {
        run += 1
        longest = max(longest, run)
      } else {
        run = -1
      }
    }
    // A `"#…` inside needs one more `#` than its longest run; `\#(` would interpolate, so any
    // `\` followed by `#` counts as well.
    longest = max(longest, text.components(separatedBy: "\\").dropFirst().map { $0.prefix { $0 == "#" }.count }.max() ?? 0)
    let hashes = String(repeating: "#", count: longest + 1)
    return hashes + "\"" + text + "\"" + hashes
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
    }
  }

  /// `text` as a lowerCamelCase Swift identifier: `"amountInput session-3"` → `amountInputSession3`.
  static func identifier(_ text: String) -> String {
    let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    var name = ""
    for (index, word) in words.enumerated() {
      name += index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
    }
    if name.isEmpty || name.first!.isNumber { name = "session" + name.prefix(1).uppercased() + name.dropFirst() }
    return name
  }
}
