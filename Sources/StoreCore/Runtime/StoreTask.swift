/// The effects started by one ``Store/send(_:fileID:line:)``, and by the actions those effects send in turn.
///
/// ```swift
/// await store.send(.refreshTapped).finish()   // waits for the fetch and its response
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect of this send has finished, including effects started by the
  /// actions they sent.
  public func finish() async {
    guard let group else { return }
    await group.finish()
  }

  /// Cancels every effect of this send that is still running.
  @MainActor
  public func cancel() {
    group?.cancel()
  }

  /// Whether any effect of this send is still running.
  @MainActor
  public var isRunning: Bool {
    group.map { $0.count > 0 } ?? false
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.group === rhs.group }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}

/// Counts the running effect tasks that belong to one send (or to one step of a
/// `concatenate`). A nested group counts into its parent, so the send's `finish()` waits for
/// everything below it.
@MainActor
@usableFromInline
final class EffectGroup {
  private(set) var count = 0
  private(set) var taskIDs: Set<UInt64> = []
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private let parent: EffectGroup?
  private weak var canceller: (any EffectCanceller)?

  init(parent: EffectGroup? = nil, canceller: any EffectCanceller) {
    self.parent = parent
    self.canceller = canceller
  }

  func enter(_ taskID: UInt64) {
    count += 1
    taskIDs.insert(taskID)
    parent?.enter(taskID)
  }

  func leave(_ taskID: UInt64) {
    guard taskIDs.remove(taskID) != nil else { return }
    count -= 1
    if count == 0 {
      let waiters = self.waiters
      self.waiters = []
      for waiter in waiters { waiter.resume() }
    }
    parent?.leave(taskID)
  }

  func finish() async {
    guard count > 0 else { return }
    // NB: the count is read again where the waiter is kept. Entering `withCheckedContinuation`
    //     can be a suspension even on this actor (in a task that prefers a task executor, as
    //     every effect under a test runner does, the runtime hops back onto the main actor
    //     through its queue), and a task that ends in between resumes nobody: a concatenation's
    //     step then waited for ever (EffectRuntimeTests, in about one run of ten under load).
    await withCheckedContinuation { continuation in
      if count == 0 { continuation.resume() } else { waiters.append(continuation) }
    }
  }

  func cancel() {
    canceller?.cancelTasks(taskIDs)
  }
}

@MainActor
protocol EffectCanceller: AnyObject {
  func cancelTasks(_ ids: Set<UInt64>)
}
