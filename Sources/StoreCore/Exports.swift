@_exported import Effects
// A ``SharedChange`` carries its value as a `JSONValue` (JSONCodec, the module under the store
// and the log), so `import StoreCore` gives that type and its codec errors too.
@_exported import JSONCodec
// What a TCA feature uses beside the store: `IdentifiedArrayOf` for `forEach`, and swift-clocks'
// and swift-concurrency-extras' helpers (`ImmediateClock`, `clock.timer(interval:)`,
// `LockIsolated`, `Task.never()`, `Result { try await … }`).
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import IdentifiedCollections
// Case key paths without the macro (CasePathsCore): `store.receive(\.searchResponse.success)`,
// `Scope(state: \.child, action: \.child)`, `$0.path[id: 0]?.modify(\.detail) { … }`, for
// actions a user marks `@CasePathable` (swift-case-paths' CasePaths product).
@_exported import CasePathsCore
