/// Where an action came from: sent by a caller of ``Store/send(_:fileID:line:)``, or by an effect.
public enum ActionOrigin: String, Codable, Sendable {
  case send
  case effect
}

/// One folded action, as plugins see it.
public struct Commit<State, Action> {
  /// 1, 2, 3 … per store, with no gaps.
  public let seq: UInt64
  public let origin: ActionOrigin
  public let action: Action
  /// The state after the action.
  public let state: State
  /// What the reducer drew from `uuid`, `date` and `withRandomNumberGenerator` while it
  /// folded the action, in order; usually none.
  public let draws: [Draw]
  /// When the action was sent while the store was folding another (and so was queued behind
  /// it), that other action and its seq; `nil` for nearly every commit.
  public let reentrance: ReentrantSend<Action>?
  /// Where the action was sent from, when the store records it (`recordsSendSites`, debug
  /// builds only); `nil` otherwise.
  public let site: SendSite?

  public init(
    seq: UInt64, origin: ActionOrigin, action: Action, state: State, draws: [Draw] = [],
    reentrance: ReentrantSend<Action>? = nil, site: SendSite? = nil
  ) {
    self.seq = seq
    self.origin = origin
    self.action = action
    self.state = state
    self.draws = draws
    self.reentrance = reentrance
    self.site = site
  }
}

extension Commit: Sendable where State: Sendable, Action: Sendable {}
extension Commit: Equatable where State: Equatable, Action: Equatable {}
