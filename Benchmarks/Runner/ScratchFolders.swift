import Dispatch
import Foundation
import Host

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scratch folders the bench's workloads write their logs to (tens of megabytes each), so
/// that every way out removes them: the end of a workload, an error, and SIGINT or SIGTERM.
final class ScratchFolders: @unchecked Sendable {
  // NB: @unchecked: `folders` is only touched with `lock` held; `sources` only in
  //     `removeOnSignals`, called once by the bench command before any handler can run.
  static let shared = ScratchFolders()

  private let lock = NSLock()
  private var folders: [URL] = []
  private var sources: [any DispatchSourceSignal] = []

  func add(_ folder: URL) {
    lock.withLock { folders.append(folder) }
  }

  /// Removes `folder` and forgets it.
  func remove(_ folder: URL) {
    lock.withLock { folders.removeAll { $0 == folder } }
    try? FileManager.default.removeItem(at: folder)
  }

  /// On SIGINT or SIGTERM: removes every folder still there, says so, and exits 128 + the
  /// signal's number. The bench measures in the foreground, so nothing else needs closing.
  /// Not main-actor isolated: the handler runs on a Dispatch queue, and must not be checked
  /// for the main actor there.
  func removeOnSignals() {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        let left = lock.withLock { folders }
        for folder in left { try? FileManager.default.removeItem(at: folder) }
        Terminal.diagnostic("bench stopped by \(StopSignals.name(number)); its scratch logs are removed")
        _exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
