import Testing

extension Issue {
  /// What the issue says, as reported (without Swift Testing's decoration).
  var message: String { comments.map(\.rawValue).joined(separator: "\n") }
}
