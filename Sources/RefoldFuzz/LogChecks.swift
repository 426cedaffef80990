#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Reducers

/// The input as a whole log file: read by `LogReader` (with a small chunk, so that lines cross
/// chunk boundaries and the buffer grows), then replayed by `Replayer` with the reducer of the
/// feature the header names, in full and up to the middle (from a snapshot).
///
/// The reader and the replayer take different paths through a file (the replayer reads with
/// its own chunk size, and from a snapshot it skips the actions before it), so they must agree
/// on whether the log is well-formed.
enum LogChecks {
  static func check(_ bytes: UnsafeRawBufferPointer) {
    let url = ScratchFile.shared.write(bytes)

    var feature: String?
    let read: Replays.Read
    do {
      let reader = try LogReader(file: url, chunkSize: 4096)
      feature = reader.header.feature
      while try reader.next() != nil {}
      read = .success((reader.lastSeq, reader.warnings))
    } catch {
      read = .failure(error)
    }
    guard let feature else { return }
    Replays.check(feature: feature, url, read, bytes)
  }
}

/// Replays the scratch log with the reducer of the feature its header names.
enum Replays {
  typealias Read = Result<(lastSeq: UInt64, warnings: [String]), LogReadError>

  static func check(feature: String, _ url: URL, _ read: Read, _ input: UnsafeRawBufferPointer) {
    switch feature {
    case "amountInput": check(AmountInput(), url, read, input)
    case "signIn": check(SignIn(), url, read, input)
    case "musicSearch": check(MusicSearch(), url, read, input)
    case "userList": check(UserList(), url, read, input)
    case "following": check(Following(), url, read, input)
    case "greeting": check(Greeting(), url, read, input)
    case "playerCard": check(PlayerCard(), url, read, input)
    case "app": check(AppFeature(), url, read, input)
    default: break
    }
  }

  private static func check<R: Reducer>(_ reducer: R, _ url: URL, _ read: Read, _ input: UnsafeRawBufferPointer)
  where R.State: Codable & Equatable, R.Action: Codable {
    let replayer = Replayer(reducer: reducer)
    let full = Result { try replayer.replay(file: url) }
    switch (read, full) {
    case (.failure(let error), .success(let result)):
      finding("Replayer accepts a log LogReader rejects (\(error)); replay gave seq \(result.lastSeq)", input)
    case (.success(let read), .success(let result)):
      if read.lastSeq != result.lastSeq || read.warnings != result.warnings {
        finding(
          "LogReader and Replayer read different logs: seq \(read.lastSeq) \(read.warnings) against seq \(result.lastSeq) \(result.warnings)",
          input)
      }
    case (.success, .failure(let error as LogReadError)) where !isAboutContent(error.kind):
      finding("Replayer rejects a log LogReader accepts: \(error)", input)
    default:
      break
    }
    // Time travel to the middle starts from the snapshot below it, when there is one.
    if case .success(let read) = read, read.lastSeq >= 2 {
      _ = try? replayer.replay(file: url, until: read.lastSeq / 2 + 1)
    }
  }

  /// Errors about what the lines say, which only replay can find: the reader checks the form.
  private static func isAboutContent(_ kind: LogReadError.Kind) -> Bool {
    kind == .undecodableAction || kind == .undecodableState || kind == .seqPastEnd
  }
}

/// One file the inputs are written to in turn: `LogReader` reads files.
final class ScratchFile: @unchecked Sendable {
  // NB: @unchecked: libFuzzer runs one input at a time on one thread.
  static let shared = ScratchFile()

  let url: URL
  private let fd: Int32

  private init() {
    var template = Array((NSTemporaryDirectory() + "/refold-fuzz-XXXXXX.log").utf8CString)
    fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else { fatalError("refold-fuzz: cannot create a scratch file: \(String(cString: strerror(errno)))") }
    url = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    atexit { unlink(ScratchFile.shared.url.path) }
  }

  /// Replaces the file's contents with `bytes`.
  func write(_ bytes: UnsafeRawBufferPointer) -> URL {
    guard ftruncate(fd, 0) == 0, bytes.isEmpty || pwrite(fd, bytes.baseAddress!, bytes.count, 0) == bytes.count else {
      fatalError("refold-fuzz: cannot write the scratch file: \(String(cString: strerror(errno)))")
    }
    return url
  }
}
