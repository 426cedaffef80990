import Store

/// The features a `refold` process hosts, by name.
struct FeatureRegistry: Sendable {
  @TaskLocal static var current = FeatureRegistry(builtin: Refold.builtinFeatures, custom: [])

  let features: [any RefoldFeature.Type]

  init(builtin: [any RefoldFeature.Type], custom: [any RefoldFeature.Type]) {
    let customNames = Set(custom.map { $0.featureName })
    self.features = builtin.filter { !customNames.contains($0.featureName) } + custom
  }

  var names: [String] { features.map { $0.featureName } }

  /// The feature named `name`, or an error that lists the known ones.
  ///
  /// - Parameter kind: `.usage` for a name typed on the command line, `.badInput` for one read
  ///   from a file.
  func feature(named name: String, kind: HostError.Kind, context: String = "") throws(HostError) -> any RefoldFeature.Type {
    if let feature = features.first(where: { $0.featureName == name }) { return feature }
    let known = names.joined(separator: ", ")
    throw HostError(kind, "\(context)unknown feature '\(name)'; known features: \(known)")
  }
}
