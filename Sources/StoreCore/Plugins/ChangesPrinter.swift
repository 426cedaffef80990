@_spi(Reflection) import Swift
import CustomDump

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// it compares the bytes of each stored field of the state (the way the binding index finds
/// what changed) and diffs only the fields whose bytes differ. A field whose bytes differ but
/// whose value does not (an array copied into new storage) prints nothing. State that is not a
/// struct is diffed whole. Secrets are printed redacted when the state or action is
/// `Redactable`.
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
    withUnsafeBytes(of: old) { oldBytes in
      withUnsafeBytes(of: new) { newBytes in
        // Redacted once, and only when some field's bytes changed: secrets live in the state's
        // own `redacted()`, not in its fields' types.
        var shown: (old: State, new: State)?
        for field in fields where !field.bytesEqual(oldBytes, newBytes) {
          if shown == nil { shown = (Redaction.apply(old), Redaction.apply(new)) }
          guard let difference = diff(shown!.old[keyPath: field.keyPath], shown!.new[keyPath: field.keyPath]) else { continue }
          changes.append("  .\(field.name)\n" + difference.indented)
        }
      }
    }
    return changes
  }

  private func wholeDiff(_ old: State, _ new: State) -> [String] {
    diff(Redaction.apply(old), Redaction.apply(new)).map { [$0.indented] } ?? []
  }
}

/// One stored property of a struct: its name, key path and bytes.
struct StateField<Root> {
  let name: String
  let keyPath: PartialKeyPath<Root>
  let bytes: Range<Int>

  /// The stored properties of `Root`, or none when it is not a struct (or has no fields).
  static func all() -> [StateField] {
    var found: [(name: String, keyPath: PartialKeyPath<Root>, offset: Int)] = []
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
        found.append((name, keyPath, offset))
      }
      return true
    }
    guard isStruct else { return [] }
    found.sort { $0.offset < $1.offset }
    return found.indices.map { index in
      let end = index + 1 < found.count ? found[index + 1].offset : MemoryLayout<Root>.size
      return StateField(name: found[index].name, keyPath: found[index].keyPath, bytes: found[index].offset..<end)
    }
  }

  func bytesEqual(_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) -> Bool {
    guard !bytes.isEmpty else { return true }
    return memcmp(old.baseAddress! + bytes.lowerBound, new.baseAddress! + bytes.lowerBound, bytes.count) == 0
  }
}

extension String {
  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
