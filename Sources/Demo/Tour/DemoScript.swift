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

    step("Sign in, in a sheet: first with a wrong password, then with the right one")
    say("tap Sign in… (the sheet comes up)")
    store.send(.signInButtonTapped)
    store.send(.signIn(.presented(.binding(.set(\.username, "son@example.com")))))
    store.send(.signIn(.presented(.binding(.set(\.password, "wrong-password")))))
    say("tap Sign in")
    await store.send(.signIn(.presented(.signInTapped))).finish()
    store.send(.signIn(.presented(.binding(.set(\.password, "password123")))))
    say("tap Sign in (the sheet closes; the session is shared with the user list)")
    await store.send(.signIn(.presented(.signInTapped))).finish()

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

    step("User list: load on appear, refresh, then drill down into a user and back")
    await store.send(.userList(.onAppear)).finish()
    await store.send(.userList(.refreshTapped)).finish()
    if let first = store.state.userList.users.first {
      say("tap \(first.name)")
      store.send(.userList(.userTapped(id: first.id)))
      if let screen = store.state.userList.path.ids.last {
        say("tap Say hello")
        store.send(.userList(.path(.element(id: screen, action: .greetTapped))))
        say("tap Back (the screen pops itself)")
        await store.send(.userList(.path(.element(id: screen, action: .closeTapped)))).finish()
      }
    }

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

    step("Log out: an alert asks first; cancel, then confirm")
    say("tap Log out")
    store.send(.logoutTapped)
    say("tap Cancel")
    store.send(.alert(.dismiss))
    say("tap Log out, then Log out in the alert")
    store.send(.logoutTapped)
    await store.send(.alert(.presented(.confirmLogout))).finish()
  }

  private func step(_ title: String) {
    Terminal.out("\n▸ \(title)")
  }

  private func say(_ text: String) {
    Terminal.out("  user │ \(text)")
  }
}
