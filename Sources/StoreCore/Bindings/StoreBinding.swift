import IssueReporting

/// Keeps a binding alive. The binding ends on ``cancel()`` or when this object is released,
/// as an `AnyCancellable` does: keep it in a property or a `Set<StoreBinding>`.
///
/// ```swift
/// var bindings: Set<StoreBinding> = []
/// store.bind(\.output) { label.text = $0 }.store(in: &bindings)
/// ```
@MainActor
public final class StoreBinding: Hashable, Sendable {
  private let onCancel: () -> Void
  private let location: BindingLocation
  private let createdAtCommit: UInt64
  private let commitCount: () -> UInt64?
  private var isCancelled = false

  init(
    location: BindingLocation,
    createdAtCommit: UInt64,
    commitCount: @escaping () -> UInt64?,
    onCancel: @escaping () -> Void
  ) {
    self.location = location
    self.createdAtCommit = createdAtCommit
    self.commitCount = commitCount
    self.onCancel = onCancel
  }

  /// Ends the binding. Its callback is not called again. Calling it twice does nothing.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    onCancel()
  }

  /// Keeps this binding in `set`, the usual way to tie it to a view's lifetime.
  public nonisolated func store(in set: inout Set<StoreBinding>) {
    set.insert(self)
  }

  // Isolated, so that a binding released on the main actor has ended before the release
  // returns: the next action cannot reach it.
  isolated deinit {
    guard !isCancelled else { return }
    // Released before the store folded anything: almost always a binding whose result was not
    // kept, so it could never deliver a change.
    if let now = commitCount(), now == createdAtCommit {
      location.warnDroppedAtOnce()
    }
    onCancel()
  }

  public nonisolated static func == (lhs: StoreBinding, rhs: StoreBinding) -> Bool { lhs === rhs }
  public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@usableFromInline
struct BindingLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
  /// The issue reporters where the binding was made. A deinit runs without the task-locals of
  /// the code that released the binding, so the warning is sent to these instead.
  let reporters: [any IssueReporter]

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.reporters = IssueReporters.current
  }

  func warnDroppedAtOnce() {
    withIssueReporters(reporters) { report() }
  }

  private func report() {
    reportIssue(
      """
      A StoreBinding was released before any change reached it, so its binding ended at once.
      Keep the StoreBinding that "bind" returns (in a property, or with ".store(in: &bindings)") \
      for as long as the view should update; call "cancel()" to end it early.
      """,
      severity: .warning,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
