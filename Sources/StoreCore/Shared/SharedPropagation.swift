import Foundation
import JSONCodec

/// How a write to one shared field reaches the other fields of the same key in a state: the
/// state is encoded, then decoded again with the new values in place of the old ones. Any
/// shape of state works this way (optionals, arrays, stacks, enum destinations), because it
/// needs nothing but the state's `Codable`, which the event log already requires to round-trip.
///
/// It runs only after a fold that wrote a shared value, which is rare next to the other actions.
enum SharedPropagation {
  /// While a state is decoded again: the new value of each key written, typed or as JSON.
  @TaskLocal static var replacements: [String: any Sendable]?
  /// While a state is encoded: the shared fields met.
  @TaskLocal static var collector: Collector?

  /// The shared fields an encoding met: their key ids, and how to seed a registry with them.
  final class Collector: @unchecked Sendable {
    // Only touched by the encoding running on the task that installed it.
    /// The keys of the fields met, and of the arrays their shared elements are in.
    private(set) var ids: Set<String> = []
    private(set) var seeds: [@Sendable (SharedValues) -> Void] = []
    private var seeded: Set<String> = []

    func note(_ id: String, seed: @escaping @Sendable (SharedValues) -> Void) {
      ids.insert(id)
      guard seeded.insert(id).inserted else { return }
      seeds.append(seed)
    }

    /// A key the state depends on without holding a field of it.
    func noteKey(_ id: String) {
      ids.insert(id)
    }
  }

  static func replacement<Value: Decodable & Sendable>(for key: SharedKey<Value>) throws -> Value? {
    guard let replacements else { return nil }
    if let found = replacements[key.id] {
      if let value = found as? Value { return value }
      if let json = found as? JSONValue { return try json.decode(as: Value.self) }
      // The same key declared with another type: the field keeps its own value.
      return nil
    }
    // An element of an array that was written: read from the array's new value.
    if let element = key.element, let array = replacements[element.parentID] {
      return element.value(in: array, as: Value.self)
    }
    return nil
  }

  static func noteEncoded<Value: Codable & Equatable & Sendable>(key: SharedKey<Value>, value: Value) {
    guard let collector else { return }
    collector.note(key.id) { registry in registry.seed(value, for: key) }
    // Changes to the element arrive as changes to its array: the store listens to that key.
    if let element = key.element { collector.noteKey(element.parentID) }
  }

  enum Failure: Error, CustomStringConvertible {
    case notCodable(Any.Type)
    case roundTrip(Any.Type, any Error)

    var description: String {
      switch self {
      case .notCodable(let type):
        "\(type) is not Codable, so a write to one of its shared fields cannot reach the others"
      case .roundTrip(let type, let error):
        "\(type) could not be encoded and decoded again to pass a shared value to its other fields: \(error)"
      }
    }
  }

  /// Sets every shared field of `state` keyed in `replacements` to its new value. Returns the
  /// shared fields the state holds.
  static func apply<State>(_ replacements: [String: any Sendable], to state: inout State) throws(Failure) -> Collector {
    guard let codable = state as? any Codable else { throw .notCodable(State.self) }
    do {
      let (decoded, collector) = try roundTrip(codable, replacements)
      state = decoded as! State
      return collector
    } catch {
      throw .roundTrip(State.self, error)
    }
  }

  /// The shared fields `state` holds; `nil` when it is not `Encodable`.
  static func fields<State>(of state: State) -> Collector? {
    guard let encodable = state as? any Encodable else { return nil }
    let collector = Collector()
    _ = try? $collector.withValue(collector) { try JSONEncoder().encode(encodable) }
    return collector
  }

  private static func roundTrip<T: Codable>(_ value: T, _ replacements: [String: any Sendable]) throws -> (T, Collector) {
    let collector = Collector()
    let data = try $collector.withValue(collector) { try JSONEncoder().encode(value) }
    let decoded = try $replacements.withValue(replacements) { try JSONDecoder().decode(T.self, from: data) }
    return (decoded, collector)
  }
}
