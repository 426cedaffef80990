import BenchWorkloads
import BuiltinFeatures
import Foundation
import Host
import LogUpload
import Reducers
import LogStorage

#if canImport(LogStorePostgres)
  import LogStorePostgres
#endif

/// W11 and W12: the shared log store (docs/shared-log-store.md), on the PostgreSQL server that
/// `--store` names. Each workload makes a database of its own there and drops it at the end,
/// so that the bench's logs and runs never land in a team's store.
extension BenchRunner {
  /// How many uploaders post at once in W11: as `refold store push` run by 4 shells.
  static let uploaders = 4

  /// W11: `plan.replayRuns` rounds, each of `storeLogs` new logs of 1,000 events posted to a
  /// collect server in this process by 4 uploaders over loopback: into PostgreSQL (`refold`),
  /// then the same logs into a new folder store (`folder-store`). The figure is ns per log
  /// and logs per second, the median of the rounds.
  func measureIngest(_ systems: [Bench.System]) async throws -> [BenchRow] {
    try await withScratchDatabase(for: .w11) { database, directory in
      try await measureIngest(systems, database: database, directory: directory)
    }
  }

  private func measureIngest(_ systems: [Bench.System], database: String, directory: URL) async throws -> [BenchRow] {
    let logs = plan.fixedOperations ?? plan.storeLogs
    let rounds = plan.replayRuns
    var batches: [[URL]] = []
    for round in 0..<rounds {
      progress("W11: recording \(logs) logs of \(Self.storeLogEvents) events for round \(round + 1) of \(rounds)")
      batches.append(try await Self.recordStoreLogs(logs, session: round * logs, in: directory, named: "round-\(round)"))
    }
    let postgres = try await LogStores.open(database, kinds: Self.postgres)
    var samples = Array(repeating: [Double](), count: systems.count)
    for (round, batch) in batches.enumerated() {
      for (index, system) in systems.enumerated() {
        progress("W11 \(system.rawValue): round \(round + 1) of \(rounds)")
        let store: any LogStore =
          system == .folderStore
          ? try FolderLogStore(path: directory.appendingPathComponent("folder-store-\(round)").path) : postgres
        samples[index].append(try await Self.timeIngest(batch, into: store))
      }
    }
    let bytes = batches.first?.first.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }
    var rows = perLogRows(.w11, systems, samples, logs: logs)
    let size = bytes.map { " (\(BenchFormat.number(Double($0) / 1024)) KiB each)" } ?? ""
    for index in rows.indices {
      rows[index].notes.append(
        rows[index].system == .folderStore
          ? "the same logs into a new folder store each round: no database"
          : "\(rounds) rounds of \(logs) new logs of \(BenchFormat.number(Double(Self.storeLogEvents))) events\(size), posted by \(Self.uploaders) uploaders in this process to `refold collect`'s server over loopback; each log is checked whole before it is stored"
      )
    }
    if let refold = rows.first(where: { $0.system == .refold })?.nsPerOp,
      let folder = rows.first(where: { $0.system == .folderStore })?.nsPerOp,
      let index = rows.firstIndex(where: { $0.system == .refold })
    {
      rows[index].notes.append(
        "the database's share: \(BenchFormat.number((refold - folder) / 1e6)) ms of every log's \(BenchFormat.number(refold / 1e6)) ms (against folder-store, in the same rounds)"
      )
    }
    return rows
  }

  /// W12: `storeLogs` logs of 1,000 events stored in PostgreSQL, then checked `plan.replayRuns`
  /// times each way, interleaved: a shared run by two `refold check --store … --run` worker
  /// processes with one job each (`refold`), by one (`refold-1-worker`), and the same logs
  /// from files by one job in this process (`floor`: the replay alone, no database, no process).
  func measureSharedCheck(_ systems: [Bench.System]) async throws -> [BenchRow] {
    try await withScratchDatabase(for: .w12) { database, directory in
      try await measureSharedCheck(systems, database: database, directory: directory)
    }
  }

  private func measureSharedCheck(_ systems: [Bench.System], database: String, directory: URL) async throws -> [BenchRow] {
    let logs = plan.fixedOperations ?? plan.storeLogs
    progress("W12: recording \(logs) logs of \(Self.storeLogEvents) events")
    let files = try await Self.recordStoreLogs(logs, session: 0, in: directory, named: "logs")
    progress("W12: storing them")
    let store = try await LogStores.open(database, kinds: Self.postgres)
    _ = try await Self.timeIngest(files, into: store)
    guard let queue = store as? any CheckQueue else { throw HostError(.failure, "W12: \(store.location) is not a shared store") }
    let features = FeatureRegistry([AmountInput.self])
    var samples = Array(repeating: [Double](), count: systems.count)
    for run in 0..<plan.replayRuns {
      for (index, system) in systems.enumerated() {
        progress("W12 \(system.rawValue): run \(run + 1) of \(plan.replayRuns)")
        let elapsed: Duration
        switch system {
        case .floor:
          var outcomes: [LogCheckOutcome] = []
          elapsed = await Self.time { outcomes = await CorpusCheck(jobs: 1).run(LogCorpus(paths: files.map(\.path)), features: features) }
          try Self.expectVerified(outcomes, count: logs, "W12 floor")
        default:
          let name = "bench-\(system.rawValue)-\(run)"
          let workers = system == .refoldOneWorker ? 1 : 2
          elapsed = try await Self.time {
            try await Self.runWorkers(workers, database: database, run: name, log: directory.appendingPathComponent("\(name).err"))
          }
          try Self.expectVerified(try await queue.outcomes(run: name).map(\.outcome), count: logs, "W12 \(system.rawValue)")
        }
        samples[index].append(Self.nanoseconds(elapsed))
      }
    }
    var rows = perLogRows(.w12, systems, samples, logs: logs)
    for index in rows.indices {
      rows[index].notes.append(
        rows[index].system == .floor
          ? "the same \(logs) logs from files, one job in this process: the replay alone"
          : "\(logs) logs of \(BenchFormat.number(Double(Self.storeLogEvents))) events leased one at a time by \(rows[index].system == .refoldOneWorker ? "1 worker process" : "2 worker processes") with one job each, every outcome kept in the database, \(plan.replayRuns) runs"
      )
    }
    if let one = rows.first(where: { $0.system == .refoldOneWorker })?.nsPerOp,
      let floor = rows.first(where: { $0.system == .floor })?.nsPerOp,
      let index = rows.firstIndex(where: { $0.system == .refoldOneWorker })
    {
      rows[index].notes.append(
        "of each log's \(BenchFormat.number(one / 1e6)) ms, \(BenchFormat.number(floor / 1e6)) ms is the replay (floor) and \(BenchFormat.number((one - floor) / 1e6)) ms the database's round trips and the worker's start"
      )
    }
    return rows
  }

  // MARK: Parts

  /// The store kinds W11 and W12 open their scratch database with, whatever tool runs them.
  #if canImport(LogStorePostgres)
    static let postgres: [LogStoreKind] = [.postgres]
  #else
    static let postgres: [LogStoreKind] = []
  #endif

  /// The events in each log of W11 and W12: the issue's "logs of 1,000 events".
  static let storeLogEvents = 1_000

  /// Runs `body` with the URL of a new database on the `--store` server and a scratch folder,
  /// and drops the database and removes the folder after, however `body` ends.
  private func withScratchDatabase(
    for workload: Bench.Workload, _ body: (_ database: String, _ directory: URL) async throws -> [BenchRow]
  ) async throws -> [BenchRow] {
    let url = try postgresURL(for: workload)
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    progress("\(workload.rawValue): making a scratch database")
    #if canImport(LogStorePostgres)
      let database = try await PostgresScratchDatabase.make(on: url)
      do {
        let rows = try await body(database.url, directory)
        try await database.drop()
        return rows
      } catch {
        try? await database.drop()
        throw error
      }
    #else
      throw HostError.usage("\(workload.rawValue) measures a PostgreSQL log store: this build has none (REFOLD_WITHOUT_POSTGRES)")
    #endif
  }

  /// The PostgreSQL server `--store` named; a usage error when none was.
  private func postgresURL(for workload: Bench.Workload) throws(HostError) -> String {
    guard let url = plan.logStore else {
      throw HostError.usage(
        "\(workload.rawValue) measures a PostgreSQL log store: name a server with --store postgres://USER@HOST:PORT/DATABASE (scripts/postgres.sh start DIR starts one on loopback)"
      )
    }
    guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
      throw HostError.usage("--store \(url): \(workload.rawValue) needs a postgres:// URL (a folder store is its reference, made by the bench)")
    }
    return url
  }

  /// Records `count` AmountInput logs whose every action differs from every other log's.
  private static func recordStoreLogs(_ count: Int, session: Int, in directory: URL, named name: String) async throws -> [URL] {
    let folder = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var files: [URL] = []
    for index in 0..<count {
      let file = folder.appendingPathComponent("\(index).log")
      _ = try await Bench.ReplayWorkload.record(events: storeLogEvents, to: file, distinct: true, session: session + index + 1)
      files.append(file)
    }
    return files
  }

  /// Starts a collect server on `store`, posts `files` to it from ``uploaders`` uploaders at
  /// once, and stops it: the nanoseconds from the first post to the last answer. Every log
  /// must be stored as new.
  private static func timeIngest(_ files: [URL], into store: any LogStore) async throws -> Double {
    let key = try await store.addKey(app: "bench")
    let server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: 64 << 20)
    guard let address = URL(string: "http://127.0.0.1:\(server.port)") else {
      await server.stop()
      throw HostError(.failure, "the collect server's port \(server.port) makes no URL")
    }
    let uploader = LogUploader(
      server: address, key: key, options: .init(attempts: 3, firstDelay: .milliseconds(100), maxDelay: .seconds(1)))
    let share = max(1, (files.count + uploaders - 1) / uploaders)
    let elapsed: Duration
    do {
      elapsed = try await time {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for start in stride(from: 0, to: files.count, by: share) {
            let part = files[start..<min(start + share, files.count)]
            group.addTask {
              for file in part {
                let receipt = try await uploader.upload(file)
                guard receipt.isNew else { throw HostError(.failure, "\(file.path) was taken as a repeat of a stored log") }
              }
            }
          }
          try await group.waitForAll()
        }
      }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
    return nanoseconds(elapsed)
  }

  /// Runs `count` `refold check --store DATABASE --run RUN --jobs 1` processes of this very
  /// executable at once, and waits for all of them; their stderr goes to `log`, quoted if one
  /// fails.
  private static func runWorkers(_ count: Int, database: String, run: String, log: URL) async throws {
    #if os(Linux)
      let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      guard let executable = Bundle.main.executableURL else { throw HostError(.failure, "W12: this executable's path is unknown") }
    #endif
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<count {
        let errors = log.deletingPathExtension().appendingPathExtension("\(worker).err")
        group.addTask {
          let status = try await WorkerProcess.run(
            executable, ["check", "--store", database, "--run", run, "--jobs", "1"], stderr: errors)
          guard status == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
            throw HostError(.failure, "a W12 worker (\(run)) exited with \(status): \(said)")
          }
        }
      }
      try await group.waitForAll()
    }
  }

  private static func expectVerified(_ outcomes: [LogCheckOutcome], count: Int, _ what: String) throws(HostError) {
    guard outcomes.count == count else { throw HostError(.failure, "\(what): \(outcomes.count) outcomes for \(count) logs") }
    if let bad = outcomes.first(where: { $0.status != .verified }) {
      throw HostError(.failure, "\(what): \(bad.path) is \(bad.status.rawValue): \(bad.message ?? "")")
    }
  }

  /// One row per system: the median nanoseconds per log and logs per second.
  private func perLogRows(_ workload: Bench.Workload, _ systems: [Bench.System], _ samples: [[Double]], logs: Int) -> [BenchRow] {
    systems.enumerated().map { index, system in
      var row = BenchRow(workload, system)
      if let median = Self.median(samples[index]) {
        row.nsPerOp = median / Double(logs)
        row.logsPerSecond = Double(logs) / (median / 1e9)
      }
      row.operations = logs * samples[index].count
      return row
    }
  }
}

/// A child process, waited for without blocking a thread.
private enum WorkerProcess {
  static func run(_ executable: URL, _ arguments: [String], stderr: URL) async throws -> Int32 {
    guard FileManager.default.createFile(atPath: stderr.path, contents: nil) else {
      throw HostError(.failure, "cannot create \(stderr.path) for a worker's messages")
    }
    let errors = try FileHandle(forWritingTo: stderr)
    defer { try? errors.close() }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    return try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: HostError(.failure, "cannot start \(executable.path): \(error.localizedDescription)"))
      }
    }
  }
}
