extension ActionPath {
  /// Derives the path from an enum case's constructor, with no macro and nothing to write by
  /// hand:
  ///
  /// ```swift
  /// Scope(state: \.signIn, action: Action.signIn) { SignIn() }
  /// ```
  ///
  /// `extract` accepts a value only when embedding its payload again gives the same case. That
  /// check is what makes it sound: two cases with the same payload type (`case add(Int),
  /// remove(Int)`) never extract each other, and every payload shape works (one value, several
  /// as a tuple, `indirect` cases, generic payloads).
  ///
  /// Not supported: cases that share a base name and differ only in their argument labels
  /// (`case move(to: Int)` beside `case move(by: Int)`), which `Mirror` cannot tell apart;
  /// write that path out with ``init(embed:extract:)``. Nor is a closure that is not a case
  /// constructor (`{ $0 }`: use ``identity``).
  ///
  /// Cost, which matters because a `body`'s paths are built again for every action: the case
  /// number and the payload types the compiler recorded for each case are read without
  /// `Mirror` (`EnumTag`, `EnumPayload`), so an action of a case whose payload is another
  /// struct or enum is turned away in nanoseconds, and a payload of exactly `Value` is copied
  /// out without boxes, whatever its type. A payload of another type that only a cast can tell
  /// apart (a tuple, a class, an existential, an optional) and an `indirect` case are read
  /// through `Mirror`. A path written out by hand costs nothing at all.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.init(caseOf: embed)
  }
}

/// Reads the payload of an enum value's case.
@usableFromInline
enum EnumCase {
  /// The payload of `root` when `root` is the case that `embed` makes.
  ///
  /// A payload of exactly `Value` is read by case number (`EnumPayload`), and it is this case
  /// only if embedding it again gives the same case number. Other payload types are read
  /// through `Mirror` and compared by case name.
  @inlinable
  static func extract<Root, Value>(_ root: Root, as embed: (Value) -> Root) -> Value? {
    guard let tag = EnumTag.of(root) else { return nil }
    switch EnumPayload.read(root, tag: tag, as: Value.self) {
    case .notAValue:
      return nil
    case let .payload(value):
      return EnumTag.of(embed(value)) == tag ? value : nil
    case .unknown:
      guard let (name, payload) = caseAndPayload(of: root), let value = payload as? Value else { return nil }
      guard let (embeddedName, _) = caseAndPayload(of: embed(value)), embeddedName == name else { return nil }
      return value
    }
  }

  /// The case name and the payload of an enum value with a payload; nil for a case without one.
  @usableFromInline
  static func caseAndPayload(of value: Any) -> (name: String, payload: Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label else { return nil }
    return (name, child.value)
  }
}
