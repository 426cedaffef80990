extension Store {
  /// Calls `onChange` with the current value now, and again whenever it changes.
  ///
  /// It is the tutorials' `Observable.bind`, on any part of the state. `onChange` is not called
  /// when an action leaves the value equal to the last one it saw.
  ///
  /// ```swift
  /// store.bind(\.output) { [weak self] in self?.outputLabel.text = $0 }
  ///   .store(in: &bindings)
  /// store.bind(\.canSubmit) { button.isEnabled = $0 }   // a computed property works too
  /// ```
  ///
  /// Keep the returned ``StoreBinding``; the binding ends when it is released.
  @inlinable
  public func bind<V: Equatable>(
    _ keyPath: KeyPath<State, V>,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    let current = _state[keyPath: keyPath]
    let box = AnyBindingBox<State>.keyPath(keyPath, initial: current, onChange: onChange)
    onChange(current)
    return register(box, BindingLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Like ``bind(_:_:fileID:filePath:line:column:)-(KeyPath<State,V>,_,_,_,_,_)``, but
  /// `onChange` is first called on the next change, not with the current value.
  @inlinable
  public func lazyBind<V: Equatable>(
    _ keyPath: KeyPath<State, V>,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    let box = AnyBindingBox<State>.keyPath(keyPath, initial: _state[keyPath: keyPath], onChange: onChange)
    return register(box, BindingLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Binds derived state computed by a closure.
  ///
  /// ```swift
  /// store.bind({ "\($0.people.filter(\.isFollowing).count) following" }) { title = $0 }
  /// ```
  @inlinable
  public func bind<V: Equatable>(
    _ select: @escaping @MainActor (State) -> V,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    let current = select(_state)
    let box = AnyBindingBox<State>.selector(select, initial: current, onChange: onChange)
    onChange(current)
    return register(box, BindingLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Like the selector `bind`, but first called on the next change.
  @inlinable
  public func lazyBind<V: Equatable>(
    _ select: @escaping @MainActor (State) -> V,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    let box = AnyBindingBox<State>.selector(select, initial: select(_state), onChange: onChange)
    return register(box, BindingLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The value at `keyPath`: the current one first, then each change.
  ///
  /// ```swift
  /// for await output in store.values(\.output) { print(output) }
  /// ```
  ///
  /// The stream ends when the consuming task is cancelled or the store is released.
  public func values<V: Equatable & Sendable>(_ keyPath: KeyPath<State, V>) -> AsyncStream<V> {
    let (stream, continuation) = AsyncStream<V>.makeStream()
    // Finishes the stream when the binding's box goes away, which is when the store goes away.
    let end = StreamEnd { continuation.finish() }
    let binding = bind(keyPath) { value in
      withExtendedLifetime(end) { _ = continuation.yield(value) }
    }
    // The stream owns the binding: it lives until the consumer stops listening.
    continuation.onTermination = { _ in
      Task { @MainActor in binding.cancel() }
    }
    return stream
  }

  @usableFromInline
  func register(_ box: AnyBindingBox<State>, _ location: BindingLocation) -> StoreBinding {
    bindings.add(box, currentState: _state)
    return StoreBinding(
      location: location,
      createdAtCommit: seq,
      commitCount: { [weak self] in self?.seq },
      onCancel: { [weak self, weak box] in
        guard let self, let box else { return }
        self.bindings.remove(box)
      }
    )
  }
}

/// Runs `finish` when released.
private final class StreamEnd: Sendable {
  let finish: @Sendable () -> Void
  init(_ finish: @escaping @Sendable () -> Void) { self.finish = finish }
  deinit { finish() }
}
