import Host
import Foundation
import Reducers

/// The scripted session `refold demo` drives: every feature, with live effects against the
/// loopback backend, paced like a person using the app.
@MainActor
struct DemoScript {
  let store: Store<AppFeature.State, AppFeature.Action>

  func run() async throws {
    step("Amount input: a typo, a valid amount, too much, then a valid one")
    for text in ["12a", "1234", "5000000", "50000"] {
      say("type \"\(text)\"")
      store.send(.amountInput(.textChanged(text)))
    }

    step("Sign in: first with a wrong password, then with the right one")
    store.send(.signIn(.binding(.set(\.username, "son@example.com"))))
    store.send(.signIn(.binding(.set(\.password, "wrong-password"))))
    say("tap Sign in")
    await store.send(.signIn(.signInTapped)).finish()
    store.send(.signIn(.binding(.set(\.password, "password123"))))
    say("tap Sign in")
    await store.send(.signIn(.signInTapped)).finish()

    step("Music search: a burst of typing, debounced into one request")
    var last: StoreTask?
    for query in ["n", "ne", "new", "new jeans"] {
      say("type \"\(query)\"")
      last = store.send(.musicSearch(.queryChanged(query)))
      try await Task.sleep(for: .milliseconds(40))
    }
    await last?.finish()
    say("type \"좋은 날\"")
    await store.send(.musicSearch(.queryChanged("좋은 날"))).finish()

    step("User list: load on appear, then refresh")
    await store.send(.userList(.onAppear)).finish()
    await store.send(.userList(.refreshTapped)).finish()

    step("Following: follow someone, then unfollow them")
    if let first = store.state.following.people.first {
      say("tap \(first.buttonTitle) on \(first.name)")
      store.send(.following(.followTapped(id: first.id)))
      let again = store.state.following.people[id: first.id]!
      say("tap \(again.buttonTitle) on \(again.name)")
      store.send(.following(.followTapped(id: first.id)))
    }

    step("Greeting")
    store.send(.greeting(.showGreetingTapped))

    step("Player card: a clock tick")
    store.send(.playerCard(.tick(Date())))
  }

  private func step(_ title: String) {
    Terminal.out("\n▸ \(title)")
  }

  private func say(_ text: String) {
    Terminal.out("  user │ \(text)")
  }
}
