import Testing
@testable import StoreCore

/// `EnumPayload` reads a case's payload by its case number and the payload type the compiler
/// recorded, without `Mirror`: every answer is checked against what `Mirror` reads.
struct EnumPayloadTests {
  /// Cases without a payload declared between cases with one: the runtime numbers the payload
  /// cases first, and the field descriptor's records must be found by that number.
  enum Mixed: Equatable, Sendable {
    case idle
    case run(Int)
    case stop
    case say(String)
    case counter(Counter.Action)
    case other(Counter.Action)
    case pair(Int, String)
    case labelled(id: Int, name: String)
    case object(Box)
    case anything(any Sendable)
    case maybe(Int?)
    indirect case nested(Mixed)
    case last

    static func == (lhs: Mixed, rhs: Mixed) -> Bool { String(describing: lhs) == String(describing: rhs) }
  }

  class Box: @unchecked Sendable {}
  final class SubBox: Box, @unchecked Sendable {}

  /// Two payloads of one generic type, and a payload of a generic parameter.
  enum Either<A, B> {
    case left(A)
    case right(B)
    case both(Pair<A, B>)
  }

  struct Pair<A, B> {
    var first: A
    var second: B
  }

  private func read<Root, Value>(_ root: Root, as type: Value.Type) -> EnumPayload.Reading<Value> {
    EnumPayload.read(root, tag: EnumTag.of(root)!, as: type)
  }

  @Test func aPayloadOfExactlyTheTypeIsReadWithoutMirror() {
    guard case .payload(3) = read(Mixed.run(3), as: Int.self) else { Issue.record("run(3)"); return }
    guard case .payload("hé") = read(Mixed.say("hé"), as: String.self) else { Issue.record("say"); return }
    guard case .payload(.increment) = read(Mixed.counter(.increment), as: Counter.Action.self) else {
      Issue.record("counter"); return
    }
    guard case .payload(.decrement) = read(Mixed.other(.decrement), as: Counter.Action.self) else {
      Issue.record("other"); return
    }
    let box = Box()
    guard case let .payload(read) = read(Mixed.object(box), as: Box.self), read === box else { Issue.record("class"); return }
  }

  @Test func anotherConcreteTypeOrNoPayloadIsNotAValue() {
    for value in [Mixed.idle, .stop, .last, .say("x"), .counter(.increment)] {
      guard case .notAValue = read(value, as: Int.self) else { Issue.record("\(value) read as an Int"); continue }
    }
    guard case .notAValue = read(Mixed.run(1), as: Counter.Action.self) else { Issue.record("run as action"); return }
  }

  /// Payloads a cast may or may not turn into the type, depending on the value, are left to
  /// `Mirror`; so are indirect cases, whose payload is boxed.
  @Test func castsThatDependOnTheValueAreLeftToMirror() {
    guard case .unknown = read(Mixed.object(SubBox()), as: SubBox.self) else { Issue.record("subclass"); return }
    guard case .unknown = read(Mixed.anything(1), as: Int.self) else { Issue.record("existential"); return }
    guard case .unknown = read(Mixed.maybe(1), as: Int.self) else { Issue.record("optional"); return }
    guard case .payload(.some(1)) = read(Mixed.maybe(1), as: Int?.self) else { Issue.record("exact optional"); return }
    guard case .unknown = read(Mixed.labelled(id: 1, name: "a"), as: (Int, String).self) else { Issue.record("labels"); return }
    guard case let .payload(pair) = read(Mixed.pair(1, "a"), as: (Int, String).self), pair == (1, "a") else {
      Issue.record("exact tuple"); return
    }
    guard case .unknown = read(Mixed.nested(.run(1)), as: Mixed.self) else { Issue.record("indirect"); return }
    guard case .unknown = read(Mixed.run(1), as: AnyHashable.self) else { Issue.record("AnyHashable"); return }
  }

  @Test func genericPayloadsResolveWithTheTypesArguments() {
    guard case .payload(1) = read(Either<Int, Int>.left(1), as: Int.self) else { Issue.record("left"); return }
    guard case .payload(2) = read(Either<Int, Int>.right(2), as: Int.self) else { Issue.record("right"); return }
    guard case .notAValue = read(Either<Int, String>.right("a"), as: Int.self) else { Issue.record("right"); return }
    guard case let .payload(pair) = read(Either<String, [Int]>.both(Pair(first: "a", second: [1])), as: Pair<String, [Int]>.self),
      pair.first == "a", pair.second == [1]
    else { Issue.record("both"); return }
  }

  /// Reading copies the payload out of a copy of the value, through the enum's witnesses that
  /// clear and then restore its case: the value read from is intact, and so is what it holds.
  @Test func readingLeavesTheValueWhole() {
    let say = Mixed.say(String(repeating: "long enough to live on the heap ", count: 4))
    for _ in 0..<3 {
      guard case let .payload(text) = read(say, as: String.self) else { Issue.record("say"); return }
      #expect(text.hasPrefix("long enough"))
    }
    #expect(say == .say(String(repeating: "long enough to live on the heap ", count: 4)))
    #expect(EnumTag.of(say) == EnumTag.of(Mixed.say("")))
  }

  /// A path built again for every action (as a `body`'s are) extracts exactly what `Mirror`
  /// says, for every case: the case is told by the case number an embed makes, never by type.
  @Test func freshPathsAgreeWithMirrorOnEveryCase() {
    let values: [Mixed] = [
      .idle, .run(1), .stop, .say("a"), .counter(.increment), .other(.increment), .pair(1, "b"), .labelled(id: 1, name: "b"),
      .object(Box()), .anything(2), .maybe(nil), .maybe(3), .nested(.run(4)), .last,
    ]
    for value in values {
      let mirror = Mirror(reflecting: value).children.first?.label
      #expect((ActionPath(Mixed.run).extract(value) != nil) == (mirror == "run"), "\(value)")
      #expect((ActionPath(Mixed.say).extract(value) != nil) == (mirror == "say"), "\(value)")
      #expect((ActionPath(Mixed.counter).extract(value) != nil) == (mirror == "counter"), "\(value)")
      #expect((ActionPath(Mixed.other).extract(value) != nil) == (mirror == "other"), "\(value)")
      #expect((ActionPath(Mixed.pair).extract(value) != nil) == (mirror == "pair"), "\(value)")
      #expect((ActionPath(Mixed.labelled).extract(value) != nil) == (mirror == "labelled"), "\(value)")
      #expect((ActionPath(Mixed.maybe).extract(value) != nil) == (mirror == "maybe"), "\(value)")
      #expect((ActionPath(Mixed.nested).extract(value) != nil) == (mirror == "nested"), "\(value)")
    }
    #expect(ActionPath(Either<Int, Int>.right).extract(.left(1)) == nil)
    #expect(ActionPath(Either<Int, Int>.right).extract(.right(5)) == 5)
  }
}
