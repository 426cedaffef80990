import Foundation
import LogStorage
import Store

/// What the commands' help texts show: the tool's own name and, in examples, one of its own
/// features with an action line it accepts.
package enum Help {
  /// The tool's name, as typed: `refold`, `counter-tool`.
  package static var name: String { HostConfiguration.current.commandName }

  /// What `--store` takes in this tool: `a folder, or postgres://USER@HOST[:PORT]/DATABASE`
  /// when it links the PostgreSQL store (``HostConfiguration/logStores``), else `a folder`.
  static var storeChoices: String {
    (["a folder"] + HostConfiguration.current.logStores.map(\.urlForm)).joined(separator: ", or ")
  }

  /// A shared store's URL for the examples (`postgres://refold@db/refold`), when the tool links
  /// one: a tool without does not show examples it would refuse.
  static var sharedStoreExample: String? { HostConfiguration.current.logStores.first?.example }

  /// The shared stores this tool takes, for an error: `postgres://USER@HOST[:PORT]/DATABASE`.
  static var sharedStoreChoices: String {
    let forms = HostConfiguration.current.logStores.map(\.urlForm)
    return forms.isEmpty ? "\(name) links none: \(LogStores.linkPostgres)" : forms.joined(separator: " or ")
  }

  /// The first hosted feature and its first example action as a JSON line.
  static var example: (feature: String, action: String) {
    guard let feature = FeatureRegistry.current.features.first ?? HostConfiguration.current.features.first,
      let line = try? FeaturesCommand.exampleLines(feature).first
    else { return ("myFeature", #"{"someAction":{}}"#) }
    return (feature.featureName, line)
  }
}
