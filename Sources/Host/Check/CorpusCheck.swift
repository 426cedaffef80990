import Foundation
package import LogStorage

/// Checks the logs of a corpus on `jobs` threads of their own (each replay is synchronous CPU
/// work: threads, not tasks, so that the cooperative pool stays free), each thread taking the
/// next unchecked log until none is left.
package struct CorpusCheck: Sendable {
  package var jobs: Int

  package init(jobs: Int = CorpusCheck.defaultJobs) {
    self.jobs = max(1, jobs)
  }

  /// One per core.
  package static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// The outcomes in the corpus's order. `finished` is called as each log is done (from the
  /// checking threads, one call at a time) with the number done so far.
  package func run(
    _ corpus: LogCorpus, features: FeatureRegistry,
    finished: @escaping @Sendable (_ done: Int, _ outcome: LogCheckOutcome) -> Void = { _, _ in }
  ) async -> [LogCheckOutcome] {
    let work = Work(paths: corpus.paths)
    let threads = min(jobs, corpus.paths.count)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let group = DispatchGroup()
      for index in 0..<threads {
        group.enter()
        let thread = Thread {
          while let (slot, path) = work.take() {
            let outcome = LogCheck.run(path, features: features)
            work.finish(slot, outcome, finished)
          }
          group.leave()
        }
        thread.name = "refold check \(index + 1)"
        thread.stackSize = 8 << 20
        thread.start()
      }
      group.notify(queue: .global()) { continuation.resume() }
    }
    return work.outcomes
  }

  /// The paths still to check and the outcomes so far.
  private final class Work: @unchecked Sendable {
    // NB: @unchecked: `next`, `done` and `results` are touched only with `lock` held.
    private let lock = NSLock()
    private let paths: [String]
    private var next = 0
    private var done = 0
    private var results: [LogCheckOutcome?]

    init(paths: [String]) {
      self.paths = paths
      results = Array(repeating: nil, count: paths.count)
    }

    func take() -> (Int, String)? {
      lock.withLock {
        guard next < paths.count else { return nil }
        defer { next += 1 }
        return (next, paths[next])
      }
    }

    func finish(_ slot: Int, _ outcome: LogCheckOutcome, _ report: (Int, LogCheckOutcome) -> Void) {
      lock.withLock {
        results[slot] = outcome
        done += 1
        report(done, outcome)
      }
    }

    var outcomes: [LogCheckOutcome] { lock.withLock { results.compactMap { $0 } } }
  }
}
