import IssueReporting

extension Store {
  /// Decodes an action that comes from outside the app for this store: a line of
  /// `refold run`, a deep link, a message from a server. A ``Shared`` field in it (the state of
  /// a screen the action pushes) starts with the value its key holds in this store, as a field
  /// a reducer makes does, not with the copy the payload carries: that copy was written down
  /// earlier, and the screen's first write would put it back over the key's value.
  ///
  /// ```swift
  /// let action = try store.decodingAction { try JSONDecoder().decode(AppFeature.Action.self, from: data) }
  /// store.send(action)
  /// ```
  ///
  /// Send the action at once: the values are the ones the key holds while it is decoded. The
  /// log records the action with them, so a replay folds what the store folded.
  public func decodingAction<Decoded>(_ decode: () throws -> Decoded) rethrows -> Decoded {
    try SharedValues.$adopting.withValue(sharedValues, operation: decode)
  }

  /// The reducer, folding the state as replay and `TestStore` do (``SharedValues/fold(_:_:)``):
  /// its writes to shared fields count, reach the state's other fields of their keys before
  /// anyone sees the state, and the fields it makes start with the store's values. Returns the
  /// effect, and what the other stores must be told.
  @usableFromInline
  func reduceSharing(_ action: Action) -> (effect: Effect<Action>, changes: [SharedChange]) {
    let reducer = self.reducer
    let (effect, writes, fields) = sharedValues.fold(&_state) { reducer(&$0, action) }
    guard !writes.isEmpty else { return (effect, []) }
    subscribe(toShared: fields)
    if let awaited = awaitedSharedChange, writes.contains(where: { $0.id == awaited }) { awaitedSharedChange = nil }
    return (effect, writes.filter(\.changed).compactMap(\.change))
  }

  /// Listens for changes made elsewhere to `keys`.
  func subscribe(toShared keys: Set<String>) {
    let new = keys.subtracting(sharedKeys)
    guard !new.isEmpty else { return }
    sharedKeys.formUnion(new)
    sharedValues.subscribe(new, store: ObjectIdentifier(self)) { [weak self] change in
      self?.receive(change)
    }
  }

  @usableFromInline
  func publishShared(_ changes: [SharedChange]) {
    sharedValues.publish(changes, except: ObjectIdentifier(self))
  }

  /// A shared value this store holds changed elsewhere: it enters as the feature's `shared`
  /// action, so the log holds it.
  func receive(_ change: SharedChange) {
    guard let actionType = Action.self as? any SharedChangeAction.Type else {
      guard unsharedKeysReported.insert(change.key).inserted else { return }
      reportIssue(
        """
        The shared value \(change.key) changed outside this store, but \(Action.self) has no `shared` \
        case (SharedChangeAction), so the store keeps the value it holds. Add `case shared(SharedChange)` \
        and SharedReducer() to the feature.
        """)
      return
    }
    let action = Self.sharedAction(actionType, change) as! Action
    guard !isFolding else {
      enqueueOrFold(action, origin: .send, group: nil)
      return
    }
    awaitedSharedChange = change.key
    enqueueOrFold(action, origin: .send, group: nil)
    if awaitedSharedChange != nil {
      awaitedSharedChange = nil
      reportIssue(
        """
        \(Action.self).shared(\(change)) was folded, but no reducer applied it: add SharedReducer() to \
        the feature's body, so that its state takes values changed outside the store.
        """)
    }
  }

  private static func sharedAction<A: SharedChangeAction>(_ type: A.Type, _ change: SharedChange) -> Any {
    A.shared(change)
  }
}
