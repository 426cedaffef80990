public import Foundation
public import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  public import Musl
#elseif canImport(Darwin)
  public import Darwin
#endif

extension Bench {
  /// W4: W1's counter with the event log's `Recorder` writing every action to a file (fsync
  /// `batched`). The store's thread only hands each commit over; the recorder's writer thread
  /// encodes, writes and fsyncs.
  ///
  /// ```swift
  /// let fixture = try Bench.RecordedCounter(file: url)   // on the main actor
  /// fixture.run(1_000)
  /// fixture.settle()                                    // the writer has caught up
  /// try await fixture.finish()                          // closes the log
  /// ```
  public final class RecordedCounter: RecordedFixture<Counter.State, Counter.Action> {
    public init(file: URL) throws {
      try super.init(file: file, feature: "benchCounter", initialState: Counter.State()) { recorder in
        CounterStore(plugins: [recorder]) { try await recorder.close() }
      }
    }
  }

  /// A store fixture with the event log's `Recorder` (fsync `batched`) as its only plugin: W4's
  /// counter (``RecordedCounter``) and its state of strings (``RecordedProfile``).
  public class RecordedFixture<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: BenchFixture {
    public let recorder: Recorder<State, Action>
    private let store: any BenchFixture

    /// - Parameter makeStore: the store fixture, given the recorder to attach; its `finish()`
    ///   closes the recorder.
    init(
      file: URL, feature: String, initialState: State,
      makeStore: (Recorder<State, Action>) -> any BenchFixture
    ) throws {
      let recorder = try Recorder<State, Action>(
        file: file,
        feature: feature,
        initialState: initialState,
        options: RecorderOptions(fsync: .batched, existingFile: .replace)
      )
      self.recorder = recorder
      store = makeStore(recorder)
    }

    public var notifications: Int { store.notifications }

    public func run(_ count: Int) { store.run(count) }

    /// Waits (blocking) until every action sent so far is written and fsynced, or until
    /// recording stopped (a full disk): then nothing more will be, and ``Recorder/failure``
    /// says why.
    public func settle() {
      let target = recorder.recordedSeq
      while recorder.durableSeq < target, recorder.failure == nil { usleep(200) }
    }

    public func finish() async throws { try await store.finish() }
  }
}
