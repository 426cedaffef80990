import Store

/// Replay reads each keystroke's action straight from its bytes, `{"textChanged":{"_0":"1234"}}`,
/// rather than through `Decodable`: a log of typing repeats few actions, so each is read once.
/// Anything else (an escaped character in the text, a key twice) is left to `Decodable`.
extension AmountInput.Action: LogDecodable {
  public static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    guard try json.caseName() == "textChanged" else { throw LogJSONReader.Miss() }
    var text: String?
    var seen = false
    while let key = try json.nextKey() {
      guard key == "_0", !seen else { throw LogJSONReader.Miss() }
      seen = true
      text = try json.readNull() ? nil : json.string()
    }
    try json.endCase()
    return .textChanged(text)
  }
}
