/// Why a log store could not do what it was asked, in one line a person can act on.
///
/// The command line reports it as its own error of the same kind, with the same exit code
/// (Host's `HostError(_:)`); `refold collect` answers an upload with it.
package struct LogStoreError: Error, CustomStringConvertible, Sendable {
  package enum Kind: Sendable {
    /// What the store was given cannot be kept or read: not a log, a damaged one, a folder
    /// that is another program's.
    case badInput
    /// The request itself is wrong: a `--where` or `--since` it cannot take, a bad app name.
    case usage
    /// The store could not do its part: a disk, a database, a lock.
    case failure
  }

  package var kind: Kind
  package var message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  package static func badInput(_ message: String) -> Self { Self(.badInput, message) }
  package static func usage(_ message: String) -> Self { Self(.usage, message) }

  package var description: String { message }
}
