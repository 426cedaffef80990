// `import StateObservation` gives `@ObservableState` and the store core it expands against.
@_exported public import StoreCore

/// Makes a state struct observable field by field through `store.state`:
/// `withObservationTracking { store.state.count }` (a SwiftUI view's body) is invalidated by a
/// change of `count` and by nothing else.
///
/// ```swift
/// @ObservableState
/// struct State: Codable, Equatable {
///   var count = 0
///   var title = ""
/// }
/// ```
///
/// Each stored `var` without an attribute is tracked: its storage moves to `_count`, and its
/// getter reports the read to the store the copy came from (``StoreCore/ObservationMark``).
/// Its setter notes the write in that mark (one bit), and after each action the store's
/// binding index compares only the fields that were written: a commit that changes one field
/// costs the same however large the state. A plain-old-data state stays plain old data.
/// The macro also writes `CodingKeys` (the JSON keeps the fields' own names, so logs and
/// digests do not change) and a `Mirror` that names the fields as written, for diffs and
/// `TestStore` failures.
///
/// What is not tracked is read without being observed:
/// - a `let` (it changes only when the whole state is replaced) and a field marked
///   ``ObservationStateIgnored()``; read them through the store (`store.id`) to observe them;
/// - a comparison of whole states (`store.state == other` compares the storage directly);
/// - below the first level: `store.state.todo.title` observes `todo`, whatever in it changed.
///
/// Unless the state conforms to ``StoreCore/BindableState`` already (with its own list, and its
/// `.secret` fields), the macro makes it conform with every tracked field whose value a log can
/// hold (`Codable`, `Equatable`, `Sendable`), by its name: a ``StoreCore/BindableAction`` sets
/// any of them, as TCA binds every `var` of an observable state.
///
/// A field whose type is not `Equatable` cannot be compared on its own: reading it observes
/// the whole state, as a plain state's `store.state` does. A state that declares its own
/// `CodingKeys` names each tracked field's key `case _count = "count"`; the macro says so.
@attached(member, names: named(_$observation), named(_$trackedFields), named(_$observationOffset), named(CodingKeys))
@attached(memberAttribute)
@attached(extension, conformances: ObservableState, CustomReflectable, BindableState, names: named(customMirror), named(bindableFields))
public macro ObservableState() =
  #externalMacro(module: "StateObservationMacros", type: "ObservableStateMacro")

/// Put by ``ObservableState()`` on each field it tracks; not written by hand.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "StateObservationMacros", type: "ObservationStateTrackedMacro")

/// Leaves a stored property of an ``ObservableState()`` state untracked: a plain stored
/// property whose reads through `store.state` are not observed.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "StateObservationMacros", type: "ObservationStateIgnoredMacro")
