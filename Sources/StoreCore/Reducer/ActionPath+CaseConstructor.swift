import Synchronization

extension ActionPath {
  /// Derives the path from an enum case's constructor, with no macro and nothing to write by
  /// hand:
  ///
  /// ```swift
  /// Scope(state: \.signIn, action: Action.signIn) { SignIn() }
  /// ```
  ///
  /// `extract` reads the case of a value through `Mirror`, and accepts it only when embedding
  /// its payload again gives the same case. That check is what makes it sound: two cases with
  /// the same payload type (`case add(Int), remove(Int)`) never extract each other, and every
  /// payload shape works (one value, several as a tuple, `indirect` cases, generic payloads).
  ///
  /// Not supported: cases that share a base name and differ only in their argument labels
  /// (`case move(to: Int)` beside `case move(by: Int)`), which `Mirror` cannot tell apart;
  /// write that path out with ``init(embed:extract:)``. Nor is a closure that is not a case
  /// constructor (`{ $0 }`: use ``identity``).
  ///
  /// Cost: an action of another case is turned away by its case number (nanoseconds, see
  /// `EnumTag`); an action of this case is read through `Mirror`, once the path has matched
  /// its case once (before that, twice: the payload is embedded again to check the case). A
  /// path written out by hand costs nothing, for an action folded millions of times.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let learned = LearnedTag()
    self.init(embed: embed, extract: { root in
      let tag = EnumTag.of(root)
      if let tag, let known = learned.tag {
        guard tag == known else { return nil }
        // The case number is the one a full check accepted: the same case, so its payload
        // needs no second look (embedding it again), which halves the `Mirror` work.
        return EnumCase.caseAndPayload(of: root)?.payload as? Value
      }
      guard let value = EnumCase.extract(root, as: embed) else { return nil }
      if let tag { learned.tag = tag }
      return value
    })
  }
}

/// The case number a case-constructor path matched, once it has matched: every value it
/// extracts is of the same case, so any other number is a different case.
private final class LearnedTag: Sendable {
  private let storage = Atomic<Int64>(-1)

  var tag: UInt32? {
    get {
      let value = storage.load(ordering: .relaxed)
      return value < 0 ? nil : UInt32(value)
    }
    set { storage.store(Int64(newValue!), ordering: .relaxed) }
  }
}

/// Reads an enum value's case through `Mirror`.
enum EnumCase {
  /// The payload of `root` when `root` is the case that `embed` makes.
  static func extract<Root, Value>(_ root: Root, as embed: (Value) -> Root) -> Value? {
    guard let (name, payload) = caseAndPayload(of: root), let value = payload as? Value else { return nil }
    // The payload's type matched; it is this case only if embedding it again gives the same case.
    guard let (embeddedName, _) = caseAndPayload(of: embed(value)), embeddedName == name else { return nil }
    return value
  }

  /// The case name and the payload of an enum value with a payload; nil for a case without one.
  static func caseAndPayload(of value: Any) -> (name: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else { return nil }
    return (name, child.value)
  }
}
