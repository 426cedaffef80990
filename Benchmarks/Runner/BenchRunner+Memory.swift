import BenchWorkloads
import Foundation
import Host
import Store

/// W7: what a burst of large actions costs in memory, recorded and not.
extension BenchRunner {
  /// Sends `plan.burstActions` distinct 64 KB actions in one burst to a store, without a
  /// recorder and then with one (default options: a 32 MiB budget, fsync batched), and reports
  /// the process's peak resident memory during each. The peak is reset before each burst
  /// (`/proc/self/clear_refs`), so the two figures come from one run and do not mix. Linux only.
  func measureBurstMemory(_ systems: [Bench.System]) async throws -> [BenchRow] {
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    var rows: [BenchRow] = []
    for system in systems where system == .refold || system == .refoldUnrecorded {
      var row = BenchRow(.w7, system)
      row.operations = plan.burstActions
      guard ResidentMemory.resetPeak() else {
        row.notes.append("not measured: the peak resident memory cannot be reset here (Linux's /proc/self/clear_refs)")
        rows.append(row)
        continue
      }
      progress("W7 \(system.rawValue): a burst of \(plan.burstActions) actions of 64 KB")
      let started = ContinuousClock.now
      let recorder =
        system == .refold
        ? try Recorder<PastedText.State, PastedText.Action>(
          file: directory.appendingPathComponent("w7.log"), feature: "pastedText", initialState: .init())
        : nil
      let store = Store(
        initialState: PastedText.State(), reducer: PastedText(), plugins: recorder.map { [$0] } ?? [])
      let body = String(repeating: "a", count: 64 << 10)
      for index in 0..<plan.burstActions {
        // Distinct, so that nothing is shared between actions: each is its own 64 KB.
        store.send(PastedText.Action.pasted("\(index) \(body)"))
      }
      try await recorder?.close()
      let elapsed = ContinuousClock.now - started
      row.peakMiB = ResidentMemory.peakMiB()
      row.nsPerOp = Self.nanoseconds(elapsed) / Double(plan.burstActions)
      if let recorder {
        let (bytes, waits) = recorder.pendingBytesPeak
        row.notes.append(
          "\(BenchFormat.number(Double(plan.burstActions) * 64 / 1024)) MiB of actions recorded in \(BenchFormat.number(Self.nanoseconds(elapsed) / 1e6)) ms; at most \(BenchFormat.number(Double(bytes) / 1_048_576)) MiB pending (budget \(RecorderOptions().maxPendingBytes >> 20) MiB), the store waited for room \(waits) times"
        )
      }
      precondition(store.state.count == plan.burstActions, "W7: the store folded \(store.state.count) actions")
      rows.append(row)
    }
    return rows
  }
}

/// W7's feature: an app that logs pasted text.
struct PastedText: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var lastLength = 0
  }

  enum Action: Codable, Sendable {
    case pasted(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .pasted(let text):
      state.count += 1
      state.lastLength = text.utf8.count
    }
    return .none
  }
}

/// The process's resident memory, from Linux's `/proc/self`.
enum ResidentMemory {
  /// Resets the peak (`VmHWM`) to the current resident size. False where that cannot be done.
  static func resetPeak() -> Bool {
    #if os(Linux)
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    do {
      try handle.write(contentsOf: Data("5".utf8))
      return true
    } catch {
      return false
    }
    #else
    return false
    #endif
  }

  /// `VmHWM` in MiB: the most resident memory since the last reset.
  static func peakMiB() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
  }
}
