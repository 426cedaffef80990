import OpenCombine
import Reducers
import Store

extension Bench {
  /// W3's keystrokes: what a user types into the amount field, cycled. Some give the same
  /// output as the one before, so a deduplicating binding is called less often than once per
  /// keystroke.
  public static let amountKeystrokes: [String?] = [
    "1", "12", "123", "1234", "12345", "123456", "1234567", "123456", "12345a", "abc",
    "", "5", "50", "500", "5000", "-5", "1000000", "1000001", nil, "42",
  ]

  /// The keystroke for operation `index`.
  static func keystroke(_ index: Int) -> String? {
    amountKeystrokes[index % amountKeystrokes.count]
  }

  /// W3 on a Refold store: `AmountInput`, one binding on `output`.
  public final class AmountStore: BenchFixture {
    private let store = Store(initialState: AmountInput.State(), reducer: AmountInput())
    private let tally = Tally()
    private var binding: StoreBinding?
    private var next = 0

    public init() {
      binding = store.lazyBind(\.output) { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        store.send(.textChanged(keystroke(next)))
        next &+= 1
      }
    }
  }

  /// W3 the seeds' way: a view model with an `Observable` for the text field and one for the
  /// output line; the view model validates on every change of the text.
  public final class AmountObservable: BenchFixture {
    private let text = Observable<String?>(nil)
    private let output = Observable("")
    private let tally = Tally()
    private var next = 0

    public init() {
      text.lazyBind { [output] text in output.value = AmountInput.output(for: text) }
      output.lazyBind { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        text.value = keystroke(next)
        next &+= 1
      }
    }
  }

  /// W3 through OpenCombine: the reducer folds into the subject's value; one pipeline on
  /// `output`.
  public final class AmountCombine: BenchFixture {
    private let subject = CurrentValueSubject<AmountInput.State, Never>(AmountInput.State())
    private let reducer = AmountInput()
    private let tally = Tally()
    private var cancellable: AnyCancellable?
    private var next = 0

    public init() {
      cancellable = subject.map(\.output).removeDuplicates().sink { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        _ = reducer.reduce(into: &subject.value, action: .textChanged(keystroke(next)))
        next &+= 1
      }
    }
  }

  /// W3's floor: the reducer folds into a local state, then one closure call.
  public final class AmountFloor: BenchFixture {
    private var state = AmountInput.State()
    private let reducer = AmountInput()
    private let onChange: (String) -> Void
    private let tally = Tally()
    private var next = 0

    public init() {
      onChange = { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        _ = reducer.reduce(into: &state, action: .textChanged(keystroke(next)))
        onChange(state.output)
        next &+= 1
      }
    }
  }
}
