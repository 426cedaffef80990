/// The state of a child that a feature presents (a sheet, a popover, an alert, a drill-down):
/// present while it is on screen, `nil` once dismissed.
///
/// ```swift
/// struct State: Equatable, Codable {
///   @Presents var signIn: SignIn.State?
/// }
///
/// Reduce { state, action in … }
///   .ifLet(\.$signIn, action: Action.signIn) { SignIn() }
/// ```
///
/// It holds exactly an optional: it encodes as the child's state, or as nothing at all when
/// the child is dismissed (a log line of a state with nothing presented does not mention it),
/// so a log says which screen was open at each event. What it adds is the key path
/// (`\.$signIn`) that the presentation `ifLet` takes, next to its ``PresentationAction``.
@propertyWrapper
public struct PresentationState<State> {
  public var wrappedValue: State?

  public init(wrappedValue: State? = nil) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, for `ifLet(\.$child, …)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

/// `@Presents var child: Child.State?`, as TCA spells it.
public typealias Presents = PresentationState

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(State.self)
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}

// NB: A synthesized `Codable` asks its container for a wrapped property with `decode` and
//     `encode`, which would make the key required and write `null` for a dismissed child. These
//     overloads, more specific than the generic ones, make a missing key mean "nothing
//     presented" and leave the key out when nothing is.
extension KeyedDecodingContainer {
  public func decode<State: Decodable>(
    _ type: PresentationState<State>.Type, forKey key: Key
  ) throws -> PresentationState<State> {
    PresentationState(wrappedValue: try decodeIfPresent(State.self, forKey: key))
  }
}

extension KeyedEncodingContainer {
  public mutating func encode<State: Encodable>(
    _ value: PresentationState<State>, forKey key: Key
  ) throws {
    try encodeIfPresent(value.wrappedValue, forKey: key)
  }
}
