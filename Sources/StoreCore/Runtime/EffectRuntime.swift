/// Runs the effects that a store's reducer returns.
///
/// The runtime walks an ``Effect`` synchronously on the main actor, so that a cancellation
/// (`cancel(id:)`, `cancelInFlight`) has taken effect before the next action is folded. Only
/// `.run` bodies and clock waits leave the main actor. Every task is tracked by a number, by
/// its cancel ids, and by the ``EffectGroup`` of the send that started it.
///
/// It holds the store only weakly (through `dispatch`), so effects never keep a store alive.
@MainActor
@usableFromInline
final class EffectRuntime<Action: Sendable>: EffectCanceller {
  /// Feeds an action from an effect back into the store, with where it was sent from when
  /// ``recordsSites`` is set.
  var dispatch: (Action, EffectGroup, SendSite?) -> Void = { _, _, _ in }
  /// Whether the store records where each action came from (``SendSite``): then each action an
  /// effect sends names the effect's line and the seq that started it.
  var recordsSites = false

  private struct Running {
    let task: Task<Void, Never>
    let cancelIDs: [CancelID]
    /// The action whose reducer returned this effect, kept for TestStore's failure messages.
    let startedBy: Action
    /// Cancelled, and so over for a ``TestStore``: nothing it sends reaches the store any more
    /// (``Send`` drops it), though its task may take a few more steps to end.
    var isCancelled = false
  }

  /// Where an effect is being started: the cancel ids it sits under and the group it counts in.
  @usableFromInline
  struct Context: Sendable {
    var cancelIDs: [CancelID]
    var group: EffectGroup
    var startedBy: Action
    /// The seq of that action.
    var startedAt: UInt64

    @usableFromInline
    init(cancelIDs: [CancelID], group: EffectGroup, startedBy: Action, startedAt: UInt64) {
      self.cancelIDs = cancelIDs
      self.group = group
      self.startedBy = startedBy
      self.startedAt = startedAt
    }
  }

  private struct Throttle {
    var pending: Effect<Action>?
    var pendingContext: Context?
  }

  private var running: [UInt64: Running] = [:]
  private var tasksByCancelID: [CancelID: Set<UInt64>] = [:]
  private var throttles: [CancelID: Throttle] = [:]
  private var nextTaskID: UInt64 = 0
  private var idleWaiters: [UInt64: IdleWaiter] = [:]
  private var nextWaiterID: UInt64 = 0
  /// Set by ``TestStore`` (before any effect starts) to learn when effects have settled. A
  /// store in an app leaves it nil, and its tasks run on the default executor, uncounted.
  var tracker: EffectTracker?

  nonisolated init() {}

  /// How many effect tasks are running (including cancelled ones that have not yet ended).
  var runningCount: Int { running.count }

