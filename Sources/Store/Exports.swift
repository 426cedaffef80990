// `import Store` gives everything a feature and its tests use: the store core (reducers,
// effects, bindings, plugins, TestStore) and the event log (Recorder, Replayer, LogReader).
// Each is its own module, so the core never names the log; a program that records nothing can
// depend on the `StoreCore` product alone, which does not link json-c.
@_exported import EventLog
@_exported import StoreCore
