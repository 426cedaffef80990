public import Store

extension Bench {
  /// The printer benchmarks' feature: a settings screen's 40 fields, ten each of `Int`,
  /// `String`, `Bool` and `Double`, the size of a real feature's state. Each action changes one
  /// field, round robin, so that a printer has one field's change to show.
  ///
  /// Every field takes one of a few values of the same printed width (a digit, "draft" or
  /// "final", 0.5 or 1.5), and `true`/`false`: the text printed for a field is the same length
  /// from one sample to the next, and so are the printer's mallocs, which CI gates.
  public struct Settings: Reducer {
    public struct State: Equatable, Sendable {
      public static let fieldCount = 40

      public var i0 = 0, s0 = "draft", b0 = false, d0 = 0.5
      public var i1 = 0, s1 = "draft", b1 = false, d1 = 0.5
      public var i2 = 0, s2 = "draft", b2 = false, d2 = 0.5
      public var i3 = 0, s3 = "draft", b3 = false, d3 = 0.5
      public var i4 = 0, s4 = "draft", b4 = false, d4 = 0.5
      public var i5 = 0, s5 = "draft", b5 = false, d5 = 0.5
      public var i6 = 0, s6 = "draft", b6 = false, d6 = 0.5
      public var i7 = 0, s7 = "draft", b7 = false, d7 = 0.5
      public var i8 = 0, s8 = "draft", b8 = false, d8 = 0.5
      public var i9 = 0, s9 = "draft", b9 = false, d9 = 0.5

      public init() {}

      /// Changes field `index` (declaration order). A switch, as a hand-written reducer has.
      mutating func change(_ index: Int) {
        switch index {
        case 0: next(&i0)
        case 1: next(&s0)
        case 2: next(&b0)
        case 3: next(&d0)
        case 4: next(&i1)
        case 5: next(&s1)
        case 6: next(&b1)
        case 7: next(&d1)
        case 8: next(&i2)
        case 9: next(&s2)
        case 10: next(&b2)
        case 11: next(&d2)
        case 12: next(&i3)
        case 13: next(&s3)
        case 14: next(&b3)
        case 15: next(&d3)
        case 16: next(&i4)
        case 17: next(&s4)
        case 18: next(&b4)
        case 19: next(&d4)
        case 20: next(&i5)
        case 21: next(&s5)
        case 22: next(&b5)
        case 23: next(&d5)
        case 24: next(&i6)
        case 25: next(&s6)
        case 26: next(&b6)
        case 27: next(&d6)
        case 28: next(&i7)
        case 29: next(&s7)
        case 30: next(&b7)
        case 31: next(&d7)
        case 32: next(&i8)
        case 33: next(&s8)
        case 34: next(&b8)
        case 35: next(&d8)
        case 36: next(&i9)
        case 37: next(&s9)
        case 38: next(&b9)
        case 39: next(&d9)
        default: preconditionFailure("Settings.State has no field \(index)")
        }
      }
    }

    public enum Action: Equatable, Sendable {
      case change(field: Int)
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .change(field):
        state.change(field)
        return .none
      }
    }
  }
}

// Each field's next value. The strings are literals: changing one allocates nothing.
private func next(_ value: inout Int) { value = value == 9 ? 0 : value + 1 }
private func next(_ value: inout String) { value = value == "draft" ? "final" : "draft" }
private func next(_ value: inout Bool) { value.toggle() }
private func next(_ value: inout Double) { value = value == 0.5 ? 1.5 : 0.5 }
