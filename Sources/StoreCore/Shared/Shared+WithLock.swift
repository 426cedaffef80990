extension Shared {
  /// Changes the value in place, as TCA writes a shared value: `state.$count.withLock { $0 += 1 }`.
  ///
  /// The same as writing ``wrappedValue``: in a reducer the change reaches every field of the
  /// key once the reducer returns. There is no lock to take, because a ``Shared`` here is a value
  /// of the state and a store folds one action at a time; the name is TCA's, so that its code
  /// ports as written.
  public mutating func withLock<Result>(_ operation: (inout Value) throws -> Result) rethrows -> Result {
    var value = wrappedValue
    let result = try operation(&value)
    wrappedValue = value
    return result
  }
}
