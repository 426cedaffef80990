import Foundation
import InternalTestSupport
import Testing

@testable import Host
@testable import LogStorage

/// The log store's SHA-256 (content hashes, hashed keys), against NIST's examples (FIPS 180-4's
/// appendix and its long message) and against coreutils' `sha256sum` on seeded random inputs
/// of every length around the block and padding boundaries.
struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func nistExamples(message: String, digest: String) {
    #expect(Hex.sha256(message.utf8) == digest)
  }

  @Test func aMillionAsFedInUnevenPieces() {
    var hasher = SHA256()
    var fed = 0
    var piece = 1
    while fed < 1_000_000 {
      let count = min(piece, 1_000_000 - fed)
      hasher.update(repeatElement(UInt8(ascii: "a"), count: count))
      fed += count
      piece = piece * 7 % 131 + 1
    }
    let digest = hasher.finish().map { String(format: "%02x", $0) }.joined()
    #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func agreesWithSha256sumAroundEveryBoundary() throws {
    var random = SplitMix64(seed: 0x5348_4132)
    let directory = try TemporaryDirectory()
    var lengths = Array(0...130)
    lengths += [191, 192, 193, 1_000, 4_095, 4_096, 65_537]
    var files: [String] = []
    var ours: [String] = []
    for length in lengths {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let path = directory.url.appendingPathComponent("\(length)").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      files.append(path)
      ours.append(Hex.sha256(bytes))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = files
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let theirs = text.split(separator: "\n").map { String($0.prefix(64)) }
    #expect(theirs.count == lengths.count)
    for (index, length) in lengths.enumerated() where index < theirs.count {
      #expect(ours[index] == theirs[index], "\(length) bytes")
    }
  }
}
