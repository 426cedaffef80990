/// Where an action was sent from: the `#fileID` and line of the `send` call, or, for an action
/// an effect sent, of the `Effect.run` or `Effect.send` that made the effect, with the seq of
/// the action whose fold returned it.
///
/// A store records it only when made with `recordsSendSites: true`, and only in debug builds
/// (compiled with `DEBUG`): ``Commit/site`` carries it, the event log writes it as the event's
/// `"from"`, and `refold devtools` shows it beside each event, as Redux DevTools' trace does.
///
/// ```swift
/// let store = Store(initialState: Search.State(), reducer: Search(), plugins: [recorder],
///                   recordsSendSites: true)
/// store.send(.queryChanged("좋은 날"))   // "from":{"file":"App/SearchView.swift","line":42}
/// ```
public struct SendSite: Sendable, Hashable, CustomStringConvertible {
  /// The `#fileID` of the call: `Module/File.swift`.
  public var fileID: String
  /// Its line, from 1.
  public var line: UInt
  /// For an action an effect sent: the seq of the action whose fold returned that effect.
  /// `nil` for an action a caller sent.
  public var effectOf: UInt64?

  /// - Parameters:
  ///   - fileID: the `#fileID` of the call.
  ///   - line: its line.
  ///   - effectOf: for an action an effect sent, the seq of the action that started it.
  public init(fileID: String, line: UInt, effectOf: UInt64? = nil) {
    self.fileID = fileID
    self.line = line
    self.effectOf = effectOf
  }

  /// `App/SearchView.swift:42`, or `effect of #12 at Search/Search.swift:57`.
  public var description: String {
    guard let effectOf else { return "\(fileID):\(line)" }
    return "effect of #\(effectOf) at \(fileID):\(line)"
  }
}
