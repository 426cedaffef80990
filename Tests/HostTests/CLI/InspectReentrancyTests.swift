import EventLog
import Foundation
import Reducers
import Store
import Testing

/// `refold inspect` counts the actions a log marks as sent while another was being folded, and
/// names the first few, so a user hunting an ordering bug sees them without reading the lines.
@MainActor
struct InspectReentrancyTests {
  @Test func inspectCountsAndNamesTheReentrantSends() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("reentrant.log")
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: log, feature: "amountInput", initialState: AmountInput.State(), options: RecorderOptions(fsync: .never))
    let store = Store(initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder])
    // A view that "corrects" the field while the store folds the keystroke: a re-entrant send.
    let binding = store.bind(\.output) { [unowned store] output in
      if output == "1₩" { store.send(.textChanged("12")) }
    }
    store.send(.textChanged("1"))
    store.send(.textChanged("3"))
    withExtendedLifetime(binding) {}
    try await recorder.close()

    let inspect = try await RefoldProcess.run(["inspect", log.path])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("reentrant    1 sent while another action was being folded (seq 2 during 1)"), "\(inspect.stdout)")
    let json = try await RefoldProcess.run(["inspect", log.path, "--json"])
    #expect(json.stdout.contains(#""reentrantSends":1"#), "\(json.stdout)")
    let replay = try await RefoldProcess.run(["replay", log.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("verified"), "\(replay.stdout)")
  }
}
