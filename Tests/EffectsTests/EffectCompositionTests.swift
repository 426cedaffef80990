import Testing

@testable import Effects

/// The shape of composed effects: what the store's runtime walks. Pure values, no store.
struct EffectCompositionTests {
  enum Action: Equatable, Sendable { case a, b, c(Int) }

  @Test func mergingAndConcatenatingNothingButNoneIsNone() {
    #expect(Effect<Action>.merge(.none, .none).isNone)
    #expect(Effect<Action>.concatenate(.none).isNone)
    #expect(Effect<Action>.merge([Effect<Action>]()).isNone)
  }

  @Test func aSingleRealEffectIsNotWrapped() {
    guard case .send(.a, _) = Effect<Action>.merge(.none, .send(.a), .none).operation else {
      Issue.record("merge of one effect should be that effect")
      return
    }
    guard case .send(.b, _) = Effect<Action>.concatenate(.send(.b), .none).operation else {
      Issue.record("concatenate of one effect should be that effect")
      return
    }
  }

  @Test func noneIsDroppedFromAMerge() {
    guard case .merge(let effects) = Effect<Action>.merge(.send(.a), .none, .send(.b)).operation else {
      Issue.record("expected a merge")
      return
    }
    #expect(effects.count == 2)
  }

  @Test func mapReachesActionsInsideCancellableAndConcatenatedEffects() {
    let effect = Effect<Int>.concatenate(.send(1), Effect<Int>.send(2).cancellable(id: "x"))
      .map { Action.c($0 * 10) }
    guard case .concatenate(let parts) = effect.operation, parts.count == 2,
      case .send(.c(10), _) = parts[0].operation,
      case .cancellable(let id, false, let inner) = parts[1].operation,
      case .send(.c(20), _) = inner.operation
    else {
      Issue.record("unexpected shape: \(effect.operation)")
      return
    }
    #expect(id == CancelID("x"))
  }

  @Test func cancelIDsOfDifferentTypesNeverCollide() {
    enum FeatureA: Hashable, Sendable { case search }
    enum FeatureB: Hashable, Sendable { case search }
    #expect(CancelID(FeatureA.search) != CancelID(FeatureB.search))
    #expect(CancelID(FeatureA.search) == CancelID(FeatureA.search))
    #expect(Set([CancelID(FeatureA.search), CancelID(FeatureB.search), CancelID(FeatureA.search)]).count == 2)
  }

  @Test func redactionAppliesOnlyToRedactableValues() {
    struct Secret: Redactable, Equatable {
      var text: String
      func redacted() -> Self { Secret(text: Redaction.placeholder) }
    }
    #expect(Redaction.apply(Secret(text: "hunter2")) == Secret(text: "<redacted>"))
    #expect(Redaction.apply("plain") == "plain")
  }
}

extension Effect {
  fileprivate var isNone: Bool { if case .none = operation { true } else { false } }
}
