@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// The codec is used from several threads at once: a later issue parses log lines in parallel.
struct CodecConcurrencyTests {
  @Test(arguments: JSONBackend.allCases)
  func decodesConcurrentlyFromManyTasks(backend: JSONBackend) async throws {
    let lines: [[UInt8]] = try (0..<64).map { index in
      try LogJSONEncoder().encode(CodecEventLine(
        seq: UInt64(index), t: 1_732_200_000.123 + Double(index), origin: index % 2 == 0 ? "send" : "effect",
        action: CodecAppAction.amountInput(.textChanged(String(repeating: "가", count: index % 7)))))
    }
    let decoder = LogJSONDecoder(backend: backend)
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var checked = 0
          for round in 0..<400 {
            let index = (task * 31 + round) % lines.count
            if round % 50 == 0 {  // errors in between must not disturb this thread's tokener
              let truncated = Array(lines[index].dropLast())
              #expect(throws: LogCodecError.self) { try decoder.decode(CodecEventLine<CodecAppAction>.self, from: truncated) }
            }
            let event = try decoder.decode(CodecEventLine<CodecAppAction>.self, from: lines[index])
            #expect(event.seq == UInt64(index))
            #expect(event.action == .amountInput(.textChanged(String(repeating: "가", count: index % 7))))
            checked += 1
          }
          return checked
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(results == 8 * 400)
  }

  @Test func encodesConcurrentlyFromManyTasks() async throws {
    let expected = try LogJSONEncoder().encode(CodecAppAction.signIn(.move(dx: 3, 0.1)))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { () async throws in
          for _ in 0..<500 {
            #expect(try LogJSONEncoder().encode(CodecAppAction.signIn(.move(dx: 3, 0.1))) == expected)
          }
        }
      }
      try await group.waitForAll()
    }
  }
}
