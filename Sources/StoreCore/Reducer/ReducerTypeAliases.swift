/// A reducer of `R`'s state and actions, as TCA spells it: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// The action of one element of a collection `R` runs over (`forEach`):
/// `case todos(IdentifiedActionOf<Todo>)`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

/// The action of a stack of `R`'s screens: `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

/// The action of a presented `R`: `case editor(PresentationActionOf<Editor>)`.
public typealias PresentationActionOf<R: Reducer> = PresentationAction<R.Action>
