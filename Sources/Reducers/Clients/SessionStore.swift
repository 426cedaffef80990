public import Foundation
import IssueReporting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Keeps the signed-in session between launches. The tutorial kept the token, id, email and
/// username in UserDefaults; Refold keeps the whole ``Session`` in one small file that only its
/// owner can read.
///
/// ```swift
/// let store = SessionStore.live()              // ~/.local/share/refold/session.json on Linux
/// try await store.save(session)
/// let restored = try await store.load()        // nil when signed out
///
/// // in a test
/// let store = SessionStore.inMemory()
/// ```
public struct SessionStore: Sendable {
  /// Replaces the kept session.
  public var save: @Sendable (Session) async throws -> Void
  /// Returns the kept session, or nil when there is none.
  public var load: @Sendable () async throws -> Session?
  /// Forgets the kept session. Clearing an empty store is not an error.
  public var clear: @Sendable () async throws -> Void

  public init(
    save: @escaping @Sendable (Session) async throws -> Void,
    load: @escaping @Sendable () async throws -> Session?,
    clear: @escaping @Sendable () async throws -> Void
  ) {
    self.save = save
    self.load = load
    self.clear = clear
  }
}

/// A session file that could not be read, written or removed.
public struct SessionStoreError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var reason: String

  public var description: String { "Session file \(path): \(reason)" }
}

extension SessionStore {
  /// A store backed by the JSON file at `fileURL`, or at ``defaultFileURL(environment:)``.
  ///
  /// The file holds the session token in clear, so it is created with mode 0600 (its folder
  /// with 0700) before any byte is written, and it is replaced atomically: a crash leaves the
  /// old session or the new one, never half of one.
  public static func live(fileURL: URL? = nil) -> Self {
    let url = fileURL ?? defaultFileURL()
    return Self(
      save: { session in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try SessionFile.replace(url, with: try encoder.encode(session))
      },
      load: {
        guard let data = try SessionFile.contents(of: url) else { return nil }
        do {
          return try JSONDecoder().decode(Session.self, from: data)
        } catch {
          throw SessionStoreError(path: url.path, reason: "not a session (\(decodingFailureReason(error)))")
        }
      },
      clear: { try SessionFile.remove(url) }
    )
  }

  /// Where ``live(fileURL:)`` keeps the session: `refold/session.json` in the user's
  /// application-support folder. On Linux that is `$XDG_DATA_HOME`, or `~/.local/share`.
  public static func defaultFileURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent("Library/Application Support")
    #else
      let base: URL
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        base = URL(fileURLWithPath: xdg, isDirectory: true)
      } else {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
          ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        base = home.appendingPathComponent(".local/share", isDirectory: true)
      }
    #endif
    return base.appendingPathComponent("refold", isDirectory: true).appendingPathComponent("session.json")
  }

  /// A store that keeps the session in memory, starting with `initial`. Each call makes a new,
  /// independent store.
  public static func inMemory(_ initial: Session? = nil) -> Self {
    let box = LockedBox(initial)
    return Self(
      save: { session in box.withLock { $0 = session } },
      load: { box.withLock { $0 } },
      clear: { box.withLock { $0 = nil } }
    )
  }

  /// Reports an issue naming the endpoint, and throws, when any of its closures is called.
  public static let unimplemented = Self(
    save: { _ in
      reportIssue("Unimplemented: SessionStore.save was called.")
      throw UnimplementedEndpoint(name: "SessionStore.save")
    },
    load: {
      reportIssue("Unimplemented: SessionStore.load was called.")
      throw UnimplementedEndpoint(name: "SessionStore.load")
    },
    clear: {
      reportIssue("Unimplemented: SessionStore.clear was called.")
      throw UnimplementedEndpoint(name: "SessionStore.clear")
    }
  )
}

/// A value behind a lock. Platforms before macOS 15 lack `Synchronization.Mutex`.
// NB: @unchecked because every access to `value` goes through `lock`.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// The file operations behind ``SessionStore/live(fileURL:)``, in POSIX terms so that the mode is
/// set when the file is created rather than after the secret is in it.
enum SessionFile {
  static func replace(_ url: URL, with data: Data) throws {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw SessionStoreError(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
    }
    // A unique name beside the target, so that rename(2) is atomic and concurrent saves don't meet.
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(temporary, "cannot create") }
    var renamed = false
    defer { if !renamed { unlink(temporary.path) } }
    do {
      defer { close(fd) }
      try data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw failure(temporary, "cannot write")
          }
          offset += written
        }
      }
      guard fsync(fd) == 0 else { throw failure(temporary, "cannot sync") }
    }
    guard rename(temporary.path, url.path) == 0 else { throw failure(url, "cannot replace") }
    renamed = true
  }

  static func contents(of url: URL) throws -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return nil }
      throw SessionStoreError(path: url.path, reason: "cannot read (\(error.localizedDescription))")
    }
  }

  static func remove(_ url: URL) throws {
    guard unlink(url.path) == 0 || errno == ENOENT else { throw failure(url, "cannot remove") }
  }

  private static func failure(_ url: URL, _ what: String) -> SessionStoreError {
    SessionStoreError(path: url.path, reason: "\(what) (\(String(cString: strerror(errno))))")
  }
}
