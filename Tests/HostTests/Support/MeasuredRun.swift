import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `refold` run to its end with its peak resident memory, as the kernel counted it
/// (`ru_maxrss`), measured by GNU time: a bound on memory can then be asserted without timing or
/// sampling anything.
///
/// NB: Not `wait4` on a child of this process: Linux's `ru_maxrss` of a child spawned here
///     starts at this process's own resident size (its exec counts the memory it was cloned
///     from), about 110 MiB in the test process, so it said nothing below that. `time` is small,
///     and `refold` is its child.
struct MeasuredRun {
  var status: Int32
  var stdout: String
  var stderr: String
  /// `VmHWM` at the child's end, in MiB.
  var peakMiB: Double

  /// Runs `refold arguments` with `stdin` (empty unless given), `environment` set over this
  /// process's and the variables `removing` names taken out of it.
  static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], removing: Set<String> = []
  ) async throws -> MeasuredRun {
    try await offThePool { try runBlocking(arguments, stdin: stdin, environment: environment, removing: removing) }
  }

  private static func runBlocking(
    _ arguments: [String], stdin: String, environment: [String: String], removing: Set<String>
  ) throws -> MeasuredRun {
    let folder = try TemporaryDirectory()
    let inPath = try folder.file("stdin", contents: Data(stdin.utf8))
    let outPath = folder.url.appendingPathComponent("stdout").path
    let errPath = folder.url.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let peakPath = folder.url.appendingPathComponent("peak").path
    let executable = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw RawHTTPClient.Failure(description: "GNU time (\(executable), Debian's package time) measures the peak: scripts/install-deps.sh --for-tests (make test) installs it")
    }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .filter { !removing.contains($0.key) }
      .map { "\($0.key)=\($0.value)" }
    let argv = ([executable, "-f", "%M", "-o", peakPath, RefoldProcess.executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw RawHTTPClient.Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw RawHTTPClient.Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import (time exits with its child's code).
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    return MeasuredRun(
      status: code,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      peakMiB: (try? String(contentsOfFile: peakPath, encoding: .utf8))
        .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") }
        .map { $0 / 1024 } ?? .infinity)
  }
}

/// A running process's resident memory, from `/proc/PID/status`.
struct ResidentSize {
  let pid: Int32

  /// `VmRSS`, now, in MiB.
  var currentMiB: Double { get throws { try field("VmRSS:") } }
  /// `VmHWM`, the most since the start or the last ``resetPeak()``, in MiB.
  var peakMiB: Double { get throws { try field("VmHWM:") } }

  /// Sets the peak to the current size (`/proc/PID/clear_refs`, 5), so that the next reading of
  /// ``peakMiB`` covers only what came after.
  func resetPeak() throws {
    try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/clear_refs"))
  }

  private func field(_ name: String) throws -> Double {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { throw RawHTTPClient.Failure(description: "no \(name) in /proc/\(pid)/status") }
    return kilobytes / 1024
  }
}
