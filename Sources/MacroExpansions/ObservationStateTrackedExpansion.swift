public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@ObservationStateTracked`, which `@ObservableState` puts on each field it tracks: the
/// field's storage moves to `_name` (a peer), and the field becomes accessors over it whose
/// getter reports the read when the value was read from a store.
///
/// The setter notes the write in the mark (one bit, a hash of the field's name) and stores: after
/// each action the store's binding index compares the fields whose bits are set, not the whole
/// state, and a reducer's write costs about what it costs on a plain struct.
/// (The expansion as a protocol's extension: see `ObservableStateExpansion`.)
public protocol ObservationStateTrackedExpansion: AccessorMacro, PeerMacro {}

extension ObservationStateTrackedExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable,
      let name = property.identifier
    else { return [] }
    let bit = ObservationNames.writeBit(of: name)
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
      _\(raw: name) = initialValue
      }
      """,
      """
      get {
      if _$observation.isFromStore { _$observation.access(\\Self.\(raw: name)) }
      return _\(raw: name)
      }
      """,
      """
      set {
      _$observation.noteWrite(\(raw: bit))
      _\(raw: name) = newValue
      }
      """,
      """
      _modify {
      _$observation.noteWrite(\(raw: bit))
      yield &_\(raw: name)
      }
      """,
    ]
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable,
      let binding = property.bindings.first, let name = property.identifier
    else { return [] }
    // The storage keeps the field's type annotation and initial value.
    var storage = binding.with(\.pattern, PatternSyntax(IdentifierPatternSyntax(identifier: "_\(raw: name)")))
    storage.accessorBlock = nil
    return ["@\(raw: ObservationNames.ignoredAttribute) private var \(storage.trimmed)"]
  }
}
