public import CasePathsCore

// Refold's own action enums, CasePathable by hand (StoreCore uses no macro), so that a case key
// path goes through them as it does in TCA: `\.destination.presented.edit`, `\.path[id: 0].detail`,
// `\.todos[id: id].toggled`.

extension PresentationAction: CasePathable {
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  public struct AllCasePaths: Sendable {
    /// The presented child's action: `\.destination.presented`.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(embed: { .presented($0) }, extract: { $0.presented })
    }

    /// The parent's dismissal: `\.destination.dismiss`.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        })
    }
  }
}

extension StackAction: CasePathable {
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  public struct AllCasePaths: Sendable {
    /// The action of the screen with id `id`: `\.path[id: 0].detail`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }

    /// A screen's action with its id.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        })
    }

    /// A push, with the new screen's id and state.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        })
    }

    /// A pop of the screen with this id and every screen above it.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        })
    }
  }
}

extension IdentifiedAction: CasePathable {
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  public struct AllCasePaths: Sendable {
    /// The action of the element with id `id`: `\.todos[id: id].toggled`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }

    /// An element's action with its id.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        })
    }
  }
}
