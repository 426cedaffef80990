/// The workloads of the binding-throughput benchmarks, and the baselines they run against.
///
/// `refold bench` and the package-benchmark suite in `Benchmarks/` both build their fixtures
/// from here, so that the two measure the same code:
///
/// ```swift
/// let fixture = Bench.fixture(.w1, .refold)!    // on the main actor
/// fixture.run(1_000)                            // 1,000 actions, one binding
/// assert(fixture.notifications == 1_000)
/// ```
public enum Bench {
  /// A workload of the design's section 7.
  public enum Workload: String, CaseIterable, Codable, Sendable {
    /// A counter: one action, one binding.
    case w1 = "W1"
    /// 1,000 bindings on distinct fields; one field changes per action, round robin.
    case w2 = "W2"
    /// `AmountInput` keystrokes with one binding on `output`.
    case w3 = "W3"
    /// W1 with the event log's `Recorder` writing a file.
    case w4 = "W4"
    /// Replay of a 1,000,000-event `AmountInput` log, verification on.
    case w5 = "W5"
    /// Round trips of an effect that sends a response action.
    case w6 = "W6"
    /// A burst of distinct 64 KB actions to a store with a `Recorder`: the peak memory, against
    /// the same burst unrecorded.
    case w7 = "W7"
    /// One screen's action in a 1,000-screen navigation stack (`StackState`, `forEach`), one
    /// binding on the top screen.
    case w8 = "W8"
    /// `refold check` on a corpus of 1,000 logs of 1,000 events: events per second on every
    /// core, against one job. (W7 was taken by the burst, so the "W7 row" is W9.)
    case w9 = "W9"
    /// `refold devtools` opening W5's log: its index, the summary, the timeline's first page
    /// and the state at the last seq (the first screen), against reading the file once.
    case w10 = "W10"
    /// The shared log store's intake: logs of 1,000 events posted to `refold collect` over
    /// loopback by 4 uploaders at once, checked whole and stored in PostgreSQL, against the
    /// same into a folder store. Needs a PostgreSQL server (`refold bench --store`).
    case w11 = "W11"
    /// A shared check (`refold check --store postgres://… --run`) of W11's logs by 2 worker
    /// processes against 1, and against the same logs checked from files by one job in this
    /// process, with no database. Needs a PostgreSQL server (`refold bench --store`).
    case w12 = "W12"

    /// The workloads that measure a PostgreSQL log store, and run only when one is named.
    public var needsPostgres: Bool { self == .w11 || self == .w12 }
  }

  /// What runs a workload: Refold, or one of the in-suite baselines.
  public enum System: String, CaseIterable, Codable, Sendable {
    case refold
    /// W4's and W7's reference: the same store without the recorder, measured in the same run.
    case refoldUnrecorded = "refold-unrecorded"
    /// W4 only: the recorder's writer thread, sustained: a long burst of actions until the last
    /// is written and fsynced (10,000,000 in the full run).
    case refoldWriter = "refold-writer"
    /// W4 only: the recorded commit on a state of eight strings and an array (`Bench.Profile`)
    /// rather than the counter's one `Int`.
    case refoldStrings = "refold-strings"
    /// W4 only: `refold-strings`' reference, the same store without the recorder.
    case refoldStringsUnrecorded = "refold-strings-unrecorded"
    /// The seeds' `Observable<T>`: `didSet` and a closure.
    case naive
    /// OpenCombine: `CurrentValueSubject` → `map` → `removeDuplicates` → `sink`.
    case opencombine
    /// An inout mutation plus one closure call (W10: reading the log's file once, to its end).
    case floor
    /// W2 only: the floor, but finding the changed field by comparing all 1,000.
    case floorScan = "floor-scan"
    /// W2 only: Refold on a 64 KB state whose bindings watch the same 1,000 fields (8 KB).
    case refold64KB = "refold-64kb"
    /// W5 only: a log whose every action is distinct, so that replay decodes each one (W3's
    /// keystrokes repeat, and replay reuses what it decoded for the same bytes).
    case refoldDistinct = "refold-distinct"
    /// W5 only: `refold-distinct`'s log replayed with actions that read themselves through
    /// `Decodable` alone (``CodableAmountInput``), so that the JSON backend parses each one: the
    /// row that compares json-c with the Swift parser (`REFOLD_JSON_BACKEND=swift`).
    case refoldDistinctCodable = "refold-distinct-codable"
    /// W9 only: the corpus checked by one job, the reference for the check on every core.
    case refoldOneJob = "refold-1-job"
    /// W11 only: the same intake into a folder store, the reference without a database.
    case folderStore = "folder-store"
    /// W12 only: the shared check by one worker process, the reference for two.
    case refoldOneWorker = "refold-1-worker"
  }

  /// Counts the calls of a binding or listener. A class, so that closures share it; not
  /// Sendable, so it stays with the fixture that made it.
  public final class Tally {
    // NB: Unchecked, or the count's own exclusivity check (~75 instructions) would cost more
    //     than the floor it is part of. Only the fixture that owns the tally touches it.
    @exclusivity(unchecked) public var count = 0
    public init() {}
  }
}

/// A workload set up for one system, ready to run synchronous operations on the main actor.
@MainActor
public protocol BenchFixture: AnyObject {
  /// Performs `count` operations: actions, keystrokes or events.
  func run(_ count: Int)
  /// How many times the binding or listeners were called since setup.
  var notifications: Int { get }
  /// Waits until the background work of the runs so far is done (W4: the recorder's writer
  /// has written and synced every action), so that the next timed run starts from quiet.
  func settle()
  /// Ends what the fixture started (a recorder's file); called once, after the last run.
  func finish() async throws
}

extension BenchFixture {
  public func settle() {}
  public func finish() async throws {}
}

/// A workload whose operations suspend: W6's effect round trips.
@MainActor
public protocol AsyncBenchFixture: AnyObject {
  func run(_ count: Int) async
  var notifications: Int { get }
}
