import Foundation
import Reducers
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `refold check` on what is not a regular file: a FIFO named on the command line is refused
/// without being opened (opening it blocked the check for ever), and inside a folder the
/// entries that are not logs are named, not skipped silently.
@Suite(.serialized)
struct CheckSpecialFileTests {
  /// A folder with one good log.
  static func folderWithALog() async throws -> (TemporaryDirectory, good: String) {
    let directory = try TemporaryDirectory()
    let good = directory.url.appendingPathComponent("good.log").path
    try await CheckCommandTests.record(AmountInput(), to: good)
    return (directory, good)
  }

  /// `mkfifo x.log; refold check x.log good.log` reports both and ends. No writer ever opens
  /// the FIFO: on the old code the check waited in `open` for one, and the watchdog of
  /// scripts/run-tests.sh named the test.
  @Test func aFIFONamedOnTheCommandLineIsRefusedAndTheOthersAreChecked() async throws {
    let (directory, good) = try await Self.folderWithALog()
    let fifo = directory.url.appendingPathComponent("x.log").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let output = try await RefoldProcess.run(["check", fifo, good, "/dev/null"])
    #expect(output.status == 2, "\(output.stdout) \(output.stderr)")
    #expect(output.stdout.contains("\(fifo): is a FIFO, not a log file: it was not read"), "\(output.stdout)")
    #expect(output.stdout.contains("/dev/null: is a device, not a log file: it was not read"), "\(output.stdout)")
    #expect(output.stdout.contains("verified    1"), "\(output.stdout)")
  }

  /// A socket named on the command line: refused the same way.
  @Test func aSocketNamedOnTheCommandLineIsRefused() async throws {
    let (directory, good) = try await Self.folderWithALog()
    let path = directory.url.appendingPathComponent("s.log").path
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    let output = try await RefoldProcess.run(["check", path, good])
    #expect(output.status == 2, "\(output.stdout) \(output.stderr)")
    #expect(output.stdout.contains("\(path): is a socket, not a log file: it was not read"), "\(output.stdout)")
  }

  /// Inside a folder: a `*.log` FIFO and a `*.log` symbolic link are named on stderr and not
  /// read; the regular log is checked.
  @Test func aFolderSaysWhatItSkipped() async throws {
    let (directory, good) = try await Self.folderWithALog()
    let sub = directory.url.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    #expect(mkfifo(sub.appendingPathComponent("pipe.log").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: sub.appendingPathComponent("link.log").path, withDestinationPath: good)
    let output = try await RefoldProcess.run(["check", directory.url.path])
    #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
    let folder = directory.url.path
    #expect(
      output.stderrLines == [
        "refold: warning: \(folder)/sub/link.log is a symbolic link, not a log file: not checked",
        "refold: warning: \(folder)/sub/pipe.log is a FIFO, not a log file: not checked",
      ], "\(output.stderr)")
    #expect(output.stdout.contains("verified    1"), "\(output.stdout)")
  }
}
