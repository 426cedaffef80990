import Testing
@testable import Reducers

@MainActor
struct GreetingTests {
  @Test func tappingShowsHelloFirstLast() async {
    let store = TestStore(initialState: Greeting.State(), reducer: Greeting())
    await store.send(.showGreetingTapped) { $0.greeting = "Hello David Blaine" }
    await store.send(.showGreetingTapped)
    await store.finish()
  }

  @Test(arguments: [Messages.korean, .english])
  func theGreetingUsesThePerson(messages: Messages) async {
    let store = TestStore(
      initialState: Greeting.State(person: Person(firstName: "Heung-min", lastName: "Son")),
      reducer: Greeting(messages: messages)
    )
    await store.send(.showGreetingTapped) { $0.greeting = "Hello Heung-min Son" }
    await store.finish()
  }

  // The docs' example: a view that knows only the protocol.
  @MainActor
  final class GreetingView {
    let viewModel: any GreetingViewModel
    var label = ""

    init(viewModel: any GreetingViewModel) { self.viewModel = viewModel }

    func buttonTapped() {
      viewModel.showGreeting()
      label = viewModel.greeting ?? ""
    }
  }

  final class FakeGreeting: GreetingViewModel {
    var greeting: String?
    var taps = 0
    func showGreeting() {
      taps += 1
      greeting = "Hi"
    }
  }

  @Test func aStoreIsAGreetingViewModel() {
    let store = Store(initialState: Greeting.State(), reducer: Greeting())
    let view = GreetingView(viewModel: store)
    #expect(view.viewModel.greeting == nil)
    view.buttonTapped()
    #expect(view.label == "Hello David Blaine")
    #expect(store.state.greeting == "Hello David Blaine")
  }

  @Test func aViewCanBeTestedWithAFake() {
    let fake = FakeGreeting()
    let view = GreetingView(viewModel: fake)
    view.buttonTapped()
    #expect(fake.taps == 1)
    #expect(view.label == "Hi")
  }
}
