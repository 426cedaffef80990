import MacroExpansions
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@ObservableState` writes, and what it refuses with a message that says what to do.
struct ObservableStateMacroTests: MacroExpansionTesting {
  let macros: [String: MacroSpec] = [
    "ObservableState": MacroSpec(
      type: ObservableState.self, conformances: ["ObservableState", "CustomReflectable"]),
    "ObservationStateTracked": MacroSpec(type: ObservationStateTracked.self),
    "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnored.self),
  ]

  @Test func aFieldGetsStorageAGetterThatReportsTheStateASetterThatNotesTheWriteItsCodingKeysAndMirror() {
    expect(
      """
      @ObservableState
      struct State {
        var count = 0
        let id: Int
      }
      """,
      expands: #"""
        struct State {
          var count {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              if _$observation.isFromStore {
                _$observation.access(\Self.count)
              }
              return _count
            }
            set {
              _$observation.noteWrite(52)
              _count = newValue
            }
            _modify {
              _$observation.noteWrite(52)
              yield &_count
            }
          }

          private var _count = 0
          let id: Int

          var _$observation = StoreCore.ObservationMark()

          static var _$trackedFields: [StoreCore.TrackedField] {
            [StoreCore.TrackedField(name: "count", keyPath: \Self.count, storageOffset: MemoryLayout<Self>.offset(of: \Self._count), writeBit: 52)]
          }

          static var _$observationOffset: Int? {
            MemoryLayout<Self>.offset(of: \Self._$observation)
          }

          private enum CodingKeys: String, CodingKey {
            case _count = "count"
            case id
          }
        }

        extension State: StoreCore.ObservableState {
        }

        extension State: Swift.CustomReflectable {
          var customMirror: Mirror {
            Mirror(self, children: ["count": _count as Any, "id": self.id as Any], displayStyle: .struct)
          }
        }
        """#
    )
  }

  @Test func whatIsNotAStoredVarIsLeftAsWritten() {
    expect(
      """
      @ObservableState
      public struct State {
        public let id = 1
        @ObservationStateIgnored var draft = ""
        var doubled: Int { 2 }
        static var shared: Int { 0 }
        lazy var cache = 0
      }
      """,
      expands: #"""
        public struct State {
          public let id = 1
          var draft = ""
          var doubled: Int { 2 }
          static var shared: Int { 0 }
          lazy var cache = 0

          public var _$observation = StoreCore.ObservationMark()

          public static var _$trackedFields: [StoreCore.TrackedField] {
            []
          }

          public static var _$observationOffset: Int? {
            MemoryLayout<Self>.offset(of: \Self._$observation)
          }

          private enum CodingKeys: String, CodingKey {
            case draft
          }
        }

        extension State: StoreCore.ObservableState {
        }

        extension State: Swift.CustomReflectable {
          public var customMirror: Mirror {
            Mirror(self, children: ["id": self.id as Any, "draft": self.draft as Any], displayStyle: .struct)
          }
        }
        """#
    )
  }

  @Test func codingKeysOfItsOwnMustNameTheStorage() {
    expect(
      """
      @ObservableState
      struct State: Codable {
        var count = 0
        enum CodingKeys: String, CodingKey {
          case count
        }
      }
      """,
      expands: #"""
        struct State: Codable {
          var count {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              if _$observation.isFromStore {
                _$observation.access(\Self.count)
              }
              return _count
            }
            set {
              _$observation.noteWrite(52)
              _count = newValue
            }
            _modify {
              _$observation.noteWrite(52)
              yield &_count
            }
          }

          private var _count = 0
          enum CodingKeys: String, CodingKey {
            case count
          }
        }

        extension State: StoreCore.ObservableState {
        }

        extension State: Swift.CustomReflectable {
          var customMirror: Mirror {
            Mirror(self, children: ["count": _count as Any], displayStyle: .struct)
          }
        }
        """#,
      diagnostics: [
        DiagnosticSpec(
          message: #"'@ObservableState' stores 'count' as '_count': write its coding key as 'case _count = "count"'"#,
          line: 1, column: 1)
      ]
    )
  }

  @Test func anEnumIsRefusedWithWhatToDoInstead() {
    expect(
      """
      @ObservableState
      enum State {
        case loading
      }
      """,
      expands: """
        enum State {
          case loading
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@ObservableState' applies to a struct; read an enum state through 'store.state', which observes it whole",
          line: 1, column: 1)
      ]
    )
  }
}

// The expansions, as the plugin (StateObservationMacros) declares them.
private enum ObservableState: ObservableStateExpansion {}
private enum ObservationStateTracked: ObservationStateTrackedExpansion {}
private enum ObservationStateIgnored: ObservationStateIgnoredExpansion {}

/// The `BindableState` conformance `@ObservableState` adds when the state has none: every
/// tracked field, each kept or left out by the type of its value (`BindableField._macroField`).
struct ObservableStateBindableMacroTests: MacroExpansionTesting {
  let macros: [String: MacroSpec] = [
    "ObservableState": MacroSpec(type: ObservableState.self, conformances: ["BindableState"]),
    "ObservationStateTracked": MacroSpec(type: ObservationStateTracked.self),
    "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnored.self),
  ]

  @Test func everyTrackedFieldIsListedOnceForTheType() {
    expect(
      """
      @ObservableState
      public struct Form {
        public var title = ""
        @ObservationStateIgnored var draft = ""
      }
      """,
      expands: #"""
        public struct Form {
          public var title {
            @storageRestrictions(initializes: _title)
            init(initialValue) {
              _title = initialValue
            }
            get {
              if _$observation.isFromStore {
                _$observation.access(\Self.title)
              }
              return _title
            }
            set {
              _$observation.noteWrite(41)
              _title = newValue
            }
            _modify {
              _$observation.noteWrite(41)
              yield &_title
            }
          }

          private var _title = ""
          var draft = ""

          public var _$observation = StoreCore.ObservationMark()

          public static var _$trackedFields: [StoreCore.TrackedField] {
            [StoreCore.TrackedField(name: "title", keyPath: \Self.title, storageOffset: MemoryLayout<Self>.offset(of: \Self._title), writeBit: 41)]
          }

          public static var _$observationOffset: Int? {
            MemoryLayout<Self>.offset(of: \Self._$observation)
          }

          private enum CodingKeys: String, CodingKey {
            case _title = "title"
            case draft
          }
        }

        extension Form: StoreCore.BindableState {
          public static let bindableFields: StoreCore.BindableFields<Self> =
          StoreCore.BindableFields(_macroFields: [StoreCore.BindableField<Self>._macroField("title", \Self.title)])
        }
        """#
    )
  }
}
