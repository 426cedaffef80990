import Foundation
import InternalTestSupport
import Reducers
import Store

/// What the child's user does, from a seed: mostly typing amounts, sometimes signing in and out
/// (through the login effect, so that some actions come from effects and the session token
/// passes through the store), following people, greeting, and ticking the player card.
struct CrashScript {
  private var rng: SplitMix64
  private let secrets: Secrets
  private var step = 0
  /// The sign-in sheet's action that follows the `signInButtonTapped` just returned: sent in
  /// the same burst, before any login response can close the sheet.
  private var pending: AppFeature.Action?

  /// Whether the next action belongs to the one just returned and must be sent with it.
  var hasPending: Bool { pending != nil }

  init(seed: UInt64, secrets: Secrets) {
    rng = SplitMix64(seed: seed)
    self.secrets = secrets
  }

  /// The feature's clients, which answer at once: the right password signs in with the secret
  /// token, and the session is kept in memory.
  static func prepareDependencies(_ dependencies: inout DependencyValues, secrets: Secrets) {
    dependencies.auth = AuthClient { credentials in
      guard credentials.password == secrets.password else {
        throw LoginError(kind: .rejected, message: "Invalid identifier or password")
      }
      return Session(token: secrets.token, id: 1, email: "son@example.com", username: "son")
    }
    dependencies.sessions = .inMemory()
  }

  mutating func burstSize() -> Int { Int.random(in: 1...48, using: &rng) }

  mutating func next() -> AppFeature.Action {
    defer { step += 1 }
    if let pending {
      self.pending = nil
      return pending
    }
    // Every session signs in first, so that both secrets reach the store before any kill.
    switch step {
    case 0: return .signInButtonTapped
    case 1: return .signIn(.presented(.binding(.set(\.username, "son@example.com"))))
    case 2: return .signIn(.presented(.binding(.set(\.password, secrets.password))))
    case 3: return .signIn(.presented(.signInTapped))
    default: break
    }
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<9:
      return .amountInput(.textChanged(amount()))
    // The sheet closes after a successful login: each of its actions comes right after a tap
    // that opens it (or leaves it open).
    case 9:
      return inSheet(.binding(.set(\.password, Bool.random(using: &rng) ? secrets.password : "wrong-\(step)")))
    case 10, 11:
      return inSheet(.signInTapped)
    case 12:
      return inSheet(.signOutTapped)
    case 13:
      return inSheet(.binding(.set(\.username, ["son@example.com", "son", "minji@example.com", ""].randomElement(using: &rng)!)))
    case 14, 15:
      return .following(.followTapped(id: Int.random(in: 1...6, using: &rng)))
    case 16:
      return .greeting(.showGreetingTapped)
    default:
      let seconds = Double(Int.random(in: 0...900_000_000, using: &rng))
      return .playerCard(.tick(Date(timeIntervalSinceReferenceDate: seconds)))
    }
  }

  /// Opens the sheet, and sends `action` to it next.
  private mutating func inSheet(_ action: SignIn.Action) -> AppFeature.Action {
    pending = .signIn(.presented(action))
    return .signInButtonTapped
  }

  private mutating func amount() -> String? {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: nil
    case 1: ""
    case 2: "12a"
    case 3: String(Int.random(in: 1_000_001...99_999_999, using: &rng))
    default: String(Int.random(in: 1...1_000_000, using: &rng))
    }
  }

  /// How long the user waits before the next burst: often not at all, sometimes long enough for
  /// `.batched`'s 100 ms age limit, not only its 64 KiB one, to decide when it fsyncs.
  mutating func pause() async throws {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<5: await Task.yield()
    case 5..<9: try await Task.sleep(for: .milliseconds(Int.random(in: 1...10, using: &rng)))
    default: try await Task.sleep(for: .milliseconds(Int.random(in: 20...60, using: &rng)))
    }
  }
}

