public import JSONCodec

/// A JSON value as a log holds it, for migrations to rewrite: a `JSONValue`, whose objects
/// keep their keys in order and whose integers stay exact (a 64-bit id is never rounded through
/// a `Double`).
///
/// ```swift
/// LogMigration(from: 1, action: { action in
///   action.renameCase("textChanged", to: "textEdited")
/// }, state: { state in
///   state.insert("currency", default: "KRW")
///   state.renameKey("output", to: "display")
/// })
/// ```
///
/// Subscripts read and write members and elements; writing `nil` to a member removes it.
public typealias LogJSON = JSONValue
