import Foundation

/// What `refold check` found for one log.
package struct LogCheckOutcome: Sendable, Codable {
  package enum Status: String, Sendable, Codable, CaseIterable {
    /// Replayed to its end with every checkpoint's digest matching.
    case verified
    /// Recorded at an older schema, upgraded through the feature's migrations, and replayed to
    /// its end with every comparable checkpoint matching.
    case migrated
    /// Replayed to its end without error, but it holds no checkpoint to compare (a recording
    /// that was killed before its first): nothing was verified.
    case unverified
    /// A checkpoint's digest, or a recorded draw, is not what the current reducer gives.
    case diverged
    /// The log cannot be read: missing, not a log, damaged, or of another schema.
    case unreadable
    /// The log is of a feature this tool does not host: reported, not checked.
    case skipped
  }

  package var path: String
  package var feature: String?
  package var status: Status
  package var events = 0
  package var checkpoints = 0
  package var seconds = 0.0
  /// One line: why it is not verified, or a warning (a torn last line) of a verified one.
  package var message: String?
  /// For a divergence: the seq named, the fields that differ, the last action the log holds
  /// up to there, and what the replay says of it after its first line (the diff, or the
  /// replayed values of the fields that differ, and the actions since the last match).
  package var seq: UInt64?
  package var fields: [String]?
  package var action: String?
  package var detail: String?

  package init(path: String, feature: String?, status: Status, message: String? = nil) {
    self.path = path
    self.feature = feature
    self.status = status
    self.message = message
  }
}
