import Foundation

/// One PostgreSQL 15 server for the whole test process, started by `scripts/postgres.sh` on
/// first use (in a temporary folder, on loopback; the script installs Debian's postgresql-15
/// when it is missing) and stopped when the process exits. Each test takes a database of its
/// own, so tests never see each other's rows.
enum TestPostgres {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../scripts/postgres.sh").standardized.path

  /// The server's folder; started once, by the first test that asks.
  private static let server = Task<String, any Error> {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refold-postgres-\(UUID().uuidString)").path
    _ = try await offThePool { try run(["start", folder]) }
    startedFolder = strdup(folder)
    atexit {
      // Whatever way the tests end, the server goes with them.
      guard let folder = TestPostgres.startedFolder.map({ String(cString: $0) }) else { return }
      _ = try? TestPostgres.run(["stop", folder])
      try? FileManager.default.removeItem(atPath: folder)
    }
    return folder
  }

  /// Read by the exit handler, which can capture nothing.
  nonisolated(unsafe) private static var startedFolder: UnsafeMutablePointer<CChar>?

  /// A new, empty database on the server: its `postgres://` URL.
  static func database() async throws -> String {
    let folder = try await server.value
    let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    return try await offThePool { try run(["database", folder, name]) }.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `body` with a server of its own, for a test that stops and starts it (other tests'
  /// connections to the shared one must not break under them): `body` gets its database's URL
  /// and its folder, for ``restart(_:)``. The server is stopped after, however `body` ends.
  static func withPrivateServer(_ body: (_ url: String, _ folder: String) async throws -> Void) async throws {
    let (folder, url) = try await privateServer()
    do {
      try await body(url, folder)
    } catch {
      try? await stop(folder)
      throw error
    }
    try await stop(folder)
  }

  private static func privateServer() async throws -> (folder: String, url: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refold-postgres-\(UUID().uuidString)").path
    let started = try await offThePool { try run(["start", folder]) }
    guard let line = started.split(separator: "\n").last(where: { $0.hasPrefix("export REFOLD_TEST_POSTGRES=") }) else {
      throw RawHTTPClient.Failure(description: "postgres.sh start printed no URL: \(started)")
    }
    return (folder, String(line.dropFirst("export REFOLD_TEST_POSTGRES=".count)))
  }

  /// Stops the server in `folder` and starts it again on the same port: connections in use break.
  static func restart(_ folder: String) async throws {
    _ = try await offThePool { try run(["restart", folder]) }
  }

  private static func stop(_ folder: String) async throws {
    _ = try await offThePool { try run(["stop", folder]) }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs `psql` on `url`'s database: what a test does to the rows behind the tool's back.
  static func sql(_ url: String, _ statement: String) async throws -> String {
    try await offThePool { try runProgram("/usr/lib/postgresql/15/bin/psql", [url, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", statement]) }
  }

  static func run(_ arguments: [String]) throws -> String {
    try runProgram("/bin/bash", [script] + arguments)
  }

  /// Output into a file, not a pipe: a server the script starts would inherit a pipe's end and
  /// hold it open, and reading to its end would never return.
  private static func runProgram(_ program: String, _ arguments: [String]) throws -> String {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-out-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw RawHTTPClient.Failure(
        description: "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(output)")
    }
    return output
  }
}
