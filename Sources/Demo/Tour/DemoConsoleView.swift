import Host
import Foundation
import Reducers

/// The demo's "view": it binds to the app store the way a view controller binds its labels,
/// and prints each bound output when it changes.
@MainActor
final class DemoConsoleView {
  private var bindings: Set<StoreBinding> = []
  private(set) var updates = 0

  init(store: Store<AppFeature.State, AppFeature.Action>) {
    show(store, \.amountInput.output, "amount      ") { $0.isEmpty ? "(empty)" : $0 }
    show(store, { $0.signIn != nil }, "sheet       ") { $0 ? "sign-in sheet up" : "no sheet" }
    show(store, \.signIn?.canSubmit, "sign-in     ") { $0 == true ? "can submit" : "cannot submit" }
    show(store, \.signIn?.isLoading, "sign-in     ") { $0 == true ? "signing in…" : "idle" }
    show(store, \.signIn?.errorMessage, "sign-in     ") { $0.map { "error: \($0)" } ?? "no error" }
    show(store, \.session?.username, "session     ") { $0.map { "signed in as \($0)" } ?? "signed out" }
    show(store, \.userList.session?.username, "users       ") { $0.map { "list sees \($0) signed in" } ?? "list sees no one" }
    show(store, { $0.alert?.title }, "alert       ") { $0.map { "alert: \($0)" } ?? "no alert" }
    show(store, { $0.userList.path.ids.count }, "users       ") { "\($0) screen(s) pushed" }
    show(store, { $0.userList.path.last?.greeting }, "user detail ") { $0 ?? "(no greeting)" }
    show(store, \.musicSearch.isSearching, "search      ") { $0 ? "searching…" : "idle" }
    show(store, \.musicSearch.results, "search      ") { results in
      results.isEmpty ? "no results" : "\(results.count) result(s): " + results.prefix(3).map { "\($0.song) – \($0.artist)" }.joined(separator: ", ")
    }
    show(store, \.userList.users, "users       ") { users in
      users.isEmpty ? "none" : users.map(\.name).joined(separator: ", ")
    }
    show(store, { $0.following.people.map { "\($0.name): \($0.buttonTitle)" } }, "following   ") {
      $0.joined(separator: ", ")
    }
    show(store, \.greeting.greeting, "greeting    ") { $0 ?? "(none)" }
    show(store, { [$0.playerCard.nameText, $0.playerCard.ageText, $0.playerCard.weeklyPayText] }, "player card ") {
      $0.joined(separator: " · ")
    }
  }

  private func show<V: Equatable>(
    _ store: Store<AppFeature.State, AppFeature.Action>,
    _ keyPath: KeyPath<AppFeature.State, V>,
    _ label: String,
    _ text: @escaping @MainActor (V) -> String
  ) {
    store.lazyBind(keyPath) { [weak self] in self?.print(label, text($0)) }.store(in: &bindings)
  }

  private func show<V: Equatable>(
    _ store: Store<AppFeature.State, AppFeature.Action>,
    _ select: @escaping @MainActor (AppFeature.State) -> V,
    _ label: String,
    _ text: @escaping @MainActor (V) -> String
  ) {
    store.lazyBind(select) { [weak self] in self?.print(label, text($0)) }.store(in: &bindings)
  }

  private func print(_ label: String, _ text: String) {
    updates += 1
    Terminal.out("    view │ \(label)│ \(text)")
  }
}
