// What the macros ask of the declarations they are attached to.
import SwiftSyntax

extension VariableDeclSyntax {
  var identifier: String? {
    guard bindings.count == 1, let pattern = bindings.first?.pattern.as(IdentifierPatternSyntax.self) else {
      return nil
    }
    return pattern.identifier.text
  }

  var isStatic: Bool {
    modifiers.contains { ["static", "class"].contains($0.name.trimmedDescription) }
  }

  /// A stored instance property: no getter, setter or observer, not lazy.
  var isStoredInstanceProperty: Bool {
    guard !isStatic, !modifiers.contains(where: { $0.name.trimmedDescription == "lazy" }),
      let binding = bindings.first
    else { return false }
    return binding.accessorBlock == nil
  }

  /// A `var` stored property with no attribute (a property wrapper keeps its own storage, and
  /// `@ObservationStateIgnored` opts out), with a name the macro can give storage.
  var isTrackable: Bool {
    bindingSpecifier.tokenKind == .keyword(.var) && identifier != nil && isStoredInstanceProperty
      && attributes.allSatisfy { attribute in
        guard case .attribute(let attribute) = attribute else { return false }
        return attribute.attributeName.trimmedDescription == ObservationNames.trackedAttribute
      }
  }
}

extension StructDeclSyntax {
  var properties: [VariableDeclSyntax] {
    memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
  }

  var trackedFields: [String] {
    properties.filter(\.isTrackable).compactMap(\.identifier)
  }

  /// Every stored instance property's name, in order: what a `Mirror` shows.
  var storedNames: [String] {
    storedNames { _ in true }
  }

  /// What synthesized `Codable` encodes: the stored properties but a `let` with an initial
  /// value, which is never decoded and so has no key.
  var codableStoredNames: [String] {
    storedNames { property in
      !(property.bindingSpecifier.tokenKind == .keyword(.let) && property.bindings.first?.initializer != nil)
    }
  }

  private func storedNames(where include: (VariableDeclSyntax) -> Bool) -> [String] {
    properties
      .filter { $0.isStoredInstanceProperty && include($0) }
      .flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
  }

  /// The case names of a `CodingKeys` enum the struct declares, or `nil` when it declares
  /// none (synthesized `Codable` then makes its own).
  var codingKeyCases: Set<String>? {
    for member in memberBlock.members {
      guard let decl = member.decl.as(EnumDeclSyntax.self), decl.name.text == "CodingKeys" else { continue }
      let cases = decl.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      return Set(cases.flatMap { $0.elements.map(\.name.text) })
    }
    return nil
  }
}

extension DeclGroupSyntax {
  /// `public ` for a public or open type, `package ` for a package one: members that satisfy a
  /// protocol's requirements must be as visible as the type.
  var memberAccessPrefix: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}
