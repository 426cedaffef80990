@_spi(Reflection) import Swift
import CustomDump

/// Prints each action a store folds, and a diff of the state fields it changed: the store's
/// answer to TCA's `_printChanges()`, for development.
///
/// ```swift
/// let store = Store(initialState: SignIn.State(), reducer: SignIn(), plugins: [ChangesPrinter()])
/// store.send(.binding(.set(\.username, "son")))
/// // #1 send: SignIn.Action.binding(set username = son)
/// //   .username
/// //   - ""
/// //   + "son"
/// ```
///
/// It does not walk and diff the whole state on every action, as a full `diff(old, new)` does:
/// it compares each stored field of the state with `==` where its type is `Equatable`, and
/// diffs only the fields that differ (and those it cannot compare, whose diff is empty when
/// nothing changed). State that is not a struct is diffed whole. Secrets are printed redacted
/// when the state or action is `Redactable`.
///
/// An action sent while the store was folding another (``ReentrantSend``) is preceded by a line
/// naming both: `reentrant: #5 … was sent while #4 … was being folded: …`.
public final class ChangesPrinter<State, Action>: StorePlugin {
  private let fields: [StateField<State>]
  private var previous: State?
  private let output: (String) -> Void

  /// Prints with `output` (standard output by default). Give it the store's `initialState`, so
  /// that the first action's changes are printed too.
  public init(initialState: State? = nil, output: @escaping @Sendable (String) -> Void = { print($0) }) {
    self.fields = StateField<State>.all()
    self.previous = initialState
    self.output = output
  }

  public func didCommit(_ commit: Commit<State, Action>) {
    defer { previous = commit.state }
    // A re-entrant send gets its own line first, naming the action it was sent during.
    if let reentrance = commit.reentrance {
      output("reentrant: " + reentrance.line(seq: commit.seq, action: commit.action))
    }
    var text = "#\(commit.seq) \(commit.origin.rawValue): \(String(customDumping: Redaction.apply(commit.action)))"
    guard let previous else {
      output(text)
      return
    }
    let changes = fields.isEmpty ? wholeDiff(previous, commit.state) : fieldDiffs(previous, commit.state)
    text += changes.isEmpty ? "\n  (no change)" : "\n" + changes.joined(separator: "\n")
    output(text)
  }

  private func fieldDiffs(_ old: State, _ new: State) -> [String] {
    var changes: [String] = []
    // Redacted once, and only when some field changed: secrets live in the state's own
    // `redacted()`, not in its fields' types.
    var shown: (old: State, new: State)?
    for field in fields where field.valuesEqual(old, new) != true {
      if shown == nil { shown = (Redaction.apply(old), Redaction.apply(new)) }
      guard let difference = diff(shown!.old[keyPath: field.keyPath], shown!.new[keyPath: field.keyPath]) else { continue }
      changes.append("  .\(field.name)\n" + difference.indented)
    }
    return changes
  }

  private func wholeDiff(_ old: State, _ new: State) -> [String] {
    diff(Redaction.apply(old), Redaction.apply(new)).map { [$0.indented] } ?? []
  }
}

/// One stored property of a struct: its name, key path, and how to compare it.
struct StateField<Root> {
  let name: String
  let keyPath: PartialKeyPath<Root>
  /// `old[keyPath: keyPath] == new[keyPath: keyPath]`, typed once here; `nil` when the field's
  /// type is not `Equatable`.
  let equal: ((Root, Root) -> Bool)?

  init(name: String, keyPath: PartialKeyPath<Root>) {
    self.name = name
    self.keyPath = keyPath
    self.equal = Self.comparison(of: keyPath)
  }

  /// The stored properties of `Root`, in the order they are laid out, or none when it is not a
  /// struct (or has no fields).
  static func all() -> [StateField] {
    var found: [(field: StateField, offset: Int)] = []
    // An `@ObservableState` struct stores `count` as `_count`, beside its mark: print the
    // field's own name, and not the mark.
    let observable = Root.self as? any ObservableState.Type
    let tracked = Set(observable?._$trackedFields.map(\.name) ?? [])
    let isStruct = _forEachFieldWithKeyPath(of: Root.self) { cName, keyPath in
      var name = String(cString: cName)
      if observable != nil {
        if name.hasPrefix("_$") { return true }
        if name.hasPrefix("_"), tracked.contains(String(name.dropFirst())) { name.removeFirst() }
      }
      if let offset = MemoryLayout<Root>.offset(of: keyPath) {
        found.append((StateField(name: name, keyPath: keyPath), offset))
      }
      return true
    }
    guard isStruct else { return [] }
    return found.sorted { $0.offset < $1.offset }.map(\.field)
  }

  /// Whether the field holds equal values in `old` and `new`; `nil` when its type is not
  /// `Equatable`.
  func valuesEqual(_ old: Root, _ new: Root) -> Bool? {
    equal?(old, new)
  }

  // NB: Typed when the printer is made, not per commit: reading each field as `Any` and casting
  //     it to `any Equatable` on every action cost Printer.changes 12 to 24 % (docs/unsafe-code.md).
  private static func comparison(of keyPath: PartialKeyPath<Root>) -> ((Root, Root) -> Bool)? {
    guard let equatable = type(of: keyPath).valueType as? any Equatable.Type else { return nil }
    return comparison(of: keyPath, as: equatable)
  }

  private static func comparison<Value: Equatable>(
    of keyPath: PartialKeyPath<Root>, as _: Value.Type
  ) -> (Root, Root) -> Bool {
    // `Value` is the key path's value type: the cast above said so.
    let typed = keyPath as! KeyPath<Root, Value>
    return { old, new in old[keyPath: typed] == new[keyPath: typed] }
  }
}

extension String {
  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
