extension Bench {
  /// The seeds' binding box, as the tutorials write it: a value whose `didSet` calls one
  /// listener. It has no deduplication: every assignment notifies.
  ///
  /// ```swift
  /// let output = Bench.Observable("")
  /// output.bind { label.text = $0 }
  /// output.value = "1,234₩"
  /// ```
  public final class Observable<T> {
    public var value: T {
      didSet { listener?(value) }
    }

    private var listener: ((T) -> Void)?

    public init(_ value: T) {
      self.value = value
    }

    /// Calls `listener` now with the current value, then on every assignment.
    public func bind(_ listener: @escaping (T) -> Void) {
      listener(value)
      self.listener = listener
    }

    /// Like `bind`, without the first call.
    public func lazyBind(_ listener: @escaping (T) -> Void) {
      self.listener = listener
    }
  }
}
