import Foundation
import JSONCodec
import Reducers

/// Parsed JSON decoded into the features' real types. `LogJSONDecoder` must accept exactly what
/// Foundation's `JSONDecoder` accepts, decode the same value, and a decoded value must encode
/// and decode back to itself.
enum CodableChecks {
  /// Decodes `value` as the feature's `Action` and `State` (unless it is a log line), its
  /// `action` member as an `Action` and its `state` and `initialState` members as a `State`.
  /// The feature is the one a log's
  /// header names (`app`, which holds all the others, for anything else), so that the fuzzer
  /// reaches every type by changing one word, and each value costs two decodes, not sixteen.
  static func check(_ value: JSONValue, feature: String, input: UnsafeRawBufferPointer) {
    let types = FeatureTypes.named(feature)
    if value["seq"] == nil, value["checkpoint"] == nil, value["format"] == nil {
      types.checkAction(value, input)
      types.checkState(value, input)
    }
    if let action = value["action"] { types.checkAction(action, input) }
    if let state = value["state"] { types.checkState(state, input) }
    if let state = value["initialState"] { types.checkState(state, input) }
  }

  static func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ value: JSONValue, _ input: UnsafeRawBufferPointer) {
    let decoder = LogJSONDecoder()
    let ours = Result { try decoder.decode(T.self, from: value) }

    // The same JSON text for both decoders: ours written, so that both read one value.
    guard let text = try? LogJSONEncoder().serialize(value) else { return }
    let foundation = Result { try JSONDecoder().decode(T.self, from: Data(text)) }
    switch (ours, foundation) {
    case (.success(let mine), .success(let theirs)) where mine != theirs:
      finding("\(T.self): LogJSONDecoder gives \(mine), JSONDecoder gives \(theirs)", input)
    case (.success(let mine), .failure(let error)):
      finding("\(T.self): LogJSONDecoder accepts (\(mine)) what JSONDecoder rejects (\(error))", input)
    case (.failure(let error), .success(let theirs)):
      finding("\(T.self): JSONDecoder accepts (\(theirs)) what LogJSONDecoder rejects (\(error))", input)
    default:
      break
    }

    checkReader(T.self, text, ours, input)

    guard case .success(let decoded) = ours else { return }
    let encoded: [UInt8]
    do {
      encoded = try LogJSONEncoder().encode(decoded)
    } catch {
      finding("\(T.self): \(decoded) decodes but does not encode again: \(error)", input)
    }
    let again = Result { try decoder.decode(T.self, from: encoded) }
    guard case .success(let back) = again, back == decoded else {
      finding(
        "\(T.self): \(decoded) does not survive a round trip: \(String(decoding: encoded, as: UTF8.self)) gives \(again)",
        input)
    }
  }
}

extension CodableChecks {
  /// A type's own reader (`LogDecodable`) reads what the decoder decodes from the same compact
  /// JSON, or gives up; it never reads what the decoder rejects.
  static func checkReader<T: Decodable & Equatable>(
    _ type: T.Type, _ text: [UInt8], _ decoded: Result<T, any Error>, _ input: UnsafeRawBufferPointer
  ) {
    guard let readable = T.self as? any LogDecodable.Type, let read = read(readable, text) as? T else { return }
    switch decoded {
    case .success(let value) where value != read:
      finding("\(T.self): its LogJSONReader reads \(read), LogJSONDecoder decodes \(value)", input)
    case .failure(let error):
      finding("\(T.self): its LogJSONReader reads \(read) from what LogJSONDecoder rejects (\(error))", input)
    default:
      break
    }
  }

  private static func read<R: LogDecodable>(_ type: R.Type, _ text: [UInt8]) -> Any? {
    LogJSONReader.read(R.self, from: text)
  }
}

/// The `Action` and `State` types of a built-in feature.
struct FeatureTypes {
  let checkAction: (JSONValue, UnsafeRawBufferPointer) -> Void
  let checkState: (JSONValue, UnsafeRawBufferPointer) -> Void

  init<F: Reducer>(_ feature: F.Type) where F.State: Codable & Equatable, F.Action: Codable & Equatable {
    checkAction = { CodableChecks.roundTrip(F.Action.self, $0, $1) }
    checkState = { CodableChecks.roundTrip(F.State.self, $0, $1) }
  }

  static func named(_ feature: String) -> FeatureTypes {
    switch feature {
    case "amountInput": FeatureTypes(AmountInput.self)
    case "signIn": FeatureTypes(SignIn.self)
    case "musicSearch": FeatureTypes(MusicSearch.self)
    case "userList": FeatureTypes(UserList.self)
    case "following": FeatureTypes(Following.self)
    case "greeting": FeatureTypes(Greeting.self)
    case "playerCard": FeatureTypes(PlayerCard.self)
    default: FeatureTypes(AppFeature.self)
    }
  }
}
