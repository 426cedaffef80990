import Foundation
import Testing

/// No task local of the package holds a function type.
///
/// Swift 6.3's optimizer specializes `TaskLocal.withValue` for a function-typed value and then
/// asks the runtime for that value's metadata by its lowered name (`@substituted <A where A:
/// ~Copyable, ~Escapable> () -> @out A for <()>`), which the runtime cannot demangle: it gets
/// none, and `swift_task_localValuePush` reads through it and crashes. Only release builds do
/// this; `refold demo` crashed in every release run while every debug test passed (issue 53,
/// fixed upstream in swiftlang/swift#88321). A struct that holds the closure is safe.
/// `PresentationTests` and `StackTests` dismiss from an effect, which crashed there; CI runs them
/// in release (scripts/release-tests.sh). This test keeps a new task local from bringing it
/// back where no release test reaches.
struct TaskLocalTypesTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every `@TaskLocal` declaration under Sources/: its file, and what follows its name (its
  /// type, its initial value or both).
  static func declarations() throws -> [(file: String, type: String)] {
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var found: [(String, String)] = []
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for match in text.matches(of: /@TaskLocal\s+(?:\w+\s+)*var\s+\w+\s*([^\n]+)/) {
        found.append((path, String(match.1).trimmingCharacters(in: .whitespaces)))
      }
    }
    return found
  }

  @Test func noTaskLocalHoldsAFunctionType() throws {
    let declarations = try Self.declarations()
    // The package has several (dependencies, shared values, the presenter, the host's): a
    // search that found none would be looking in the wrong place.
    #expect(declarations.count >= 5, "found \(declarations.count) task locals under \(Self.sources.path)")
    for (file, type) in declarations {
      let isFunction = type.contains("->") || type.contains(/=\s*\{/)
      #expect(!isFunction, "\(file): a task local `\(type)` of a function type crashes withValue in release")
    }
  }
}
