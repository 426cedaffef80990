import IssueReporting
import Observation

/// Holds a feature's state, folds actions into it with the feature's reducer, runs the effects
/// the reducer returns, and tells bindings and plugins about each change.
///
/// ```swift
/// let store = Store(initialState: AmountInput.State(), reducer: AmountInput())
/// let binding = store.bind(\.output) { label.text = $0 }
/// store.send(.textChanged("1234"))   // label.text == "1,234₩"
/// ```
///
/// The store lives on the main actor. An action sent while another is being folded (by a
/// binding, a plugin or an effect) is queued and folded after it, in FIFO order; nothing runs
/// re-entrantly and nothing is dropped. When the store is released, its effects are cancelled.
@MainActor @dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  // NB: The hot stored properties skip dynamic exclusivity checks. Only this class writes
  //     them, on the main actor, and never while a caller's closure holds an access to them.
  //     With the checks, W1 took 3 times as long and W4 4 times (docs/unsafe-code.md).
  @usableFromInline @exclusivity(unchecked) var _state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline @exclusivity(unchecked) var seq: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var isFolding = false
  @usableFromInline @exclusivity(unchecked) var queue: [QueuedAction] = []
  @usableFromInline @exclusivity(unchecked) var plugins: [any StorePlugin<State, Action>] {
    didSet { route() }
  }
  @usableFromInline @exclusivity(unchecked) var routes: PluginRoutes<State, Action>
  @usableFromInline @exclusivity(unchecked) var hasPlugins: Bool
  /// While a queued action that was sent re-entrantly is folded: the action it was sent
  /// during (``Commit/reentrance``). Declared before the fields other modules cannot see, so
  /// that the fold finds it at a fixed offset, not at one read from the class's metadata.
  @usableFromInline @exclusivity(unchecked) var reentrance: ReentrantSend<Action>?
  @usableFromInline let bindings = BindingTable<State>()
  @usableFromInline let runtime = EffectRuntime<Action>()
  /// The dependencies the reducer and its effects see, when anything was overridden (by the
  /// `withDependencies` argument, or around the store's creation); `nil` costs the fold nothing.
  @usableFromInline let dependencies: DependencyValues?
  /// Whether this store has plugins, and so keeps what its reducer draws from `uuid`, `date`
  /// and `withRandomNumberGenerator` (``Commit/draws``, the event log's `"draws"`).
  var keepsDraws = false {
    didSet {
      guard keepsDraws != oldValue else { return }
      if keepsDraws { DrawTape.recordingStoreAppeared() } else { DrawTape.recordingStoreWent() }
    }
  }
  /// The registry of the ``Shared`` values this store's state holds: the one installed where
  /// the store was made, else ``SharedValues/live`` (a registry of its own under a test
  /// runner). Whether its initial state holds any: only then does each fold mark its thread
  /// and look for writes. The keys it listens to, and a `shared` action waiting to be applied.
  @usableFromInline let sharedValues: SharedValues
  @usableFromInline let holdsShared: Bool
  var sharedKeys: Set<String> = []
  var awaitedSharedChange: String?
  var unsharedKeysReported: Set<String> = []
  /// The fields Observation has seen read (`store.field`), each watched by a binding; `nil`
  /// until the first read.
  var observedFields: ObservedFields<Store, State>?
  /// ``state`` was read since Observation was last told of a change to it. Read by every
  /// commit, so unchecked like the fold's other fields.
  @usableFromInline @exclusivity(unchecked) var isStateObserved = false
  let observationRegistrar = ObservationRegistrar()
  /// Marks the copies of an ``ObservableState`` that ``state`` hands out with this store, so
  /// that their fields report their reads to it; `nil` for any other state.
  let markCopy: ((inout State, ObservationMark) -> Void)?
  /// This store's number among ``StateReaders``, taken at the first read of ``state``.
  var readerNumber: UInt32 = 0

  /// Whether each re-entrant send is reported with one line naming both actions; set at init
  /// (`reentrancy:`) or later.
  public var reentrancy: ReentrancyReporting

  /// Whether each commit says where its action was sent from (``Commit/site``): set at init
  /// (`recordsSendSites:`), and never in a release build.
  public let recordsSendSites: Bool
  /// While this store records sites: the site of the send entering ``enqueueOrFold(_:origin:group:)``
  /// now, which a queued action keeps; and the site of the action being folded.
  @usableFromInline @exclusivity(unchecked) var incomingSite: SendSite?
  @usableFromInline @exclusivity(unchecked) var foldingSite: SendSite?

  @usableFromInline
  struct QueuedAction {
    @usableFromInline let action: Action
    @usableFromInline let origin: ActionOrigin
    @usableFromInline let group: EffectGroup?
    /// The seq of the fold that was running when a caller sent this action; 0 for actions
    /// that are not re-entrant sends (an effect's `.send` is queued by design).
    @usableFromInline let sentDuring: UInt64
    /// Where it was sent from, when the store records it (``Store/recordsSendSites``).
    @usableFromInline let site: SendSite?

    @usableFromInline
    init(action: Action, origin: ActionOrigin, group: EffectGroup?, sentDuring: UInt64, site: SendSite?) {
      self.action = action
      self.origin = origin
      self.group = group
      self.sentDuring = sentDuring
      self.site = site
    }
  }

  /// Makes a store that starts at `initialState` and folds actions with `reducer`.
  ///
  /// - Parameters:
  ///   - initialState: the state before the first action.
  ///   - reducer: folds each action into the state and returns the effects that follow.
  ///   - plugins: see every commit (the event log's `Recorder`, logging, metrics), each
  ///     commit in the order the plugins are given.
  ///   - reentrancy: whether each action sent while another was being folded (from a
  ///     binding's callback, say) is reported with one line naming both, once it is folded:
  ///     `#5 … was sent while #4 … was being folded: it was queued and folded after it`. Such
  ///     actions are queued and folded in order either way. Off by default.
  ///   - recordsSendSites: whether each commit says where its action was sent from
  ///     (``SendSite``: the `#fileID` and line of the `send`, or the effect that sent it), for
  ///     the event log's `"from"` and `refold devtools`. Ignored in release builds (compiled
  ///     without `DEBUG`), where no commit has a site: a shipped app's log names no source
  ///     file, and its `send` pays nothing for it. Off by default.
  ///   - prepareDependencies: overrides dependencies (``DependencyValues``) for this store's
  ///     reducer and effects, on top of those in effect where the store is made.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    plugins: [any StorePlugin<State, Action>] = [],
    reentrancy: ReentrancyReporting = .off,
    recordsSendSites: Bool = false,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    // NB: The closure is made here, in the caller's module, where it is specialized for `R`:
    //     each fold then calls the feature's `reduce` directly. Made in this module, it was a
    //     thunk that found `R`'s layout in its metadata and called `reduce` through the witness
    //     table, about a seventh of W1's send.
    self.init(
      initialState: initialState, reduce: { reducer.reduce(into: &$0, action: $1) }, plugins: plugins,
      reentrancy: reentrancy, recordsSendSites: recordsSendSites, withDependencies: prepareDependencies)
  }

  /// The store's own initializer, given its reducer as the closure the fold calls.
  @usableFromInline
  init(
    initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    plugins: [any StorePlugin<State, Action>],
    reentrancy: ReentrancyReporting,
    recordsSendSites: Bool,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?
  ) {
    self._state = initialState
    self.markCopy = ObservationMark.marker(for: State.self)
    self.reentrancy = reentrancy
    #if DEBUG
      self.recordsSendSites = recordsSendSites
    #else
      self.recordsSendSites = false
    #endif
    let sharedFields = SharedValues.mayExist ? SharedPropagation.fields(of: initialState) : nil
    self.holdsShared = !(sharedFields?.ids.isEmpty ?? true)
    self.sharedValues = SharedValues.installed ?? (isTesting && holdsShared ? .forTestStore() : .live)
    if holdsShared, isTesting, SharedValues.installed == nil { sharedValues.seed(from: initialState) }
    self.reducer = reduce
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    self.dependencies = dependencies.isEmpty ? nil : dependencies
    self.plugins = plugins
    self.routes = PluginRoutes(plugins, recordsSendSites: self.recordsSendSites)
    self.hasPlugins = !plugins.isEmpty
    runtime.dispatch = { [weak self] action, group, site in
      guard let self else { return }
      if let site { enqueueOrFold(action, origin: .effect, group: group, site: site) } else {
        enqueueOrFold(action, origin: .effect, group: group)
      }
    }
    runtime.recordsSites = self.recordsSendSites
    // Observers do not run in an initializer.
    if !plugins.isEmpty {
      keepsDraws = true
      DrawTape.recordingStoreAppeared()
    }

    if let sharedFields, holdsShared { subscribe(toShared: sharedFields.ids) }

    // Under a test runner every store counts its effects' steps, so that a `VirtualClock`
    // advances only once they have settled; an app's stores run them uncounted.
    if isTesting {
      let tracker = EffectTracker()
      EffectTracker.register(tracker)
      runtime.tracker = tracker
    }
  }

  // Effects must not outlive their store. Isolated, so that a store released on the main actor
  // (the usual case) cancels its effects before the release returns.
  isolated deinit {
    leaveHandOff()
    runtime.cancelAll()
    keepsDraws = false
    if !sharedKeys.isEmpty { sharedValues.unsubscribe(store: ObjectIdentifier(self)) }
    if readerNumber != 0 { StateReaders.unregister(readerNumber) }
  }

  /// The current state.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI view's body), the whole state is observed:
  /// the next action folded tells the observer, whatever it changed. Read a field through the
  /// store itself (`store.count`) to be told of that field's changes only.
  ///
  /// A state marked `@ObservableState` (the `StateObservation` product) is observed field by
  /// field here too: `store.state.count` is told of changes to `count` only, because the copy
  /// this returns reports each field's read to the store.
  public var state: State {
    guard let markCopy else {
      observationRegistrar.access(self, keyPath: \.state)
      isStateObserved = true
      return _state
    }
    var copy = _state
    markCopy(&copy, ObservationMark(reader: readerNumber == 0 ? registerAsReader() : readerNumber))
    return copy
  }

  /// How many actions this store has folded. The seq of the last ``Commit``.
  public var commitCount: UInt64 { seq }

  /// Folds `action` into the state, then starts the effects the reducer returned.
  ///
  /// - Parameters:
  ///   - action: the action to fold.
  ///   - fileID: where it is sent from, kept in its ``Commit/site`` by a store that records
  ///     sites (`recordsSendSites`); otherwise unused.
  ///   - line: the line of `fileID`.
  /// - Returns: a ``StoreTask`` for those effects; `await task.finish()` waits for them.
  @discardableResult
  @inlinable
  public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) -> StoreTask {
    guard recordsSendSites else { return enqueueOrFold(action, origin: .send, group: nil) }
    return enqueueOrFold(action, origin: .send, group: nil, fileID: fileID, line: line)
  }

  /// Folds `action` as ``send(_:fileID:line:)`` does, with `site` as where it came from (a
  /// host's input line, say) when the store records sites.
  @discardableResult
  package func send(_ action: Action, from site: SendSite) -> StoreTask {
    guard recordsSendSites else { return enqueueOrFold(action, origin: .send, group: nil) }
    return enqueueOrFold(action, origin: .send, group: nil, site: site)
  }

  /// How many effect tasks are running now.
  public var runningEffectCount: Int { runtime.runningCount }

  // MARK: The fold

  /// ``send(_:fileID:line:)``'s path for a store that records sites, out of line: the site's
  /// `String` is made here, not in the code of every `send` an app compiles.
  @usableFromInline @inline(never) @discardableResult
  func enqueueOrFold(_ action: Action, origin: ActionOrigin, group: EffectGroup?, fileID: StaticString, line: UInt)
    -> StoreTask
  {
    enqueueOrFold(action, origin: origin, group: group, site: SendSite(fileID: "\(fileID)", line: line))
  }

  /// ``enqueueOrFold(_:origin:group:)`` for a store that records sites: the action keeps
  /// `site`, folded now or queued.
  @usableFromInline @inline(never) @discardableResult
  func enqueueOrFold(_ action: Action, origin: ActionOrigin, group: EffectGroup?, site: SendSite) -> StoreTask {
    let outer = incomingSite
    incomingSite = site
    defer { incomingSite = outer }
    return enqueueOrFold(action, origin: origin, group: group)
  }

  // NB: `send`, this, the fold and the commit are inlined into one another (always: the
  //     optimizer's own choice stopped inlining them once the fold had grown, which made W1's
  //     send three calls deep and cost about a fifth of it), and the rare paths, a re-entrant
  //     send and a site, are calls out of them, so that what `send` inlines stays small.
  @inlinable @inline(__always)
  @discardableResult
  func enqueueOrFold(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> StoreTask {
    if isFolding { return enqueue(action, origin: origin, group: group) }
    if recordsSendSites { takeIncomingSite() }
    isFolding = true
    defer { isFolding = false }
    let task = StoreTask(group: fold(action, origin: origin, group: group))
    if !queue.isEmpty { drainQueue(after: action) }
    return task
  }

  /// Queues an action sent while another is being folded (re-entrant: from a binding, a plugin
  /// or a `.send` effect). It needs its own group now, so that its ``StoreTask`` can finish later.
  @inlinable @inline(never)
  func enqueue(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> StoreTask {
    let group = group ?? runtime.makeGroup()
    queue.append(
      QueuedAction(action: action, origin: origin, group: group, sentDuring: origin == .send ? seq : 0, site: incomingSite))
    return StoreTask(group: group)
  }

  /// Takes the incoming send's site for the fold that starts, so that a send during it without a
  /// site of its own (a shared value's change) is not given this one.
  @usableFromInline @inline(never)
  func takeIncomingSite() {
    foldingSite = incomingSite
    incomingSite = nil
  }

  /// Folds the actions queued while `first` was folded, and those they queue, in order.
  @usableFromInline
  func drainQueue(after first: Action) {
    // Every fold takes the next seq: `first` has this one, the queued action at `index` the
    // one `index + 1` after it. That is how a re-entrant send finds the action it was sent
    // during without the fold keeping each action it folds.
    let firstSeq = seq
    var index = 0
    // New actions may be appended while draining; they are folded in the same loop, in order.
    while index < queue.count {
      let next = queue[index]
      index += 1
      if recordsSendSites { foldingSite = next.site }
      guard next.sentDuring != 0 else {
        fold(next.action, origin: next.origin, group: next.group)
        continue
      }
      let during = next.sentDuring == firstSeq ? first : queue[Int(next.sentDuring - firstSeq) - 1].action
      let reentrant = ReentrantSend(seq: next.sentDuring, action: during)
      reentrance = reentrant
      fold(next.action, origin: next.origin, group: next.group)
      reentrance = nil
      reentrancy.output?(reentrant.line(seq: seq, action: next.action))
    }
    queue.removeAll(keepingCapacity: true)
  }

  /// Folds one action and tells everyone. Returns the group of the effects it started.
  @inlinable @inline(__always)
  @discardableResult
  func fold(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> EffectGroup? {
    guard let dependencies else { return foldInPlace(action, origin: origin, group: group) }
    return fold(action, origin: origin, group: group, with: dependencies)
  }

  /// The fold with the store's dependencies in effect. The effects started in the fold are tasks
  /// created inside it: they inherit them.
  @usableFromInline
  func fold(_ action: Action, origin: ActionOrigin, group: EffectGroup?, with dependencies: DependencyValues) -> EffectGroup? {
    DependencyValues.$current.withValue(dependencies) {
      foldInPlace(action, origin: origin, group: group)
    }
  }

  @inlinable @inline(__always)
  func foldInPlace(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> EffectGroup? {
    // NB: A store whose state shares values takes a path of its own, so that this one stays
    //     the small fold it was, which `send` inlines.
    if holdsShared { return foldSharing(action, origin: origin, group: group) }
    seq &+= 1
    // A store with plugins keeps what its reducer draws (`Commit.draws`): what was drawn on the
    // main queue before is not its reducer's.
    if hasPlugins, DrawTape.mainHasDraws { DrawTape.discardMainDraws() }
    let effect = reducer(&_state, action)
    return commit(action, effect: effect, origin: origin, group: group)
  }

  /// The fold's end: starts the effect, then tells the plugins and the bindings.
  @inlinable @inline(__always)
  func commit(_ action: Action, effect: Effect<Action>, origin: ActionOrigin, group: EffectGroup?) -> EffectGroup? {
    // NB: `.none`, what a reducer usually returns, takes a path of its own that returns before
    //     the other path's last use of the effect: on it, the optimizer knows the effect holds
    //     nothing and releases nothing (it was a call to `swift_release` per action).
    if case .none = effect.operation { return commit(action, origin: origin, group: group) }
    return commit(action, origin: origin, group: startEffect(effect, startedBy: action, group: group))
  }

  /// Starts a fold's effect in `group`, or in a new group. Started before anyone is told, so
  /// that `cancelInFlight` has already cancelled the old effect when a binding or plugin looks
  /// at the new state.
  @inlinable @inline(__always)
  func startEffect(_ effect: Effect<Action>, startedBy action: Action, group: EffectGroup?) -> EffectGroup {
    let effectGroup = group ?? runtime.makeGroup()
    runtime.start(effect, in: .init(cancelIDs: [], group: effectGroup, startedBy: action, startedAt: seq))
    return effectGroup
  }

  /// Tells the plugins, the bindings and Observation of the commit; `group` holds its effects.
  @inlinable @inline(__always)
  func commit(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> EffectGroup? {
    if hasPlugins { tellPlugins(action, origin: origin) }
    if !bindings.isEmpty { dispatchBindings() }
    if isStateObserved { tellStateObservers() }
    return group
  }

  /// Tells Observation that the whole state changed, once per read of ``state``: an
  /// observation ends at the first change it hears of, and the next one reads the state again.
  @usableFromInline @inline(never)
  func tellStateObservers() {
    isStateObserved = false
    StateReaders.tellingObservers { observationRegistrar.withMutation(of: self, keyPath: \.state) {} }
  }

  /// The fold of a store whose state holds ``Shared`` fields: the reducer runs with its thread
  /// marked, and a write to a shared field reaches the state's other fields of its key before
  /// anyone sees the state; other stores hear of it once this commit is done.
  @usableFromInline @inline(never)
  func foldSharing(_ action: Action, origin: ActionOrigin, group: EffectGroup?) -> EffectGroup? {
    seq &+= 1
    if hasPlugins, DrawTape.mainHasDraws { DrawTape.discardMainDraws() }
    let (effect, changes) = reduceSharing(action)
    let group = commit(action, effect: effect, origin: origin, group: group)
    if !changes.isEmpty { publishShared(changes) }
    return group
  }

  /// Tells the bindings about the commit. Written out here, in the store's own generic context,
  /// so that it is specialized together with `fold` in the caller's module.
  @inlinable
  func dispatchBindings() {
    // NB: Not `withUnsafePointer` with a closure literal: an isolated closure passed straight
    //     to a Swift 5 mode module (the standard library) gets a dynamic isolation check,
    //     which cost more than the rest of the send.
    // In place (inout), not a copy of the state: nothing writes `_state` while bindings run,
    // because a send from a binding is queued.
    _withUnsafeMutablePointer(to: &_state) { mutableState in
      let state = UnsafePointer(mutableState)
      let table = bindings
      table.isDispatching = true
      if table.usesIndex, table.previous != nil {
        table.dispatchIndexed(mutableState, seq: seq)
      } else if !table.indexed.isEmpty {
        table.checkEvery(indexed: true, state)
      }
      if !table.scanned.isEmpty { table.checkEvery(indexed: false, state) }
      table.isDispatching = false
      if table.previousIsStale {
        table.previousIsStale = false
        if table.previous != nil { table.previous = state.pointee }
      }
      if table.hasInactive { table.compact() }
    }
  }
}

/// `withUnsafeMutablePointer(to:_:)`, called with a closure value rather than a literal, so that
/// the main-actor closure of ``Store/dispatchBindings()`` needs no dynamic isolation check.
@inlinable
func _withUnsafeMutablePointer<T, R>(to value: inout T, _ body: (UnsafeMutablePointer<T>) throws -> R) rethrows -> R {
  try withUnsafeMutablePointer(to: &value, body)
}

