/// Type names as a person writes them in their own module: `AmountInput.Action` rather than
/// `Reducers.AmountInput.Action`, `Result<Session, LoginError>` rather than
/// `Swift.Result<Reducers.Session, Reducers.LoginError>`.
enum SwiftTypeName {
  static func of(_ type: Any.Type) -> String {
    var name = ""
    var word = ""
    // Each dotted run of identifiers loses its first part, the module.
    func flush() {
      if let dot = word.firstIndex(of: ".") { word = String(word[word.index(after: dot)...]) }
      name += word
      word = ""
    }
    for character in String(reflecting: type) {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        flush()
        name.append(character)
      }
    }
    flush()
    return name
  }
}
