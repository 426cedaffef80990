import Foundation
import Testing

/// A real `refold collect` takes uploads whose JSON expands many times when parsed (issue 54: a
/// 60 MB upload took the collector to 16 GB and it stayed at 15.4 GB): each is taken or refused
/// by its parsed size (`REFOLD_MAX_PARSED_BYTES`, 64 MiB by default), the collector's peak stays
/// under a stated bound, and its resident size comes back to rest after them.
@Suite(.serialized)
struct CollectMemoryTests {
  /// The most an upload may add to the collector's resting size at its peak: the parse limit
  /// (64 MiB) and 32 MiB for the body, its copy and the reader's buffers (uploads of at most
  /// 4 MiB here). Before the limit, 1 MB of `{}` took about 300 MB.
  static let peakAboveRestMiB = 96.0
  /// How far above its resting size the collector may stay once the uploads are answered: four
  /// uploads of 3 MB used to leave 1.5 GB. 1 to 2 MiB is measured alone, 8.07 once in CI under
  /// load (glibc keeps each thread arena's free top, which `malloc_trim` does not return); the
  /// smallest parsed tree taken here is 24 MiB, so keeping one of them still fails.
  static let residueMiB = 16.0

  struct Upload: CustomTestStringConvertible, Sendable {
    var shape: AmplifyingShape
    var bytes: Int
    /// 201 taken, 422 refused.
    var status: Int
    /// The start of the refusal's message.
    var refusal: String?
    var testDescription: String { "\(shape.rawValue), \(bytes) bytes: \(status)" }
  }

  static let tooLarge = "the log is refused: line 2: the line is too large to read: its "
  static let uploads: [Upload] = [
    // 1 MiB of each shape is priced below 64 MiB, 3 MiB above: `[{},…]` at 24 and 72 MiB.
    .init(shape: .objects, bytes: 1 << 20, status: 201),
    .init(shape: .arrays, bytes: 1 << 20, status: 201),
    .init(shape: .numbers, bytes: 1 << 20, status: 201),
    .init(shape: .strings, bytes: 1 << 20, status: 201),
    .init(shape: .members, bytes: 1 << 20, status: 201),
    .init(shape: .nested, bytes: 1 << 20, status: 422, refusal: tooLarge),
    .init(shape: .objects, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .arrays, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .numbers, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .strings, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .members, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .nested, bytes: 3 << 20, status: 422, refusal: tooLarge),
    .init(shape: .deep, bytes: 0, status: 422, refusal: "the log is damaged: line 2: invalid JSON: invalid JSON at byte "),
  ]

  @Test func amplifyingUploadsAreTakenOrRefusedByTheirParsedSizeAndTheMemoryComesBack() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let key = try await RefoldProcess.run(["store", "key", "add", "ios", "--store", store])
    #expect(key.status == 0, "\(key.stderr)")
    let apiKey = key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // NB: Under ThreadSanitizer the collector's resident size also holds the shadow of every
    //     heap byte it touched, which the runtime keeps once the bytes are freed: 12.3 MiB
    //     above rest after these uploads in an optimized build, 1.5 MiB with the shadow
    //     flushed. Flushing it every 200 ms leaves the collector's own memory to measure.
    let flushShadow = #"export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}flush_memory_ms=200""#
    let collecting = try await StoreCommandTests.Collecting.start(
      ["--listen", "127.0.0.1:0", "--store", store, "--max-bytes", "\(4 << 20)"],
      shell: Sanitizer.isThreadSanitizerOn ? flushShadow : nil)
    let port = try #require(collecting.server.split(separator: ":").last.flatMap { Int($0) })
    let memory = ResidentSize(pid: collecting.child.process.processIdentifier)
    func post(_ body: [UInt8]) async throws -> RawHTTPClient.Reply {
      try await RawHTTPClient.request(
        port: port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(apiKey)")], body: body)
    }

    // At rest: after an ordinary upload, so that what every upload needs is in place.
    let ordinary = try await post(StoreTestLogs.log(1))
    #expect(ordinary.status == 201, "\(ordinary.text)")
    let rest = try memory.currentMiB
    var peaks: [String] = []
    for upload in Self.uploads {
      try memory.resetPeak()
      let reply = try await post(upload.shape.log(bytes: upload.bytes))
      let peak = try memory.peakMiB
      peaks.append("\(upload.testDescription): peak \(Int(peak - rest)) MiB above rest")
      #expect(reply.status == upload.status, "\(upload.testDescription): \(reply.text)")
      if let refusal = upload.refusal {
        let message = try reply.json()["error"] as? String ?? ""
        #expect(message.hasPrefix(refusal), "\(upload.testDescription): \(message)")
        if refusal == Self.tooLarge {
          #expect(message.hasSuffix("more than the 64 MiB allowed; REFOLD_MAX_PARSED_BYTES=BYTES raises the limit"), "\(message)")
        }
      }
      #expect(peak - rest <= Self.peakAboveRestMiB, "\(upload.testDescription): peak \(peak) MiB, at rest \(rest) MiB")
    }
    let after = try memory.currentMiB
    #expect(after - rest <= Self.residueMiB, "\(after) MiB after the uploads, \(rest) MiB at rest; \(peaks)")
    print("collect at rest \(rest) MiB, after \(after) MiB; \(peaks.joined(separator: "; "))")
    try await collecting.stop()
  }
}
