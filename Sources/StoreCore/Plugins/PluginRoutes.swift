/// How a commit reaches a store's plugins, worked out again whenever they change.
///
/// The first plugin that owns a ``CommitQueue`` (the event log's recorder) gets its commits from the store
/// directly: the store's fold pushes them, specialized for its `State` and `Action`, with no
/// call through `any StorePlugin`. Only when the queue refuses one (recording stopped, or the
/// recorder was closed) does the store call that plugin's ``StorePlugin/didCommit(_:)``, which
/// throws why. The plugins before it in the list are told first and those after it last, so
/// every plugin still sees each commit in the order given.
@usableFromInline
struct PluginRoutes<State, Action> {
  @usableFromInline let beforeQueue: [any StorePlugin<State, Action>]
  // NB: Unmanaged: `queueOwner` keeps the queue alive, and a strong reference's retain and
  //     release around each push (which even `unowned(unsafe)` got) made W4's recorded commit
  //     1.20–1.23× slower (docs/unsafe-code.md).
  @usableFromInline let queue: Unmanaged<CommitQueue<State, Action>>?
  @usableFromInline let queueOwner: (any StorePlugin<State, Action>)?
  @usableFromInline let afterQueue: [any StorePlugin<State, Action>]
  /// Whether ``beforeQueue`` and ``afterQueue`` are not empty. Kept apart because asking an
  /// array of parameterized existentials whether it is empty costs a runtime metadata lookup
  /// on every action.
  @usableFromInline let hasPluginsBeforeQueue: Bool
  @usableFromInline let hasPluginsAfterQueue: Bool
  /// The queue when its owner is the store's only plugin and the store records no sites: the
  /// store's ``Store/tellPlugins(_:origin:)`` then pushes a plain commit (nothing drawn, not
  /// re-entrant) itself, without the general path's call and its optionals.
  @usableFromInline let soleQueue: Unmanaged<CommitQueue<State, Action>>?

  /// - Parameter recordsSendSites: whether the store's commits carry sites (``Commit/site``),
  ///   which the short path does not pass.
  init(_ plugins: [any StorePlugin<State, Action>], recordsSendSites: Bool) {
    var queue: CommitQueue<State, Action>?
    var queueOwner: (any StorePlugin<State, Action>)?
    var before: [any StorePlugin<State, Action>] = []
    var after: [any StorePlugin<State, Action>] = []
    for plugin in plugins {
      if queue == nil, let owner = plugin as? any CommitQueueOwner,
        let found = owner.commitQueue(state: State.self, action: Action.self)
      {
        queue = found
        queueOwner = plugin
      } else if queue == nil {
        before.append(plugin)
      } else {
        after.append(plugin)
      }
    }
    self.beforeQueue = before
    self.queue = queue.map { Unmanaged.passUnretained($0) }
    self.queueOwner = queueOwner
    self.afterQueue = after
    hasPluginsBeforeQueue = !before.isEmpty
    hasPluginsAfterQueue = !after.isEmpty
    soleQueue = before.isEmpty && after.isEmpty && !recordsSendSites ? self.queue : nil
  }
}

/// Where ``Store/tellPlugins(_:origin:along:from:)`` starts.
@usableFromInline
enum PluginStage {
  case beforeQueue
  /// The recorder's queue refused the commit: tell its owner, then the plugins after it.
  case queueRefused
  case afterQueue
}
