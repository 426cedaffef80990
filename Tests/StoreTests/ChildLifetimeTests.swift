import IdentifiedCollections
import Testing
@testable import StoreCore

/// A child that saves a second after it is asked to, like a sheet's autosave.
private struct Draft: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var saved = false
  }
  enum Action: Equatable, Sendable {
    case save
    case saved
  }
  let clock: VirtualClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .save:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
    case .saved:
      state.saved = true
      return .none
    }
  }
}

/// A parent that holds a draft in a sheet, in a list, and as the case of an enum.
private struct Desk: Reducer {
  enum Tray: Equatable, Sendable {
    case empty
    case holding(Draft.State)
  }
  struct State: Equatable, Sendable {
    var sheet: Draft.State?
    var drafts: IdentifiedArrayOf<Draft.State> = []
    var tray = Tray.empty
  }
  enum Action: Equatable, Sendable {
    case sheet(Draft.Action)
    case drafts(IdentifiedAction<Int, Draft.Action>)
    case tray(Draft.Action)
    case openSheet(id: Int)
    case closeSheet
    case removeDraft(id: Int)
    case emptyTray
  }
  let clock: VirtualClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .openSheet(id): state.sheet = Draft.State(id: id)
      case .closeSheet: state.sheet = nil
      case let .removeDraft(id): state.drafts.remove(id: id)
      case .sheet, .drafts, .tray, .emptyTray: break
      }
      return .none
    }
    .ifLet(\.sheet, action: Action.sheet) { Draft(clock: clock) }
    .forEach(\.drafts, action: Action.drafts) { Draft(clock: clock) }
    // NB: `ifCaseLet` sees the case change only when it happens in the reducer it modifies,
    //     as an `ifLet`'s parent must be the one that nils the child.
    Scope(state: \.tray, action: .identity) {
      Reduce { tray, action in
        if case .emptyTray = action { tray = .empty }
        return .none
      }
      .ifCaseLet(Tray.holding, action: Action.tray) { Draft(clock: clock) }
    }
  }
}

/// A child's effects end with the child: closing a sheet, removing a row or leaving a case
/// cancels them, and their late responses are never delivered (issue 14, "Lifetimes").
@MainActor
struct ChildLifetimeTests {
  @Test func closingASheetCancelsItsAutosave() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Desk.State(), reducer: Desk(clock: clock))
    await store.send(.openSheet(id: 1)) { $0.sheet = Draft.State(id: 1) }
    await store.send(.sheet(.save))
    await store.send(.closeSheet) { $0.sheet = nil }
    await clock.advance(by: .seconds(2))
    // Without the lifetime, `.sheet(.saved)` arrives here (and "ifLet" reports it).
    await store.finish()
  }

  @Test func aSheetReplacedByAnotherCancelsTheOldOnesEffects() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Desk.State(), reducer: Desk(clock: clock))
    await store.send(.openSheet(id: 1)) { $0.sheet = Draft.State(id: 1) }
    await store.send(.sheet(.save))
    await store.send(.openSheet(id: 2)) { $0.sheet = Draft.State(id: 2) }
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(store.state.sheet?.saved == false)
  }

  @Test func anOpenSheetStillGetsItsResponse() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Desk.State(), reducer: Desk(clock: clock))
    await store.send(.openSheet(id: 1)) { $0.sheet = Draft.State(id: 1) }
    await store.send(.sheet(.save))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.saved)) { $0.sheet?.saved = true }
    await store.finish()
  }

  @Test func removingARowCancelsOnlyThatRowsEffects() async {
    let clock = VirtualClock()
    let drafts: IdentifiedArrayOf<Draft.State> = [Draft.State(id: 1), Draft.State(id: 2)]
    let store = TestStore(initialState: Desk.State(drafts: drafts), reducer: Desk(clock: clock))
    await store.send(.drafts(.element(id: 1, action: .save)))
    await store.send(.drafts(.element(id: 2, action: .save)))
    await store.send(.removeDraft(id: 1)) { $0.drafts.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.drafts(.element(id: 2, action: .saved))) { $0.drafts[id: 2]?.saved = true }
    await store.finish()
  }

  @Test func leavingACaseCancelsItsEffects() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Desk.State(tray: .holding(Draft.State(id: 1))), reducer: Desk(clock: clock))
    await store.send(.tray(.save))
    await store.send(.emptyTray) { $0.tray = .empty }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aCaseThatStaysGetsItsResponse() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Desk.State(tray: .holding(Draft.State(id: 1))), reducer: Desk(clock: clock))
    await store.send(.tray(.save))
    await clock.advance(by: .seconds(1))
    await store.receive(.tray(.saved)) { $0.tray = .holding(Draft.State(id: 1, saved: true)) }
    await store.finish()
  }

  @Test func aStoreWithoutATestStoreDropsTheLateResponseToo() async {
    let clock = VirtualClock()
    let store = Store(initialState: Desk.State(), reducer: Desk(clock: clock))
    store.send(.openSheet(id: 1))
    let save = store.send(.sheet(.save))
    store.send(.closeSheet)
    #expect(store.runningEffectCount == 0 || store.runningEffectCount == 1)
    await clock.advance(by: .seconds(2))
    await save.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.state.sheet == nil)
    #expect(store.commitCount == 3)
  }
}
