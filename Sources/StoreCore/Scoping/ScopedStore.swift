/// A child feature's view of a parent store: the child's part of the parent's state, and a
/// `send` that wraps the child's actions in the parent's case. Made by
/// ``Store/scope(state:action:)``, for a child view that binds and sends on its own terms.
///
/// ```swift
/// let signIn = appStore.scope(state: \.signIn, action: AppFeature.Action.signIn)
/// let binding = signIn.bind(\.canSubmit) { button.isEnabled = $0 }
/// signIn.send(.signInTapped)   // appStore folds .signIn(.signInTapped)
/// ```
///
/// It holds no state of its own and folds nothing: every action goes through the parent's
/// store, its reducer, plugins and log. A key-path binding on it is a binding on the parent at
/// the joined key path (`\.signIn.canSubmit`), with the parent's byte-wise index, so it costs
/// what the same binding costs on the root. It keeps the parent store alive, as a view that
/// holds it needs.
@MainActor
public final class ScopedStore<State, Action> {
  /// Where the child sits in the root store. An existential rather than the root's types: a
  /// `ScopedStore` names only the child's `State` and `Action`, whatever store holds it.
  private let parent: any ScopeParent<State, Action>

  init(_ parent: any ScopeParent<State, Action>) {
    self.parent = parent
  }

  /// The child's state, read from the parent's.
  public var state: State { parent.state }

  /// Sends `action`, wrapped in the parent's case, to the parent store.
  ///
  /// - Parameters:
  ///   - action: the child's action.
  ///   - fileID: where it is sent from, for a parent that records sites (`recordsSendSites`).
  ///   - line: the line of `fileID`.
  @discardableResult
  public func send(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) -> StoreTask {
    parent.send(action, fileID: fileID, line: line)
  }

  /// ``Store/bind(_:_:fileID:filePath:line:column:)-(KeyPath<State,V>,_,_,_,_,_)`` on the child's state.
  public func bind<V: Equatable>(
    _ keyPath: KeyPath<State, V>,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    parent.bind(keyPath, onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``Store/lazyBind(_:_:fileID:filePath:line:column:)-(KeyPath<State,V>,_,_,_,_,_)`` on the child's state.
  public func lazyBind<V: Equatable>(
    _ keyPath: KeyPath<State, V>,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    parent.lazyBind(keyPath, onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `Store.bind` with a selector, on the child's state.
  public func bind<V: Equatable>(
    _ select: @escaping @MainActor (State) -> V,
    _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreBinding {
    parent.bind(select, onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``Store/values(_:)`` of the child's state.
  public func values<V: Equatable & Sendable>(_ keyPath: KeyPath<State, V>) -> AsyncStream<V> {
    parent.values(keyPath)
  }

  /// A scope of this scope: the grandchild's part of the state and actions.
  public func scope<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<State, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    parent.scope(state: toChildState, action: toChildAction)
  }
}

/// What a ``ScopedStore`` asks of the store it is a part of. Generic methods: a binding's
/// value type reaches the root store's generic `bind` through a type that names only the
/// child's `State` and `Action`.
@MainActor
protocol ScopeParent<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  var state: State { get }
  func send(_ action: Action, fileID: StaticString, line: UInt) -> StoreTask
  func bind<V: Equatable>(
    _ keyPath: KeyPath<State, V>, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding
  func lazyBind<V: Equatable>(
    _ keyPath: KeyPath<State, V>, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding
  func bind<V: Equatable>(
    _ select: @escaping @MainActor (State) -> V, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding
  func values<V: Equatable & Sendable>(_ keyPath: KeyPath<State, V>) -> AsyncStream<V>
  func scope<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<State, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction>
}

/// The one implementation: a root store, and how the child sits in it.
@MainActor
final class ParentScope<Root, RootAction: Sendable, State, Action>: ScopeParent {
  private let root: Store<Root, RootAction>
  private let toState: WritableKeyPath<Root, State>
  private let embed: (Action) -> RootAction

  /// Marks the copies of an ``ObservableState`` child that ``state`` hands out, so that its
  /// fields' reads reach the root as reads of the root's fields at the joined key paths.
  private let markCopy: ((inout State, ObservationMark) -> Void)?
  private var readerNumber: UInt32 = 0

  init(root: Store<Root, RootAction>, toState: WritableKeyPath<Root, State>, embed: @escaping (Action) -> RootAction) {
    self.root = root
    self.toState = toState
    self.embed = embed
    self.markCopy = ObservationMark.marker(for: State.self)
  }

  isolated deinit {
    if readerNumber != 0 { StateReaders.unregister(readerNumber) }
  }

  var state: State {
    guard let markCopy else { return root.state[keyPath: toState] }
    if readerNumber == 0 { readerNumber = StateReaders.register(self) }
    var copy = root._state[keyPath: toState]
    markCopy(&copy, ObservationMark(reader: readerNumber))
    return copy
  }

  func send(_ action: Action, fileID: StaticString, line: UInt) -> StoreTask {
    root.send(embed(action), fileID: fileID, line: line)
  }

  func bind<V: Equatable>(
    _ keyPath: KeyPath<State, V>, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding {
    return root.bind(
      toState.appending(path: keyPath), onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func lazyBind<V: Equatable>(
    _ keyPath: KeyPath<State, V>, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding {
    return root.lazyBind(
      toState.appending(path: keyPath), onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func bind<V: Equatable>(
    _ select: @escaping @MainActor (State) -> V, _ onChange: @escaping @MainActor (V) -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> StoreBinding {
    let toState = self.toState
    return root.bind(
      { select($0[keyPath: toState]) }, onChange, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func values<V: Equatable & Sendable>(_ keyPath: KeyPath<State, V>) -> AsyncStream<V> {
    return root.values(toState.appending(path: keyPath))
  }

  func scope<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<State, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let embed = self.embed
    return ScopedStore(
      ParentScope<Root, RootAction, ChildState, ChildAction>(
        root: root, toState: toState.appending(path: toChildState), embed: { embed(toChildAction($0)) }))
  }
}

extension Store {
  /// A child feature's view of this store: `toChildState`'s part of the state, and a `send`
  /// that wraps the child's actions with `toChildAction` (the child's case constructor).
  ///
  /// ```swift
  /// let signIn = store.scope(state: \.signIn, action: AppFeature.Action.signIn)
  /// signIn.bind(\.canSubmit) { button.isEnabled = $0 }.store(in: &bindings)
  /// signIn.send(.signInTapped)
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<State, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(ParentScope(root: self, toState: toChildState, embed: toChildAction))
  }
}

extension ParentScope: StateReader {
  func observeRead<Reader, Value: Equatable>(of keyPath: KeyPath<Reader, Value>) {
    guard StateReaders.countsRead(whileFolding: root.isFolding) else { return }
    guard let keyPath = keyPath as? KeyPath<State, Value> else { return root.observeWholeState() }
    root.observeField(toState.appending(path: keyPath))
  }

  func observeReadOfWholeState() {
    root.observeReadOfWholeState()
  }
}
