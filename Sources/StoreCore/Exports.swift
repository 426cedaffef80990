@_exported import Effects
// A ``SharedChange`` carries its value as a `JSONValue` (JSONCodec, the module under the store
// and the log), so `import StoreCore` gives that type and its codec errors too.
@_exported import JSONCodec
