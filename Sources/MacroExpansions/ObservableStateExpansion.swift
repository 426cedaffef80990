public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@ObservableState` on a struct: each stored `var` becomes a field whose getter reports its
/// read to the store the value was read from (`store.state.count`), backed by `_count`.
///
/// Besides the fields, it adds the mark (`_$observation`) and its offset, the list of tracked
/// fields with the offsets of their storage and their write bits, `CodingKeys` that keep the
/// state's JSON as it was, and a `Mirror` that names the fields as written, so logs, digests
/// and diffs do not change.
///
/// A protocol with the expansion as its extension's methods, not a type: the compiler finds a
/// macro by the name of the plugin's module and type, so `StateObservationMacros` declares the
/// type (`ObservableStateMacro`, one line) and this library, which tests can link, holds the rest.
public protocol ObservableStateExpansion: MemberMacro, MemberAttributeMacro, ExtensionMacro {}

/// The names the expansion writes.
enum ObservationNames {
  static let module = "StoreCore"
  static let trackedAttribute = "ObservationStateTracked"
  static let ignoredAttribute = "ObservationStateIgnored"

  /// The bit a field's setter sets in the mark: a hash of its name (FNV-1a), so the field's
  /// accessor macro and the type's member macro, which see the field separately, agree on it.
  static func writeBit(of name: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int(hash % 64)
  }
}

// The members: the mark, the list of tracked fields, `CodingKeys` (MemberMacro).
extension ObservableStateExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      throw MacroExpansionErrorMessage(
        "'@ObservableState' applies to a struct; read an enum state through 'store.state', which observes it whole"
      )
    }
    let access = structDecl.memberAccessPrefix
    let fields = structDecl.trackedFields
    var members: [DeclSyntax] = [
      "@\(raw: ObservationNames.ignoredAttribute) \(raw: access)var _$observation = \(raw: ObservationNames.module).ObservationMark()"
    ]
    let entries = fields.map { field in
      """
      \(ObservationNames.module).TrackedField(name: "\(field)", keyPath: \\Self.\(field), \
      storageOffset: MemoryLayout<Self>.offset(of: \\Self._\(field)), writeBit: \(ObservationNames.writeBit(of: field)))
      """
    }
    members.append(
      """
      \(raw: access)static var _$trackedFields: [\(raw: ObservationNames.module).TrackedField] {
      [\(raw: entries.joined(separator: ",\n"))]
      }
      """
    )
    members.append(
      """
      \(raw: access)static var _$observationOffset: Int? {
      MemoryLayout<Self>.offset(of: \\Self._$observation)
      }
      """
    )
    if let declared = structDecl.codingKeyCases {
      // Synthesized Codable matches coding keys to stored properties, and `count`'s is now
      // `_count`: a key written as `count` would fail with a message about conformance.
      if let field = fields.first(where: declared.contains) {
        throw MacroExpansionErrorMessage(
          "'@ObservableState' stores '\(field)' as '_\(field)': write its coding key as 'case _\(field) = \"\(field)\"'"
        )
      }
    } else {
      let cases = structDecl.codableStoredNames.map { name in
        fields.contains(name) ? "case _\(name) = \"\(name)\"" : "case \(name)"
      }
      if !cases.isEmpty {
        members.append(
          """
          private enum CodingKeys: String, CodingKey {
          \(raw: cases.joined(separator: "\n"))
          }
          """
        )
      }
    }
    return members
  }
}

// `@ObservationStateTracked` on each field it tracks (MemberAttributeMacro).
extension ObservableStateExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let property = member.as(VariableDeclSyntax.self),
      property.isTrackable
    else { return [] }
    return ["@\(raw: ObservationNames.trackedAttribute)"]
  }
}

// The conformance to `ObservableState`, and the `Mirror` (ExtensionMacro).
extension ObservableStateExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else { return [] }
    // `protocols` holds only the conformances the type does not declare already.
    let missing = protocols.map(\.trimmedDescription)
    var extensions: [ExtensionDeclSyntax] = []
    if missing.contains(where: { $0.hasSuffix("ObservableState") }) {
      extensions.append(try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: ObservationNames.module).ObservableState {}"))
    }
    if missing.contains(where: { $0.hasSuffix("CustomReflectable") }) {
      let tracked = Set(structDecl.trackedFields)
      // The storage is read, not the getter: a dump or a diff is not a view's read.
      let children = structDecl.storedNames.map { name in
        // `as Any`: an optional field (a `@Presents` one) would otherwise warn in the user's
        // build ("implicitly coerced to 'Any'").
        "\"\(name)\": \(tracked.contains(name) ? "_" + name : "self." + name) as Any"
      }
      let list = children.isEmpty ? "[:]" : "[\(children.joined(separator: ", "))]"
      extensions.append(
        try ExtensionDeclSyntax(
          """
          extension \(type.trimmed): Swift.CustomReflectable {
          \(raw: structDecl.memberAccessPrefix)var customMirror: Mirror {
          Mirror(self, children: \(raw: list), displayStyle: .struct)
          }
          }
          """
        )
      )
    }
    if missing.contains(where: { $0.hasSuffix("BindableState") }) {
      extensions.append(try bindableStateExtension(of: structDecl, type: type))
    }
    return extensions
  }

  /// `BindableState` with every tracked field, as TCA binds every `var` of an observable state:
  /// `BindingAction.set(\.title, "Milk")` and `store.send(\.binding.title, "Milk")` need no list
  /// written by hand. A field whose value cannot be logged (not `Codable`, `Equatable` and
  /// `Sendable`) is left out by overload (`BindableField._macroField`). A state that conforms
  /// already keeps its own list, with its `.secret` fields.
  private static func bindableStateExtension(
    of structDecl: StructDeclSyntax, type: some TypeSyntaxProtocol
  ) throws -> ExtensionDeclSyntax {
    let module = ObservationNames.module
    let entries = structDecl.trackedFields.map { field in
      "\(module).BindableField<Self>._macroField(\"\(field)\", \\Self.\(field))"
    }
    // Built once per type, not per binding action; a generic struct cannot hold a static
    // stored property, so it builds the list when asked.
    let isGeneric = structDecl.genericParameterClause != nil
    let declaration = "static \(isGeneric ? "var" : "let") bindableFields: \(module).BindableFields<Self>"
    let storage = isGeneric ? declaration + " {" : declaration + " ="
    let end = isGeneric ? "\n}" : ""
    return try ExtensionDeclSyntax(
      """
      extension \(type.trimmed): \(raw: module).BindableState {
      \(raw: structDecl.memberAccessPrefix)\(raw: storage)
      \(raw: module).BindableFields(_macroFields: [\(raw: entries.joined(separator: ", "))])\(raw: end)
      }
      """
    )
  }
}
