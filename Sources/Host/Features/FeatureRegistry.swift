import Store

/// The features a host process hosts, by name.
package struct FeatureRegistry: Sendable {
  @TaskLocal package static var current = FeatureRegistry([])

  package let features: [any RefoldFeature.Type]

  /// A later feature with an earlier one's name replaces it, in the earlier one's place.
  package init(_ features: [any RefoldFeature.Type]) {
    var kept: [any RefoldFeature.Type] = []
    for feature in features {
      if let index = kept.firstIndex(where: { $0.featureName == feature.featureName }) {
        kept[index] = feature
      } else {
        kept.append(feature)
      }
    }
    self.features = kept
  }

  package var names: [String] { features.map { $0.featureName } }

  /// The feature named `name`, or an error that lists the known ones.
  ///
  /// - Parameter kind: `.usage` for a name typed on the command line, `.badInput` for one read
  ///   from a file.
  package func feature(named name: String, kind: HostError.Kind, context: String = "") throws(HostError) -> any RefoldFeature.Type {
    if let feature = features.first(where: { $0.featureName == name }) { return feature }
    let known = names.isEmpty ? "none (this tool registers no features)" : names.joined(separator: ", ")
    throw HostError(kind, "\(context)unknown feature '\(Terminal.quoted(name))'; known features: \(known)")
  }
}
