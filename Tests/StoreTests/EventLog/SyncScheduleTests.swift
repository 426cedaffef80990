import Testing

@testable import EventLog
@testable import StoreCore

/// The fsync policies without threads or clocks: times are plain numbers.
struct SyncScheduleTests {
  @Test func alwaysSyncsAfterEveryWrite() {
    var schedule = SyncSchedule(policy: .always)
    #expect(!schedule.shouldSync(now: 0))
    schedule.wrote(bytes: 10, throughSeq: 1, oldestCommit: 0)
    #expect(schedule.shouldSync(now: 0))
    schedule.synced()
    #expect(schedule.durableSeq == 1)
    #expect(schedule.isIdle)
  }

  @Test func neverSyncsAndCountsWrittenAsDurable() {
    var schedule = SyncSchedule(policy: .never)
    schedule.wrote(bytes: 1 << 20, throughSeq: 7, oldestCommit: 0)
    #expect(!schedule.shouldSync(now: 1_000))
    #expect(schedule.durableSeq == 7)
    #expect(schedule.isIdle)
  }

  @Test func batchedSyncsWhenTheOldestUnsyncedActionIsAlmost100msOld() {
    var schedule = SyncSchedule(policy: .batched)
    schedule.wrote(bytes: 100, throughSeq: 1, oldestCommit: 10.000)
    schedule.wrote(bytes: 100, throughSeq: 2, oldestCommit: 10.050)
    #expect(!schedule.shouldSync(now: 10.080))
    #expect(!schedule.isIdle)
    #expect(schedule.shouldSync(now: 10.091))
    schedule.synced()
    #expect(schedule.durableSeq == 2)
    #expect(!schedule.shouldSync(now: 11))
  }

  @Test func batchedSyncsAt64KiBWhateverTheAge() {
    var schedule = SyncSchedule(policy: .batched)
    schedule.wrote(bytes: 64 * 1024 - 1, throughSeq: 100, oldestCommit: 5)
    #expect(!schedule.shouldSync(now: 5))
    schedule.wrote(bytes: 1, throughSeq: 101, oldestCommit: 5)
    #expect(schedule.shouldSync(now: 5))
  }

  @Test func anAppendedLogStartsDurableAtItsLastSeq() {
    let schedule = SyncSchedule(policy: .batched, startSeq: 41)
    #expect(schedule.durableSeq == 41)
    #expect(schedule.writtenSeq == 41)
  }
}
