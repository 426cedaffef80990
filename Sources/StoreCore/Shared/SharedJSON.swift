public import JSONCodec

/// The JSON of a shared value is a `JSONValue`, the one JSON type of the store and the log.
@available(*, deprecated, renamed: "JSONValue")
public typealias SharedJSON = JSONValue
