import Foundation

/// Runs the built `refold` executable, as a user would, and collects what it prints.
struct RefoldProcess {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String

    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
  }

  /// The `refold` binary next to the test bundle (`swift build --build-tests` builds both).
  static var executable: URL { executable(named: "refold") }

  /// A binary of this package next to the test bundle.
  static func executable(named name: String) -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // The test binary sits in `.build/<triple>/debug/` (or inside an .xctest bundle on Darwin).
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Runs `refold` on a Dispatch thread (``offThePool(_:)``).
  static func run(_ arguments: [String], stdin: String? = nil) async throws -> Output {
    try await offThePool { try runBlocking(arguments, stdin: stdin) }
  }

  private static func runBlocking(_ arguments: [String], stdin: String?) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self)
    )
  }
}

/// Runs `body` on a Dispatch thread: waiting for a child process must not block one of the few
/// threads that Swift concurrency runs every other test's tasks on.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(with: Result { try body() })
    }
  }
}

/// A temporary folder for one test, removed at the end.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("refold-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String, contents: Data) throws -> String {
    let path = url.appendingPathComponent(name).path
    try contents.write(to: URL(fileURLWithPath: path))
    return path
  }

  func file(_ name: String, _ text: String) throws -> String {
    try file(name, contents: Data(text.utf8))
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
