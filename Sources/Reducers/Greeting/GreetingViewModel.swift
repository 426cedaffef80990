/// What a greeting view needs from its view model, as the tutorial's protocol had it: the text
/// to show, and the action for its button.
///
/// A view that depends on this protocol, rather than on ``Store``, can be shown with a fake in
/// previews and tests. A `Store<Greeting.State, Greeting.Action>` satisfies it as it is:
///
/// ```swift
/// @MainActor
/// final class GreetingView {
///   let viewModel: any GreetingViewModel
///   var label = ""
///
///   init(viewModel: any GreetingViewModel) { self.viewModel = viewModel }
///
///   func buttonTapped() {
///     viewModel.showGreeting()
///     label = viewModel.greeting ?? ""
///   }
/// }
///
/// let store = Store(initialState: Greeting.State(), reducer: Greeting())
/// let view = GreetingView(viewModel: store)   // the store is the view model
/// view.buttonTapped()                          // view.label == "Hello David Blaine"
///
/// final class FakeGreeting: GreetingViewModel {  // …or a fake, in a test of the view
///   var greeting: String? = nil
///   func showGreeting() { greeting = "Hi" }
/// }
/// ```
///
/// To be told of changes rather than read after the tap, a view binds to the store as usual:
/// `store.bind(\.greeting) { label.text = $0 }`.
@MainActor
public protocol GreetingViewModel: AnyObject {
  /// The greeting to show; nil until it has been asked for.
  var greeting: String? { get }
  /// Asks for the greeting.
  func showGreeting()
}

extension Store: GreetingViewModel where State == Greeting.State, Action == Greeting.Action {
  public var greeting: String? { state.greeting }

  public func showGreeting() {
    send(.showGreetingTapped)
  }
}
