import CustomDump
import Foundation
import StateObservation
import Store
import Testing

/// What `@ObservableState` must leave as it was: the JSON (so logs and digests), the
/// memberwise initializer, equality, the `Mirror` that diffs read, the changes printer's names.
@MainActor
struct ObservableStateFormTests {
  @Test func theJSONIsThatOfTheSameStructUnmarked() throws {
    let profile = Profile(name: "Ana", age: 30, tags: ["a"], id: 7, draft: "d", child: Child(title: "t", done: true))
    let plain = PlainProfile(
      name: "Ana", age: 30, tags: ["a"], id: 7, draft: "d", child: PlainChild(title: "t", done: true))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(profile)
    #expect(String(decoding: json, as: UTF8.self) == String(decoding: try encoder.encode(plain), as: UTF8.self))
    #expect(try JSONDecoder().decode(Profile.self, from: json) == profile)
    #expect(try JSONDecoder().decode(PlainProfile.self, from: json) == plain)
  }

  @Test func copiesReadFromAStoreAreEqualToTheSameValueMadeElsewhere() {
    let store = Store(initialState: Profile(name: "Ana", age: 30, id: 7), reducer: ProfileFeature())
    #expect(store.state == Profile(name: "Ana", age: 30, id: 7))
    let walk = Store(initialState: Position(), reducer: Walk())
    #expect(Set([walk.state, Position()]).count == 1)
  }

  @Test func theMirrorNamesTheFieldsAsWritten() {
    let labels = Mirror(reflecting: Profile(age: 1, id: 2)).children.map(\.label)
    #expect(labels == ["name", "age", "tags", "id", "draft", "child"])
    var dump = ""
    customDump(Child(title: "Milk"), to: &dump)
    #expect(dump == """
      Child(
        title: "Milk",
        done: false
      )
      """)
  }

  @Test func theChangesPrinterNamesTheFieldsAsWritten() {
    let lines = Lines()
    let store = Store(
      initialState: Profile(age: 30, id: 1), reducer: ProfileFeature(),
      plugins: [ChangesPrinter(initialState: Profile(age: 30, id: 1), output: lines.append)])
    store.send(.rename("Ana"))
    #expect(lines.text.contains("  .name\n"))
    #expect(!lines.text.contains("_name"))
    #expect(!lines.text.contains("_$observation"))
  }
}

private final class Lines: @unchecked Sendable {
  private(set) var text = ""
  func append(_ line: String) { text += line + "\n" }
}
