package import JSONCodec

/// The migrations that take a log from the schema it was recorded at to the feature's: each
/// action and state runs through every step in order.
package struct MigrationChain: Sendable {
  package let from: Int
  package let to: Int
  private let steps: [LogMigration]

  /// No step: the log is at the feature's schema.
  package static let none = MigrationChain(from: 0, to: 0, steps: [])

  private init(from: Int, to: Int, steps: [LogMigration]) {
    self.from = from
    self.to = to
    self.steps = steps
  }

  /// The steps from `recorded` to `current`.
  ///
  /// - Throws: ``LogReadError`` (`schemaMismatch`) for a log of a later schema than the
  ///   feature's, or a gap no migration covers, naming both versions and what to add.
  package init(recorded: Int, current: Int, migrations: [LogMigration], feature: String, path: String) throws(LogReadError) {
    guard recorded != current else {
      self = .none
      return
    }
    guard recorded < current else {
      throw LogReadError(
        .schemaMismatch, file: path, line: 1,
        message: "the log was recorded with schema \(recorded) of \"\(feature)\", a later one than this build's schema \(current); read it with the build that wrote it")
    }
    var steps: [LogMigration] = []
    for version in recorded..<current {
      guard let step = migrations.first(where: { $0.version == version }) else {
        let missing = (recorded..<current).filter { version in !migrations.contains { $0.version == version } }
        throw LogReadError(
          .schemaMismatch, file: path, line: 1,
          message: "the log was recorded with schema \(recorded) of \"\(feature)\" and this build is at schema \(current), but no migration upgrades schema \(version) to \(version + 1): add "
            + missing.map { "LogMigration(from: \($0), …)" }.joined(separator: ", ") + " to the feature's migrations")
      }
      steps.append(step)
    }
    self.init(from: recorded, to: current, steps: steps)
  }

  package var isEmpty: Bool { steps.isEmpty }

  /// Whether a step rewrites states: then the digests recorded before it are of another
  /// encoding, and only checkpoints with the full state can be compared.
  package var changesState: Bool { steps.contains { $0.state != nil } }

  /// `json` upgraded as an action, or the error of the step that threw.
  package func upgradeAction(_ json: JSONValue) throws -> JSONValue {
    try upgrade(json, \.action, what: "action")
  }

  /// `json` upgraded as a state.
  package func upgradeState(_ json: JSONValue) throws -> JSONValue {
    try upgrade(json, \.state, what: "state")
  }

  private func upgrade(
    _ json: JSONValue, _ part: KeyPath<LogMigration, (@Sendable (inout LogJSON) throws -> Void)?>, what: String
  ) throws -> JSONValue {
    var value = json
    for step in steps {
      guard let rewrite = step[keyPath: part] else { continue }
      do {
        try rewrite(&value)
      } catch {
        throw MigrationFailure(from: step.version, what: what, error: error)
      }
    }
    return value
  }

  /// A step's closure threw.
  struct MigrationFailure: Error, CustomStringConvertible {
    let from: Int
    let what: String
    let error: any Error

    var description: String { "the migration from schema \(from) to \(from + 1) threw on the \(what): \(error)" }
  }
}
