// `import Store` gives everything a feature and its tests use: the store core (reducers,
// effects, bindings, plugins, TestStore), the event log (Recorder, Replayer, LogReader) and
// the JSON codec under it (`LogCodecError`).
// Each is its own module, so the core never names the log; a program that records nothing can
// depend on the `StoreCore` product alone, which does not link json-c.
@_exported import EventLog
@_exported import JSONCodec
@_exported import StoreCore
