import EventLog
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import Host

/// `refold test-gen` on logs whose strings and file name are written to break out of the
/// generated file's literals and comment: the file parses (`swiftc -dump-parse`) to exactly the
/// declarations and statements that a plain log of the same shape gives, only the literals'
/// values differ.
@Suite(.serialized)
struct TestGenInertTests {
  /// Strings that end a literal counted per character (`"#` and a combining mark or a joiner),
  /// interpolate, open a multi-line literal, end a comment, or act on a terminal.
  static let payloads = [
    "\"#\u{064E}) ; print(\"PWNED\") ; _ = (\"",
    "\"##\u{200D}) ; print(\"PWNED\") ; _ = (\"",
    "\\#\u{064E}(print(\"PWNED\"))",
    "\\(print(\"PWNED\")) \\#(print(\"PWNED\"))",
    "\"\"\" */ /* \n\r\u{2028}\u{0}",
    HostileText.text,
  ]

  /// A log of AmountInput that sends each of `texts`.
  static func log(_ texts: [String]) -> [UInt8] {
    HostileText.log(actions: texts.map { #"{"textChanged":{"_0":"\#(HostileText.json($0))"}}"# })
  }

  @Test func aLogsTextNeverBecomesCode() async throws {
    let directory = try TemporaryDirectory()
    // A file name that ends the header comment's line and writes a test of its own.
    let hostileName = "x\n@Test func injected() { print(\"PWNED\") }\n/* \u{202E}\u{064E}.log"
    let hostile = try directory.file(hostileName.replacingOccurrences(of: "/", with: "\u{2215}"), contents: Data(Self.log(Self.payloads)))
    let plain = try directory.file("plain.log", contents: Data(Self.log(Self.payloads.indices.map { "plain \($0)" })))

    let written = try await RefoldProcess.run(["test-gen", hostile])
    #expect(written.status == 0, "\(written.stderr)")
    let expected = try await RefoldProcess.run(["test-gen", plain])
    #expect(expected.status == 0, "\(expected.stderr)")
    #expect(!written.stdout.contains("\n@Test func injected"), "\(written.stdout)")

    let parsed = try await Self.parse(written.stdout, in: directory)
    let reference = try await Self.parse(expected.stdout, in: directory)
    #expect(parsed.errors.isEmpty, "swiftc: \(parsed.errors)\n\(written.stdout)")
    #expect(parsed.shape == reference.shape, "\(written.stdout)")
    // One function, the one test-gen means: nothing of the log's text declared another.
    #expect(parsed.shape.components(separatedBy: "(func_decl").count == 2, "\(parsed.shape)")
  }

  /// A log string that is not UTF-8, and a file name that is not: refused with one clean line,
  /// or written as a file that parses.
  @Test func invalidUTF8IsRefusedOrInert() async throws {
    let directory = try TemporaryDirectory()
    var bytes = Self.log(["valid"])
    let action = Array(#"{"seq":2,"t":1795000001,"origin":"send","action":{"textChanged":{"_0":"a"#.utf8) + [0xFF, 0xC0, 0x22]
      + Array(#"}}"#.utf8)
    let start = bytes.count
    bytes += action
    LogLine.seal(&bytes, payloadStart: start)
    let inside = try directory.file("inside.log", contents: Data(bytes))
    let output = try await RefoldProcess.run(["test-gen", inside])
    try await Self.expectRefusedOrInert(output, in: directory)

    // A name of bytes, made and named through the shell, as a collected file could be.
    let name = Array(directory.url.path.utf8) + Array("/bad\u{22}".utf8) + [0xFF] + Array(".log".utf8) + [0]
    let fd = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
    #expect(fd >= 0)
    let log = Self.log(["1"])
    _ = log.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let folder = directory.url.path
    let named = try await offThePool {
      let child = try StartedChild(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" test-gen \"$1\"/bad*.log", RefoldProcess.executable.path, folder],
        stdin: nil)
      let out = child.stdout?.readDataToEndOfFile() ?? Data()
      let (status, err) = child.wait()
      return RefoldProcess.Output(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
    try await Self.expectRefusedOrInert(named, in: directory)
  }

  static func expectRefusedOrInert(_ output: RefoldProcess.Output, in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(output.status < 128, "\(output.stderr)", sourceLocation: sourceLocation)
    HostileText.expectInert(output.stderr, "test-gen on stderr", sourceLocation: sourceLocation)
    if output.status == 0 {
      let parsed = try await parse(output.stdout, in: directory)
      #expect(parsed.errors.isEmpty, "swiftc: \(parsed.errors)\n\(output.stdout)", sourceLocation: sourceLocation)
    } else {
      #expect(output.stderrLines.count == 1, "\(output.stderr)", sourceLocation: sourceLocation)
    }
  }

  /// `source` as `swiftc -dump-parse` reads it: its errors, and its tree with what may differ
  /// between two files of the same shape taken out (addresses, source ranges, the literals'
  /// values, the test's name).
  static func parse(_ source: String, in directory: TemporaryDirectory) async throws -> (errors: String, shape: String) {
    let file = try directory.file("Generated\(UUID().uuidString).swift", source)
    let output = try await offThePool {
      let child = try StartedChild(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-dump-parse", file], stdin: nil)
      let out = child.stdout?.readDataToEndOfFile() ?? Data()
      let (status, err) = child.wait()
      return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
    var shape = output.1
    for (pattern, template) in [
      (#"decl_context=0x[0-9a-f]+"#, ""),
      (#"range=\[[^\]]*\]"#, ""),
      (#"value="(?:[^"\\]|\\.)*""#, #"value="""#),
      (#"(func_decl[^"\n]*)"[^"\n]*""#, #"$1"NAME""#),
      (#"\(source_file "[^"]*""#, #"(source_file "FILE""#),
      // A closure's parameter, named after the function, the file and the line.
      (#" decl="[^"]*""#, #" decl="""#),
    ] {
      let expression = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
      shape = expression.stringByReplacingMatches(
        in: shape, range: NSRange(shape.startIndex..., in: shape), withTemplate: template)
    }
    let errors = output.2.trimmingCharacters(in: .whitespacesAndNewlines)
    return (output.0 == 0 ? errors : "exit \(output.0): \(errors)", shape)
  }
}
