// `import LogDecoding` gives `@LogDecodable` and the event log it expands against.
@_exported public import EventLog

/// Writes an enum's ``EventLog/LogDecodable`` conformance: replay then reads each of its
/// actions straight from the log's bytes instead of decoding them through `Decodable`.
///
/// ```swift
/// @LogDecodable
/// enum Action: Codable, Equatable {
///   case textChanged(String?)
///   case moved(dx: Int, dy: Int)
///   case reset
/// }
/// ```
///
/// It reads each case as the `init(from:)` Swift synthesizes decodes it: an object of one
/// member, the case's name, whose object holds the associated values by label (`_0`, `_1`…
/// for unlabelled ones), an optional one `nil` when missing or `null`. Anything else (a member
/// it does not know, a key twice, an escape in a string) it leaves to `Decodable`.
///
/// It refuses an enum that declares `CodingKeys` or its own `init(from:)`: both change what
/// `init(from:)` reads. It cannot see an `init(from:)` written in an extension elsewhere; do
/// not use it on such an enum.
@attached(extension, conformances: LogDecodable, names: named(read(from:)))
public macro LogDecodable() = #externalMacro(module: "LogDecodableMacros", type: "LogDecodableMacro")
