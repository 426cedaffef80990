import EventLog
import Foundation
import Reducers
import Store
import Testing

/// `refold run` sends each line as it arrives: a state comes back before the next line is
/// written, and a bad line stops the run with everything before it in the log.
@Suite(.serialized)
struct StreamingRunTests {
  private static func line(_ text: String) -> String { #"{"textChanged":{"_0":"\#(text)"}}"# + "\n" }

  @Test func eachLineIsSentWhenItArrivesAndItsStateIsPrinted() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("live.log").path
    let child = try StartedChild(
      RefoldProcess.executable, ["run", "amountInput", "--print-states", "--record", log], stdin: nil, keepStdinOpen: true)
    let stdout = try #require(child.stdout)
    let input = try #require(child.openStdin)
    let states = ChildLines(stdout)

    // The input stays open throughout: a run that read it to its end first would print
    // nothing here, and this test would hang until the watchdog ends it.
    #expect(try await states.next() == #"{"output":""}"#)
    try input.write(contentsOf: Data(Self.line("12").utf8))
    #expect(try await states.next() == #"{"text":"12","output":"12₩"}"#)
    // The log exists, with its header, while the run still reads (its lines follow within the
    // writer's batch interval, which this test does not wait for).
    let midway = try LogReader(file: URL(fileURLWithPath: log))
    #expect(midway.header.feature == "amountInput")

    // A line that changes nothing prints nothing; the next change does.
    try input.write(contentsOf: Data((Self.line("12") + "# a comment\n\n" + Self.line("1234")).utf8))
    #expect(try await states.next() == #"{"text":"1234","output":"1,234₩"}"#)
    try input.close()
    #expect(try await states.next() == nil, "no final state after the printed ones")
    let (status, stderr) = try await offThePool { child.wait() }
    #expect(status == 0, "\(String(decoding: stderr, as: UTF8.self))")

    let result = try Replayer(reducer: AmountInput()).replay(file: URL(fileURLWithPath: log))
    #expect(result.eventCount == 3)
    #expect(result.state.output == "1,234₩")
  }

  @Test func aBadLineStopsTheRunWithEveryActionBeforeItInTheLog() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("stopped.log").path
    let output = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log],
      stdin: Self.line("1") + Self.line("12") + #"{"textChanged":{"_0":3}}"# + "\n" + Self.line("9"))
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("refold: stdin:3: "), "\(output.stderr)")
    #expect(output.stderr.contains("the run stopped there after 2 actions, which the log \(log) holds"), "\(output.stderr)")
    #expect(output.stdout.isEmpty)

    let result = try Replayer(reducer: AmountInput()).replay(file: URL(fileURLWithPath: log))
    #expect(result.eventCount == 2)
    #expect(result.state.text == "12")
    #expect(result.warnings.isEmpty, "closed cleanly: \(result.warnings)")
  }
}

/// Lines of a child's stdout, read one at a time as the child writes them.
private final class ChildLines: @unchecked Sendable {
  // NB: @unchecked: read only from one test, one call at a time.
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var ended = false

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line without its newline, or nil at the end of the output.
  func next() async throws -> String? {
    try await offThePool { [self] in
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeFirst(newline + 1)
          return line
        }
        if ended { return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self) }
        let chunk = handle.availableData
        if chunk.isEmpty { ended = true } else { buffer += chunk }
      }
    }
  }
}
