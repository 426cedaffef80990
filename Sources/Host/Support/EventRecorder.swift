import Store

// NB: swift-metrics also has a type named `Recorder`, and `Store.Recorder` would name a member
//     of the `Store` class. Files that import Metrics use this name for the event log's.
typealias EventRecorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable> = Recorder<State, Action>
