import IssueReporting

/// Lets a presented child close itself: `@Dependency(\.dismiss) var dismiss`, then
/// `await dismiss()` in one of its effects.
///
/// ```swift
/// case .saveTapped:
///   return .run { _ in
///     try await save()
///     await dismiss()   // the parent receives .signIn(.dismiss), then the sheet's state is nil
///   }
/// ```
///
/// The presentation `ifLet` gives the child's effects a `dismiss` that sends its parent's
/// ``PresentationAction/dismiss``; the dismissal cancels the child's effects, the one that
/// called it too. In a ``TestStore`` of the child alone it ends the store's effects and sets
/// ``TestStore/isDismissed``, as the parent would have. Anywhere else outside a presented child
/// it reports an issue and does nothing. A test may still give its own:
/// `$0.dismiss = DismissEffect { dismissed = true }`.
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () -> Void)?
  /// What a ``TestStore`` does when the feature it tests dismisses itself, no presenter
  /// being around it: used only when there is none, so a child that the tested feature presents
  /// still reaches its parent.
  private let unpresented: (@MainActor @Sendable () -> Void)?

  /// The dismiss of the presented child whose effect is running: set by the presentation
  /// `ifLet` and the stack `forEach` around each of their child's effects. Read when
  /// `dismiss()` is called, not when the dependency is read, so that a reducer may capture
  /// `dismiss` in its effect's capture list.
  // NB: a struct that holds the closure, never a function type. In an optimized build Swift
  //     6.3's `withValue` asks the runtime for a function-typed value's metadata by a lowered
  //     name it cannot demangle, gets none, and crashes in `swift_task_localValuePush` (fixed
  //     upstream in swiftlang/swift#88321). `TaskLocalTypesTests` keeps every task local of the
  //     package off function types.
  @TaskLocal static var presenter: DismissEffect?

  /// A dismiss that runs `dismiss`, for tests.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
    self.unpresented = nil
  }

  /// The default: the presenter of the effect that calls it, or else `unpresented`.
  init(unpresented: (@MainActor @Sendable () -> Void)? = nil) {
    self.dismiss = nil
    self.unpresented = unpresented
  }

  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss = dismiss ?? Self.presenter?.dismiss ?? unpresented else {
      reportIssue(
        """
        dismiss() was called from a feature that is not presented: no presentation "ifLet" \
        (one whose action is a PresentationAction) or stack "forEach" runs the effect that \
        called it, so nothing can close it.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await dismiss()
  }
}

private enum DismissKey: DependencyKey {
  static var liveValue: DismissEffect { DismissEffect() }
}

extension DependencyValues {
  /// Closes the presented child that reads it (``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}
