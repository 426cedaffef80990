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
  public final class RecordedCounter: BenchFixture {
    public let recorder: Recorder<Counter.State, Counter.Action>
    private let counter: CounterStore

    public init(file: URL) throws {
      let recorder = try Recorder<Counter.State, Counter.Action>(
        file: file,
        feature: "benchCounter",
        initialState: Counter.State(),
        options: RecorderOptions(fsync: .batched, existingFile: .replace)
      )
      self.recorder = recorder
      counter = CounterStore(plugins: [recorder]) { try await recorder.close() }
    }

    public var notifications: Int { counter.notifications }

    public func run(_ count: Int) { counter.run(count) }

    /// Waits (blocking) until every action sent so far is written and fsynced, or until
    /// recording stopped (a full disk): then nothing more will be, and ``Recorder/failure``
    /// says why.
    public func settle() {
      let target = recorder.recordedSeq
      while recorder.durableSeq < target, recorder.failure == nil { usleep(200) }
    }

    public func finish() async throws { try await counter.finish() }
  }
}
