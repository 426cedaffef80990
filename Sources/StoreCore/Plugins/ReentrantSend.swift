import CustomDump

/// What a commit's action was sent during: an action sent to the store (by a binding's
/// callback, a plugin, an observer) while the store was folding another. The store queued it
/// and folded it right after, in order, as always; this says so, for someone hunting an
/// ordering bug.
///
/// ``Commit/reentrance`` carries it, the event log marks the event (`"during":N`),
/// ``ChangesPrinter`` prints it, and a store made with `reentrancy: .print` reports it
/// (``ReentrancyReporting``).
/// An effect's `.send` is queued the same way by design and is not counted as reentrant.
public struct ReentrantSend<Action> {
  /// The seq of the action that was being folded when this one was sent.
  public let seq: UInt64
  /// That action.
  public let action: Action

  public init(seq: UInt64, action: Action) {
    self.seq = seq
    self.action = action
  }

  /// One line naming both actions, secrets redacted:
  /// `#5 Action.b was sent while #4 Action.a was being folded: it was queued and folded after it`.
  public func line(seq sentSeq: UInt64, action sent: Action) -> String {
    let sentText = String(customDumping: Redaction.apply(sent))
    let duringText = String(customDumping: Redaction.apply(action))
    return "#\(sentSeq) \(sentText) was sent while #\(seq) \(duringText) was being folded: it was queued and folded after it"
  }
}

extension ReentrantSend: Sendable where Action: Sendable {}
extension ReentrantSend: Equatable where Action: Equatable {}

/// Whether a store reports its re-entrant sends (``ReentrantSend``), each with one line naming
/// both actions once the queued one is folded:
///
/// ```swift
/// let store = Store(initialState: Form.State(), reducer: Form(), reentrancy: .print)
/// // #5 Form.Action.validate was sent while #4 Form.Action.nameChanged("a") was being folded: …
/// ```
///
/// Off by default. Reported or not, such sends are queued and folded in order, and the event
/// log marks them.
public struct ReentrancyReporting {
  let output: ((String) -> Void)?

  /// Reports nothing.
  public static var off: Self { Self(output: nil) }
  /// Prints each report on standard output.
  public static var print: Self { Self(output: { Swift.print($0) }) }
  /// Hands each report to `output`.
  public static func to(_ output: @escaping (String) -> Void) -> Self { Self(output: output) }
}
