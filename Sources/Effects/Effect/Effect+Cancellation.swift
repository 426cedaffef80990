extension Effect {
  /// Makes the effect cancellable with `id`.
  ///
  /// With `cancelInFlight`, any running effect with the same id is cancelled first, at the
  /// moment the reducer returns, before any later action is folded. That is what makes a second
  /// tap on "Sign in" replace the first login, or a new keystroke replace the last search.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return self }
    return Self(operation: .cancellable(id: CancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect that was made cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: CancelID(id)))
  }
}
