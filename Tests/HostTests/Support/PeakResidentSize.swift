import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension RefoldProcess {
  /// Runs `refold ARGUMENTS` with `stdin`, and returns how it ended and the most memory it
  /// held resident: the kernel's `ru_maxrss` for this child alone, from `wait4` (which is why
  /// it is spawned here and not through `Process`, which reaps its children itself).
  static func runMeasuringPeak(_ arguments: [String], stdin: String = "") async throws -> (output: Output, peakMiB: Double) {
    let directory = try TemporaryDirectory()
    let input = try directory.file("stdin", contents: Data(stdin.utf8))
    let outPath = directory.url.appendingPathComponent("stdout").path
    let errPath = directory.url.appendingPathComponent("stderr").path
    let program = executable.path
    let (status, peakKiB) = try await offThePool { () throws -> (Int32, Int) in
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
      guard spawned == 0 else { throw CocoaError(.executableLoad) }
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw CocoaError(.executableLoad) }
      }
      // Exited: the status's high byte; killed by a signal: 128 and the signal, as a shell says.
      let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
      return (code, usage.ru_maxrss)
    }
    let output = Output(
      status: status, stdout: try String(contentsOfFile: outPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8), cpuSeconds: nil)
    return (output, Double(peakKiB) / 1024)
  }
}