  /// The effect tasks still running and not cancelled, oldest first, each with the action that
  /// started it: what a ``TestStore`` must account for. A cancelled effect is over for the
  /// test as soon as the action that cancelled it is folded, though its task ends a few steps
  /// later on another thread: waiting for that end made `finish()` race it.
  var runningEffects: [(id: UInt64, startedBy: Action)] {
    running.filter { !$0.value.isCancelled }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.startedBy) }
  }

  @usableFromInline
  func makeGroup(parent: EffectGroup? = nil) -> EffectGroup {
    EffectGroup(parent: parent, canceller: self)
  }

  // MARK: Starting

  @usableFromInline
  func start(_ effect: Effect<Action>, in context: Context) {
    switch effect.operation {
    case .none:
      return

    case let .send(action, source):
      dispatch(action, context.group, site(source, context))

    case let .run(priority, source, body):
      let site = site(source, context)
      let send = Send<Action> { [weak self] action in self?.dispatch(action, context.group, site) }
      startTask(priority: priority, in: context) { await body(send) }

    case let .merge(effects):
      for effect in effects { start(effect, in: context) }

    case let .concatenate(effects):
      // The first step starts now, like any other effect; the rest wait their turn.
      guard let first = startStep(effects[0], in: context) else { return }
      let rest = effects.dropFirst()
      startTask(priority: nil, in: context) { [weak self] in
        await withTaskCancellationHandler {
          await first.finish()
        } onCancel: {
          Task { @MainActor in first.cancel() }
        }
        for effect in rest {
          guard !Task.isCancelled else { return }
          guard let step = await self?.startStep(effect, in: context) else { return }
          await withTaskCancellationHandler {
            await step.finish()
          } onCancel: {
            Task { @MainActor in step.cancel() }
          }
        }
      }

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      var inner = context
      inner.cancelIDs.append(id)
      start(effect, in: inner)

    case let .cancel(id):
      cancel(id: id)

    case let .deferred(wait, effect):
      startTask(priority: nil, in: context) { [weak self] in
        do { try await wait() } catch { return }
        await self?.startIfNotCancelled(effect, in: context)
      }

    case let .throttle(id, interval, clock, latest, effect):
      throttle(effect, id: id, interval: interval, clock: clock, latest: latest, in: context)
    }
  }

  /// Where the actions of an effect made at `source` come from, if the store records it.
  private func site(_ source: SourceLine, _ context: Context) -> SendSite? {
    guard recordsSites else { return nil }
    return SendSite(fileID: "\(source.fileID)", line: source.line, effectOf: context.startedAt)
  }

  private func startStep(_ effect: Effect<Action>, in context: Context) -> EffectGroup? {
    guard !Task.isCancelled else { return nil }
    var step = context
    step.group = makeGroup(parent: context.group)
    start(effect, in: step)
    return step.group
  }

  private func startIfNotCancelled(_ effect: Effect<Action>, in context: Context) {
    // Checked on the main actor, where cancellation happens, so a wait that was cancelled
    // while it hopped here can never start its effect.
    guard !Task.isCancelled else { return }
    start(effect, in: context)
  }

  private func startTask(
    priority: TaskPriority?,
    in context: Context,
    body: @escaping @Sendable () async -> Void
  ) {
    nextTaskID += 1
    let id = nextTaskID
    // Entered before the task exists, so that it cannot leave first. Its end is recorded on
    // the main actor, so `taskDidEnd` always runs after `running[id]` is set below.
    let group = context.group
    group.enter(id)
    let task: Task<Void, Never>
    if let tracker {
      // Only in tests. NB: a closure value, not a literal: with a main-actor literal here the
      //     compiler's isolation checker gives up ("pattern … does not understand").
      tracker.willStart()
      let operation: @MainActor @Sendable () async -> Void = { [weak self] in
        await Self.run(body, countedIn: tracker)
        Self.taskDidEnd(id, runtime: self, group: group)
      }
      task = Task(executorPreference: tracker, priority: priority, operation: operation)
    } else {
      // NB: A literal: a closure value passed to `Task.init` is wrapped in a thunk for
      //     `@isolated(any)`, one more allocation per effect.
      task = Task(priority: priority) { [weak self] in
        await Self.run(body, countedIn: nil)
        Self.taskDidEnd(id, runtime: self, group: group)
      }
    }
    running[id] = Running(task: task, cancelIDs: context.cancelIDs, startedBy: context.startedBy)
    for cancelID in context.cancelIDs {
      tasksByCancelID[cancelID, default: []].insert(id)
    }
  }

  /// Leaves the main actor (the hop happens on the call), then marks the body as begun.
  @concurrent
  private nonisolated static func run(_ body: @Sendable () async -> Void, countedIn tracker: EffectTracker?) async {
    tracker?.didStart()
    await body()
  }

  /// Also when the runtime is gone: the store (and with it the runtime) may have been released
  /// while the task ran, and whoever awaits `StoreTask.finish()` must still be woken.
  private static func taskDidEnd(_ id: UInt64, runtime: EffectRuntime?, group: EffectGroup) {
    runtime?.taskDidEnd(id)
    group.leave(id)
  }

  private func taskDidEnd(_ id: UInt64) {
    guard let ended = running.removeValue(forKey: id) else { return }
    for cancelID in ended.cancelIDs {
      tasksByCancelID[cancelID]?.remove(id)
      if tasksByCancelID[cancelID]?.isEmpty == true { tasksByCancelID[cancelID] = nil }
    }
    resumeIdleWaiters()
  }

  private func resumeIdleWaiters() {
    for (waiterID, waiter) in idleWaiters where isIdle(ignoring: waiter.ignoring) {
      idleWaiters[waiterID] = nil
      waiter.continuation.resume()
    }
  }

  private func isIdle(ignoring ignored: Set<UInt64>) -> Bool {
    running.allSatisfy { $0.value.isCancelled || ignored.contains($0.key) }
  }

  // MARK: Throttling

  private func throttle(
    _ effect: Effect<Action>,
    id: CancelID,
    interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool,
    in context: Context
  ) {
    var inner = context
    inner.cancelIDs.append(id)
    if throttles[id] != nil {
      // Inside a window: keep only the newest, and only when asked to.
      if latest {
        throttles[id]?.pending = effect
        throttles[id]?.pendingContext = inner
      }
      return
    }
    start(effect, in: inner)
    openThrottleWindow(id: id, interval: interval, clock: clock, in: inner)
  }

  private func openThrottleWindow(id: CancelID, interval: Duration, clock: any Clock<Duration>, in context: Context) {
    throttles[id] = Throttle()
    startTask(priority: nil, in: context) { [weak self] in
      do { try await clock.sleep(for: interval) } catch { return }
      await self?.closeThrottleWindow(id: id, interval: interval, clock: clock)
    }
  }

  private func closeThrottleWindow(id: CancelID, interval: Duration, clock: any Clock<Duration>) {
    guard !Task.isCancelled, let window = throttles.removeValue(forKey: id) else { return }
    if let pending = window.pending, let context = window.pendingContext {
      start(pending, in: context)
      openThrottleWindow(id: id, interval: interval, clock: clock, in: context)
    }
  }

  // MARK: Cancelling

  func cancel(id: CancelID) {
    throttles[id] = nil
    guard let ids = tasksByCancelID.removeValue(forKey: id) else { return }
    cancelTasks(ids)
  }

  func cancelTasks(_ ids: Set<UInt64>) {
    for taskID in ids { cancelTask(taskID) }
    if !idleWaiters.isEmpty { resumeIdleWaiters() }
  }

  func cancelAll() {
    throttles.removeAll()
    cancelTasks(Set(running.keys))
  }

  private func cancelTask(_ taskID: UInt64) {
    guard let entry = running[taskID], !entry.isCancelled else { return }
    running[taskID]?.isCancelled = true
    entry.task.cancel()
  }

  private struct IdleWaiter {
    let ignoring: Set<UInt64>
    let continuation: CheckedContinuation<Void, Never>
  }

  /// Waits until no effect task is running but those in `ignored` (the ones a ``TestStore``
  /// was told to skip) and cancelled ones, or until the waiting task is cancelled.
  func idle(ignoring ignored: Set<UInt64> = []) async {
    guard !isIdle(ignoring: ignored) else { return }
    nextWaiterID += 1
    let id = nextWaiterID
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled || isIdle(ignoring: ignored) {
          continuation.resume()
        } else {
          idleWaiters[id] = IdleWaiter(ignoring: ignored, continuation: continuation)
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.idleWaiters.removeValue(forKey: id)?.continuation.resume() }
    }
  }
}
