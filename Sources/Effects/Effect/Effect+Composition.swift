extension Effect {
  /// Runs the effects at the same time. Their actions arrive in whatever order they are sent.
  // NB: Disfavoured, so that a call with two effects takes the overload below, which makes no
  //     array; the compiler ranks the two as equals otherwise.
  @_disfavoredOverload
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the two effects at the same time. Most of the pairs a reducer combines (a child's
  /// effect and its parent's) hold a `.none`: then the other is returned as it is, with no
  /// array made for the pair.
  @inlinable
  public static func merge(_ first: Self, _ second: Self) -> Self {
    if first.isNone { return second }
    if second.isNone { return first }
    return Self(operation: .merge([first, second]))
  }

  /// Runs the effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .merge(effects))
    }
  }

  /// Runs the effects one after another: each starts when the one before it has finished,
  /// including everything it started.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after another.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .concatenate(effects))
    }
  }

  /// Runs this effect and then `other`.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Runs this effect and `other` at the same time.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// Transforms the actions this effect sends. `Scope` uses it to lift a child's effects into
  /// the parent's action type.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action, source):
      return .init(operation: .send(transform(action), source))
    case let .run(priority, source, operation):
      return .init(
        operation: .run(priority, source) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case let .merge(effects):
      return .init(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return .init(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return .init(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(id):
      return .init(operation: .cancel(id: id))
    case let .deferred(wait, effect):
      return .init(operation: .deferred(wait, effect.map(transform)))
    case let .throttle(id, interval, clock, latest, effect):
      return .init(operation: .throttle(id: id, interval: interval, clock: clock, latest: latest, effect.map(transform)))
    }
  }
}

extension Effect {
  /// Runs each `.run` of this effect inside `wrap`, which is given the run's `send` and the run
  /// itself. The presentation reducer uses it to give a presented child's effects a `dismiss`
  /// that sends the parent's dismiss action.
  package func aroundEachRun(
    _ wrap: @escaping @Sendable (_ send: Send<Action>, _ run: @Sendable () async -> Void) async -> Void
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, source, operation):
      return .init(operation: .run(priority, source) { send in await wrap(send) { await operation(send) } })
    case let .merge(effects):
      return .init(operation: .merge(effects.map { $0.aroundEachRun(wrap) }))
    case let .concatenate(effects):
      return .init(operation: .concatenate(effects.map { $0.aroundEachRun(wrap) }))
    case let .cancellable(id, cancelInFlight, effect):
      return .init(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.aroundEachRun(wrap)))
    case let .deferred(wait, effect):
      return .init(operation: .deferred(wait, effect.aroundEachRun(wrap)))
    case let .throttle(id, interval, clock, latest, effect):
      return .init(operation: .throttle(id: id, interval: interval, clock: clock, latest: latest, effect.aroundEachRun(wrap)))
    }
  }
}

extension Effect {
  /// Whether this is `.none`: a reducer that lifts effects can skip making closures for it.
  @inlinable @usableFromInline
  package var isNone: Bool {
    if case .none = operation { true } else { false }
  }
}
