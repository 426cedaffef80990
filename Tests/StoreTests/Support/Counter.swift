import Foundation
import Store

/// A small feature used across the store tests.
struct Counter: Reducer {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var label = ""
    var log: [String] = []
    var isEven: Bool { count % 2 == 0 }
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
    case decrement
    case set(Int)
    case rename(String)
    case note(String)
    case response(Int)
    case failed(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case let .set(value): state.count = value
    case let .rename(label): state.label = label
    case let .note(text): state.log.append(text)
    case let .response(value): state.count = value
    case let .failed(message): state.log.append("failed: \(message)")
    }
    return .none
  }
}

/// A reducer whose effects are given per action by the test.
struct Scripted: Reducer {
  typealias State = Counter.State
  typealias Action = Counter.Action
  let effects: (Action) -> Effect<Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    _ = Counter().reduce(into: &state, action: action)
    return effects(action)
  }
}

/// Records what a plugin sees.
@MainActor
final class CommitLog<State, Action>: StorePlugin {
  var commits: [Commit<State, Action>] = []
  var onCommit: ((Commit<State, Action>) throws -> Void)?

  nonisolated init() {}

  func didCommit(_ commit: Commit<State, Action>) throws {
    commits.append(commit)
    try onCommit?(commit)
  }
}

struct PluginFailure: Error, CustomStringConvertible {
  var description: String { "disk on fire" }
}

/// A flag that a cancellation handler on another thread can set.
final class Flag: @unchecked Sendable {
  // Guarded by `lock`: set from a cancellation handler, read from the test.
  private let lock = NSLock()
  private var value = false
  func set() { lock.lock(); value = true; lock.unlock() }
  var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

