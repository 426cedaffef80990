import Foundation

/// Runs the built `refold` executable, as a user would, and collects what it prints.
struct RefoldProcess {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The child's user and system time in seconds, when it was asked for (`cpuTime:`).
    var cpuSeconds: Double?

    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }
    var stdoutLines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: true) }
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
  ///
  /// - Parameter fileSizeLimit: when given, `refold` runs under this `RLIMIT_FSIZE` (in KiB,
  ///   through the shell's `ulimit -f`) with `SIGXFSZ` ignored, so a write past it fails with
  ///   EFBIG as a full disk's would.
  /// - Parameter environment: variables set for the child, over this process's.
  /// - Parameter cpuTime: whether to measure the child's CPU time (through bash's `time`, whose
  ///   line is taken off stderr) into ``Output/cpuSeconds``.
  static func run(
    _ arguments: [String], stdin: String? = nil, fileSizeLimit: Int? = nil, stdout: StdoutTarget = .pipe,
    environment: [String: String] = [:], cpuTime: Bool = false
  ) async throws -> Output {
    try await offThePool {
      try runBlocking(
        arguments, stdin: stdin, fileSizeLimit: fileSizeLimit, stdout: stdout, environment: environment, cpuTime: cpuTime)
    }
  }

  private static func runBlocking(
    _ arguments: [String], stdin: String?, fileSizeLimit: Int?, stdout: StdoutTarget, environment: [String: String],
    cpuTime: Bool
  ) throws -> Output {
    var program = executable
    var arguments = arguments
    if cpuTime {
      arguments = ["-c", "TIMEFORMAT='refold-cpu %U %S'; time \"$0\" \"$@\"", program.path] + arguments
      program = URL(fileURLWithPath: "/bin/bash")
    }
    if let fileSizeLimit {
      // An ignored signal stays ignored across exec.
      arguments = ["-c", "ulimit -f \(fileSizeLimit) && trap '' XFSZ && exec \"$0\" \"$@\"", program.path] + arguments
      program = URL(fileURLWithPath: "/bin/sh")
    }
    let child = try StartedChild(program, arguments, stdin: stdin.map { Data($0.utf8) }, stdout: stdout, environment: environment)
    let outData = child.stdout?.readDataToEndOfFile() ?? Data()
    let (status, errData) = child.wait()
    var stderr = String(decoding: errData, as: UTF8.self)
    var cpuSeconds: Double?
    if cpuTime, let line = stderr.split(separator: "\n").last, line.hasPrefix("refold-cpu ") {
      cpuSeconds = line.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +)
      stderr = String(stderr[..<line.startIndex])
    }
    return Output(status: status, stdout: String(decoding: outData, as: UTF8.self), stderr: stderr, cpuSeconds: cpuSeconds)
  }
}

/// A child process started with its stdin written and closed, and its stderr read to the end on
/// another thread, so that a chatty child cannot block on a full pipe while the caller reads
/// its stdout. Blocks: use it through ``offThePool(_:)``.
struct StartedChild {
  let process: Process
  /// The child's stdout, when it is a pipe this process reads.
  let stdout: FileHandle?
  /// The child's stdin, when the caller keeps it open (`keepStdinOpen`): input still streaming.
  let openStdin: FileHandle?
  private let stderrGroup = DispatchGroup()
  private let stderrBox: DataBox

  init(
    _ executable: URL, _ arguments: [String], stdin: Data?, stdout target: StdoutTarget = .pipe,
    environment: [String: String] = [:], keepStdinOpen: Bool = false
  ) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    switch target {
    case .pipe, .closedPipe:
      process.standardOutput = out
    case .file(let path):
      guard let file = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
      process.standardOutput = file
    }
    process.standardError = err
    process.standardInput = input
    try process.run()
    if case .closedPipe = target {
      // No reader is left before the child has read its input, so its first write to stdout
      // fails with EPIPE, deterministically.
      try out.fileHandleForReading.close()
    }
    if let stdin {
      // A child that ends before it has read its input (a crash at start) must fail its test
      // with its status and stderr, not end the whole test process with SIGPIPE.
      _ = Self.sigpipeIgnored
      do {
        try input.fileHandleForWriting.write(contentsOf: stdin)
      } catch {
        // EPIPE: the child is gone; `wait()` says how it ended.
      }
    }
    if keepStdinOpen {
      openStdin = input.fileHandleForWriting
    } else {
      openStdin = nil
      try input.fileHandleForWriting.close()
    }
    if case .pipe = target { stdout = out.fileHandleForReading } else { stdout = nil }
    let box = DataBox()
    stderrBox = box
    stderrGroup.enter()
    DispatchQueue.global().async { [stderrGroup] in
      box.data = err.fileHandleForReading.readDataToEndOfFile()
      stderrGroup.leave()
    }
  }

  private static let sigpipeIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Waits for stderr's end and the child's exit; call it once stdout is read to its end.
  func wait() -> (status: Int32, stderr: Data) {
    stderrGroup.wait()
    process.waitUntilExit()
    return (process.terminationStatus, stderrBox.data)
  }

  private final class DataBox: @unchecked Sendable {
    // NB: @unchecked: written once on the reading thread before `stderrGroup.leave()`, read
    //     after `stderrGroup.wait()`.
    var data = Data()
  }
}

/// `refold ARGUMENTS` started, and the first line it printed on stdout (a server's address),
/// read off the pool. Unless `expected` is in that line, the child is ended and its exit status
/// and stderr are the error. A `shell` command (`ulimit -n 256`) runs first, in `/bin/sh`,
/// which then becomes `refold`: limits and ignored signals it sets pass on to it.
func startRefold(
  _ arguments: [String], firstLineHolding expected: String, shell: String? = nil
) async throws -> (child: StartedChild, line: String) {
  try await offThePool {
    let child =
      try shell.map {
        try StartedChild(
          URL(fileURLWithPath: "/bin/sh"), ["-c", $0 + #"; exec "$0" "$@""#, RefoldProcess.executable.path] + arguments, stdin: nil)
      }
      ?? StartedChild(RefoldProcess.executable, arguments, stdin: nil)
    var line = Data()
    while let byte = try child.stdout?.read(upToCount: 1), !byte.isEmpty, byte.first != 0x0A { line += byte }
    let text = String(decoding: line, as: UTF8.self)
    guard text.contains(expected) else {
      child.process.terminate()
      let (status, stderr) = child.wait()
      throw RawHTTPClient.Failure(
        description: "refold \(arguments.joined(separator: " ")) printed '\(text)', exited \(status): \(String(decoding: stderr, as: UTF8.self))")
    }
    return (child, text)
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

/// Where a child's stdout goes.
enum StdoutTarget: Sendable {
  /// A pipe this process reads to its end.
  case pipe
  /// A file opened for writing, e.g. `/dev/full`, whose every write fails with ENOSPC.
  case file(String)
  /// A pipe whose reader is gone before the child writes: every write fails with EPIPE.
  case closedPipe
}
