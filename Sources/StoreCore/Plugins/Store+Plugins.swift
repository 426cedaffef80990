import IssueReporting

// How a store tells its plugins of each commit: the hand-off to a consumer thread's queue
// (``CommitQueue``, which the first plugin that owns one gets), then the other plugins through
// ``StorePlugin/didCommit(_:)``, in the order given (``PluginRoutes``).
extension Store {
  /// Adds a plugin. It sees the commits from the next one on.
  public func attach(_ plugin: any StorePlugin<State, Action>) {
    plugins.append(plugin)
  }

  /// Removes a plugin that was added at init or with ``attach(_:)``.
  public func detach(_ plugin: any StorePlugin<State, Action>) {
    plugins.removeAll { $0 === plugin }
  }

  /// Works out again how a commit reaches the plugins, after they changed.
  func route() {
    // The queue reads the final state from the store it last heard from, which may not be
    // attached to it from now on: it keeps this state instead (attached still, the store's
    // next commit makes it the source again).
    leaveHandOff()
    routes = PluginRoutes(plugins, recordsSendSites: recordsSendSites)
    hasPlugins = !plugins.isEmpty
    keepsDraws = hasPlugins
  }

  /// Tells the hand-off queue, if a plugin owns one, that this store stops pushing to it for
  /// now (released, or its plugins changed): the queue keeps this state as the last one.
  func leaveHandOff() {
    routes.queue?.takeUnretainedValue().storeLeaves(self, state: _state)
  }

  /// Tells the plugins about the commit, in their order (``PluginRoutes``). Specialized in the
  /// caller's module like the fold, but not inlined into it, so that the fold of a store
  /// without plugins stays small enough to be inlined into `send` (inlined, this push made W4's
  /// recorded commit 0.5 ns faster and W1's 0.3 ns slower).
  ///
  /// The common case, a recorder alone and a commit with nothing beside its action, is pushed
  /// here with literal `nil`s, and everything else is a call: this function then keeps no
  /// optional array of draws to release and saves few registers. With ``reentrance`` at a fixed
  /// offset, it took W4's recorded commit from 14.2–15.1 ns to 12.6–13.2 (12 alternating quick
  /// runs): what recording adds to a commit on the store's thread went from about 6 ns to 4.3.
  @inlinable @inline(never)
  func tellPlugins(_ action: Action, origin: ActionOrigin) {
    // A push refuses only a closed or stopped queue, and takes nothing then: the general path
    // pushes again, is refused again, and tells the recorder, which throws why.
    if let queue = routes.soleQueue, !DrawTape.mainHasDraws, reentrance == nil,
      pushCommit(
        to: queue, origin: origin, action: action, state: _state, draws: nil, sentDuring: nil, site: nil, pushedBy: self)
    {
      return
    }
    tellEveryPlugin(action, origin: origin)
  }

  /// ``tellPlugins(_:origin:)``'s general path: draws, a re-entrant send, a site, plugins
  /// before or after the recorder's queue, or a queue that refuses.
  @inlinable @inline(never)
  func tellEveryPlugin(_ action: Action, origin: ActionOrigin) {
    let draws = DrawTape.mainHasDraws ? DrawTape.takeMainDraws() : nil
    // A recorder first (alone, with draws, a re-entrant send or a site; or before other
    // plugins): the hand-off is written out here, and nothing runs before it that could change
    // the routes.
    if !routes.hasPluginsBeforeQueue, let queue = routes.queue {
      // A store that records no sites (none does in a release build) passes a literal `nil`:
      // the push then neither copies the optional site nor asks its type whether it is there,
      // about a tenth of a recorded commit on the store's thread (W4).
      let sentDuring = reentrance?.seq
      let pushed =
        recordsSendSites
        ? pushCommit(
          to: queue, origin: origin, action: action, state: _state, draws: draws, sentDuring: sentDuring,
          site: foldingSite, pushedBy: self)
        : pushCommit(
          to: queue, origin: origin, action: action, state: _state, draws: draws, sentDuring: sentDuring, site: nil,
          pushedBy: self)
      guard pushed else {
        return tellPlugins(action, origin: origin, draws: draws, along: routes, from: .queueRefused)
      }
      if routes.hasPluginsAfterQueue { tellPlugins(action, origin: origin, draws: draws, along: routes, from: .afterQueue) }
      return
    }
    tellPlugins(action, origin: origin, draws: draws, along: routes, from: .beforeQueue)
  }

  /// Tells the plugins from `stage` on, along `routes` as they were when the commit began: a
  /// plugin that attaches or detaches another changes the routes of the next commit, not of
  /// this one. The plugins that threw are detached once every plugin has seen the commit.
  @inlinable
  func tellPlugins(
    _ action: Action, origin: ActionOrigin, draws: [Draw]?, along routes: PluginRoutes<State, Action>,
    from stage: PluginStage
  ) {
    let commit = Commit(
      seq: seq, origin: origin, action: action, state: _state, draws: draws ?? [], reentrance: reentrance, site: foldingSite)
    var failures: PluginFailures?
    if stage == .beforeQueue {
      for plugin in routes.beforeQueue { tell(plugin, commit, failures: &failures) }
    }
    if stage != .afterQueue, let queue = routes.queue, let owner = routes.queueOwner {
      // Refused (recording stopped, or the recorder was closed): its `didCommit` throws why.
      if stage == .queueRefused
        || !pushCommit(
          to: queue, origin: origin, action: action, state: _state, draws: draws, sentDuring: reentrance?.seq,
          site: foldingSite, pushedBy: self)
      {
        tell(owner, commit, failures: &failures)
      }
      // A plugin before the queue detached it during this commit, which was pushed along the
      // routes it began with: the queue keeps this state, not the one the store reaches later.
      if self.routes.queue?.toOpaque() != queue.toOpaque() { queue.takeUnretainedValue().storeLeaves(self, state: _state) }
    }
    for plugin in routes.afterQueue { tell(plugin, commit, failures: &failures) }
    if let failures { detach(failures, at: commit.seq) }
  }

  @inlinable
  func tell(_ plugin: any StorePlugin<State, Action>, _ commit: Commit<State, Action>, failures: inout PluginFailures?) {
    do {
      try plugin.didCommit(commit)
    } catch {
      if failures == nil { failures = PluginFailures() }
      failures!.failed.append((plugin, error))
    }
  }

  /// The plugins that threw during one commit, detached once every plugin has seen it.
  @usableFromInline
  struct PluginFailures {
    @usableFromInline var failed: [(plugin: any StorePlugin<State, Action>, error: any Error)] = []
    @usableFromInline init() {}
  }

  @usableFromInline
  func detach(_ failures: PluginFailures, at seq: UInt64) {
    for (plugin, error) in failures.failed {
      plugins.removeAll { $0 === plugin }
      reportIssue(
        """
        Plugin \(type(of: plugin)) threw at seq \(seq) and was detached: \(error)
        The store keeps running without it.
        """
      )
    }
  }
}

extension Store: FinalStateSource {
  /// The state after this store's last commit: what the hand-off queue's consumer reads at
  /// close when this store pushed the last commit it took.
  @usableFromInline package var finalState: State { _state }
}
