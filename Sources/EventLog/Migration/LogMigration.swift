/// Upgrades what a log recorded at schema `version` holds to schema `version + 1`: its actions,
/// and its states (the header's initial state and the snapshots), as JSON, before they are
/// decoded. A feature lists one per schema step, so a log outlives the shape it was written in.
///
/// ```swift
/// extension AmountInput: RefoldFeature {
///   public static var schemaVersion: Int { 3 }
///   public static var migrations: [LogMigration] {
///     [
///       // 1 → 2: `textChanged` became `textEdited`.
///       LogMigration(from: 1, action: { $0.renameCase("textChanged", to: "textEdited") }),
///       // 2 → 3: the state gained `currency`.
///       LogMigration(from: 2, state: { $0.insert("currency", default: "KRW") }),
///     ]
///   }
/// }
/// ```
///
/// A step without a `state` closure says the state's encoding did not change, so the digests
/// recorded before it are still checked. After a step with one, a replay compares only the
/// checkpoints that carry the full state (migrated as well), and says how many it could not.
public struct LogMigration: Sendable {
  /// The schema this step upgrades from.
  public let version: Int
  let action: (@Sendable (inout LogJSON) throws -> Void)?
  let state: (@Sendable (inout LogJSON) throws -> Void)?

  /// Upgrades what was written at schema `version` to `version + 1`.
  ///
  /// - Parameters:
  ///   - version: the schema this step upgrades from.
  ///   - action: rewrites one action's JSON; nil when the actions did not change.
  ///   - state: rewrites one state's JSON; nil when the state's encoding did not change.
  public init(
    from version: Int,
    action: (@Sendable (inout LogJSON) throws -> Void)? = nil,
    state: (@Sendable (inout LogJSON) throws -> Void)? = nil
  ) {
    self.version = version
    self.action = action
    self.state = state
  }
}
