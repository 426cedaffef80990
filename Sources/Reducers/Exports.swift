@_exported import Store
// NB: `Following.State.people` is an `IdentifiedArrayOf<PersonRow>`; re-exported so that users
//     can write `state.people[id: 1]` with `import Reducers` alone.
@_exported import IdentifiedCollections
