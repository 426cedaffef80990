public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@LogDecodable` on an enum whose `Codable` conformance Swift synthesizes: writes its
/// `LogDecodable` conformance, which reads each case the way the synthesized `init(from:)`
/// decodes it (`{"case":{"label":value,"_1":value}}`) and gives up on anything else.
///
/// It refuses what would make it read differently from `init(from:)`: an enum that declares
/// `CodingKeys` (or a case's `…CodingKeys`) or its own `init(from:)`, and cases with no name it
/// could match. A conformance written elsewhere (an extension with a custom `init(from:)`) it
/// cannot see; the documentation says so.
///
/// (The expansion as a protocol's extension, which `LogDecodableMacros` gives its one-line
/// `LogDecodableMacro`: see `ObservableStateExpansion`.)
public protocol LogDecodableExpansion: ExtensionMacro {}

extension LogDecodableExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      throw MacroExpansionErrorMessage(
        "'@LogDecodable' applies to an enum, a feature's Action; a struct is read through Decodable")
    }
    try refuseCustomCoding(enumDecl)
    let cases = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    guard !cases.isEmpty else {
      throw MacroExpansionErrorMessage("'@LogDecodable' needs an enum with cases")
    }
    let branches = cases.map(branch(for:)).joined(separator: "\n")
    let extensionDecl: DeclSyntax = """
      extension \(type.trimmed): EventLog.LogDecodable {
      \(raw: enumDecl.memberAccessPrefix)static func read(from json: inout EventLog.LogJSONReader) throws(EventLog.LogJSONReader.Miss) -> Self {
      switch try json.caseName() {
      \(raw: branches)
      default:
      throw EventLog.LogJSONReader.Miss()
      }
      }
      }
      """
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
  }

  /// A declared `CodingKeys` renames keys, and a hand-written `init(from:)` reads another shape:
  /// either would make the reader accept what `init(from:)` does not.
  private static func refuseCustomCoding(_ enumDecl: EnumDeclSyntax) throws {
    for member in enumDecl.memberBlock.members {
      if let nested = member.decl.as(EnumDeclSyntax.self), nested.name.text.hasSuffix("CodingKeys") {
        throw MacroExpansionErrorMessage(
          "'@LogDecodable' reads the keys synthesized Codable uses; this enum declares '\(nested.name.text)', so conform to LogDecodable by hand"
        )
      }
      if let initializer = member.decl.as(InitializerDeclSyntax.self),
        initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
      {
        throw MacroExpansionErrorMessage(
          "'@LogDecodable' reads what synthesized Codable writes; this enum decodes itself in 'init(from:)', so conform to LogDecodable by hand"
        )
      }
    }
  }

  /// One `case "name":` of the switch: each associated value read once, under its label or
  /// `_i`; a missing optional is `nil`, a missing required value gives up.
  private static func branch(for element: EnumCaseElementSyntax) -> String {
    let name = element.name.text
    let key = unescaped(name)
    let parameters = element.parameterClause?.parameters.map { $0 } ?? []
    guard !parameters.isEmpty else {
      return """
        case "\(key)":
        guard try json.nextKey() == nil else { throw EventLog.LogJSONReader.Miss() }
        try json.endCase()
        return .\(name)
        """
    }
    var lines: [String] = []
    var keyCases: [String] = []
    var arguments: [String] = []
    var required: [String] = []
    for (index, parameter) in parameters.enumerated() {
      let label = parameter.firstName.map { $0.text == "_" ? nil : $0.text } ?? nil
      let memberKey = label.map(unescaped) ?? "_\(index)"
      let value = "v\(index)"
      let (valueType, isOptional) = unwrappedOptional(parameter.type)
      lines.append("var \(value): \(valueType)? = nil")
      lines.append("var seen\(index) = false")
      let read =
        isOptional
        ? "try json.readNull() ? nil : json.decode(\(valueType).self)"
        : "try json.decode(\(valueType).self)"
      keyCases.append("case \"\(memberKey)\" where !seen\(index):\nseen\(index) = true\n\(value) = \(read)")
      if !isOptional { required.append("let \(value)") }
      arguments.append(label.map { "\($0): \(value)" } ?? value)
    }
    lines.append(
      """
      while let key = try json.nextKey() {
      switch key {
      \(keyCases.joined(separator: "\n"))
      default:
      throw EventLog.LogJSONReader.Miss()
      }
      }
      try json.endCase()
      """)
    if !required.isEmpty {
      lines.append("guard \(required.joined(separator: ", ")) else { throw EventLog.LogJSONReader.Miss() }")
    }
    lines.append("return .\(name)(\(arguments.joined(separator: ", ")))")
    return "case \"\(key)\":\n" + lines.joined(separator: "\n")
  }

  /// A name as its JSON key: without the backquotes of `` `default` ``.
  private static func unescaped(_ name: String) -> String {
    String(name.filter { $0 != "`" })
  }

  /// `T` and true for `T?` or `Optional<T>` (synthesized Codable reads those with
  /// `decodeIfPresent`: missing or `null` is `nil`); the type itself and false otherwise.
  private static func unwrappedOptional(_ type: TypeSyntax) -> (String, Bool) {
    if let optional = type.as(OptionalTypeSyntax.self) {
      return (optional.wrappedType.trimmedDescription, true)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first, identifier.genericArgumentClause?.arguments.count == 1
    {
      return (argument.argument.trimmedDescription, true)
    }
    return (type.trimmedDescription, false)
  }
}
