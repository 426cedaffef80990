import StateObservation
import Store

/// A form as an app would write it: fields of several types, one `let`, one ignored field.
@ObservableState
struct Profile: Codable, Equatable, Sendable {
  var name = ""
  var age: Int
  var tags: [String] = []
  let id: Int
  @ObservationStateIgnored var draft = ""
  var child = Child()
  var greeting: String { "Hello, \(name)" }
}

@ObservableState
struct Child: Codable, Equatable, Sendable {
  var title = ""
  var done = false
}

/// The same fields, not marked: what `Profile` encodes to and decodes from must not change.
struct PlainProfile: Codable, Equatable {
  var name = ""
  var age: Int
  var tags: [String] = []
  let id: Int
  var draft = ""
  var child = PlainChild()
}

struct PlainChild: Codable, Equatable {
  var title = ""
  var done = false
}

/// Plain old data, as the binding index compares it byte by byte.
@ObservableState
struct Position: Hashable {
  var x = 0
  var y = 0
}

/// A field whose type is not `Equatable`.
struct Opaque: Sendable {
  var value = 0
}

@ObservableState
struct WithOpaque {
  var opaque = Opaque()
  var count = 0
}

enum ProfileAction: Sendable, Equatable {
  case rename(String)
  case birthday
  case tag(String)
  case draft(String)
  case retitle(String)
  case replace(Profile)
  case copyNameToDraft
}

struct ProfileFeature: Reducer {
  var body: some Reducer<Profile, ProfileAction> {
    Reduce { state, action in
      switch action {
      case .rename(let name): state.name = name
      case .birthday: state.age += 1
      case .tag(let tag): state.tags.append(tag)
      case .draft(let draft): state.draft = draft
      case .retitle(let title): state.child.title = title
      case .replace(let profile): state = profile
      case .copyNameToDraft: state.draft = state.name
      }
      return .none
    }
  }
}

enum PositionAction: Sendable {
  case right
  case up
}

struct Walk: Reducer {
  var body: some Reducer<Position, PositionAction> {
    Reduce { state, action in
      switch action {
      case .right: state.x += 1
      case .up: state.y += 1
      }
      return .none
    }
  }
}

/// Counts the changes Observation reports to one `withObservationTracking`.
final class Changes: @unchecked Sendable {
  var count = 0
}
