import Foundation
import Testing

@testable import Host

/// The line source behind the streaming `run`: numbered lines, a bounded queue, and errors that
/// name the line.
struct ActionLineSourceTests {
  @Test func aLongInputIsHandedOverInOrderWithBoundedLookahead() async throws {
    let directory = try TemporaryDirectory()
    var text = "# a header comment\n"
    for index in 1...5_000 { text += #"{"textChanged":{"_0":"\#(index)"}}"# + (index % 2 == 0 ? "\r\n" : "\n") }
    let path = try directory.file("many.jsonl", text)
    let source = try ActionLineSource.open(path, capacity: 8)

    var numbers: [Int] = []
    while let line = try await source.next() {
      #expect(line.text == #"{"textChanged":{"_0":"\#(line.number - 1)"}}"#)
      numbers.append(line.number)
    }
    #expect(numbers == Array(2...5_001))
    #expect(source.mostQueued <= 8, "the reading thread waits for room")
    #expect(source.mostQueued > 0)
  }

  @Test func theLastLineNeedsNoNewline() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("last.jsonl", "{\"a\":1}\n\n   \n{\"b\":2}")
    let source = try ActionLineSource.open(path)
    #expect(try await source.next()?.number == 1)
    let last = try await source.next()
    #expect(last?.number == 4)
    #expect(last?.text == "{\"b\":2}")
    #expect(try await source.next() == nil)
  }

  @Test func anOverlongLineIsAnErrorNamingIt() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("long.jsonl", "{\"a\":1}\n" + String(repeating: "x", count: 300) + "\n")
    let source = try ActionLineSource.open(path, maxLineBytes: 100)
    #expect(try await source.next()?.number == 1)
    await #expect(throws: HostError.self) { try await source.next() }
    do {
      _ = try await source.next()
      Issue.record("the error stays")
    } catch {
      #expect(error.message == "\(path):2: the line is longer than 100 bytes; an action is one JSON value on one line")
    }
  }

  @Test func aLineThatIsNotUTF8IsAnErrorNamingIt() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("bytes.jsonl", contents: Data("{}\n".utf8) + Data([0x7B, 0xFF, 0x7D, 0x0A]))
    let source = try ActionLineSource.open(path)
    #expect(try await source.next()?.number == 1)
    do {
      _ = try await source.next()
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "\(path):2: the line is not UTF-8 text")
    }
  }

  @Test func stopEndsTheLinesEarly() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("two.jsonl", "{}\n{}\n")
    let source = try ActionLineSource.open(path, capacity: 1)
    source.stop()
    #expect(try await source.next() == nil)
  }

  @Test func aMissingFileIsRefusedBeforeAnythingStarts() throws {
    #expect(throws: HostError.self) { try ActionLineSource.open("/nonexistent/actions.jsonl") }
  }
}
