// Writes W2's wide states (`Bench.WideState` and `Bench.LargeWideState`, 1,000 fields each) to
// the file named by its argument: the BenchWorkloads target's build-tool plugin
// (Benchmarks/Plugins/WideStateGenerator) runs it at build time, so that the 12,000 generated lines are
// no file of the repository.
//
// Each field is written as `@ObservableState` expands it (Sources/MacroExpansions): storage in
// `_fN`, a getter that reports a read from a store, a setter that notes the write in the mark.
// The expansion is written out rather than asked of the macro so that the benchmark builds stay
// free of the macro targets (`REFOLD_WITHOUT_MACROS=1` builds leave them out). A field's write
// bit is the macro's: FNV-1a of its name, modulo 64.

import Foundation

let fieldCount = 1000

/// The bit `@ObservableState` gives a field (`ObservationNames.writeBit`).
func writeBit(_ name: String) -> Int {
  var value: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in name.utf8 {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01B3
  }
  return Int(value % 64)
}

/// A static list, one item a line, then a blank line.
func listLiteral(_ doc: String, _ declaration: String, _ items: [String]) -> [String] {
  ["    /// \(doc)", "    \(declaration) = ["] + items.map { "      \($0)," } + ["    ]", ""]
}

func renderState(_ name: String, doc: [String], extra: [String]) -> [String] {
  var lines = doc.map { $0.isEmpty ? "  ///" : "  /// \($0)" }
  lines += ["  public struct \(name): Sendable {", "    public static let fieldCount = \(fieldCount)", ""]
  for i in 0..<fieldCount {
    let bit = writeBit("f\(i)")
    lines += [
      "    public var f\(i): Int { get { if _$observation.isFromStore { _$observation.access(\\Self.f\(i)) }; return _f\(i) } "
        + "set { _$observation.noteWrite(\(bit)); _f\(i) = newValue } _modify { _$observation.noteWrite(\(bit)); yield &_f\(i) } }",
      "    private var _f\(i) = 0",
    ]
  }
  lines += extra
  lines += [
    "    public var _$observation = ObservationMark()",
    "",
    "    public init() {}",
    "",
    "    /// Adds 1 to field `index`. A switch, so the reducer pays what a hand-written one would.",
    "    public mutating func bump(_ index: Int) {",
    "      switch index {",
  ]
  lines += (0..<fieldCount).map { "      case \($0): f\($0) &+= 1" }
  lines += [
    "      default: preconditionFailure(\"\(name) has no field \\(index)\")",
    "      }",
    "    }",
    "",
  ]
  lines += listLiteral(
    "The key path of every field, in order.",
    "public static let keyPaths: [any KeyPath<\(name), Int> & Sendable]",
    (0..<fieldCount).map { "\\.f\($0)" })
  lines += listLiteral(
    "Each field's storage, in order: what `@ObservableState` moves the field to.",
    "private static let storageKeyPaths: [any PartialKeyPath<\(name)> & Sendable]",
    (0..<fieldCount).map { "\\._f\($0)" })
  lines += listLiteral(
    "Each field's write bit, in order: the macro's hash of its name.",
    "private static let writeBits: [Int]",
    (0..<fieldCount).map { "\(writeBit("f\($0)"))" })
  lines += [
    "    // NB: Made from the lists above, not written out per field: a literal of 1,000",
    "    //     `TrackedField` calls took the type checker 15 s, and a function of 1,000",
    "    //     statements the optimizer minutes.",
    "    nonisolated(unsafe) private static let trackedFields: [TrackedField] = (0..<fieldCount).map { index in",
    "      TrackedField(",
    "        name: \"f\\(index)\", keyPath: keyPaths[index] as AnyKeyPath,",
    "        storageOffset: MemoryLayout<Self>.offset(of: storageKeyPaths[index]), writeBit: writeBits[index])",
    "    }",
    "  }",
    "",
  ]
  return lines
}

/// `1000` as `1,000`, as the doc comments write numbers.
func grouped(_ number: Int) -> String {
  let digits = Array(String(number))
  return digits.enumerated().map { index, digit in
    index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
  }.joined()
}

func renderConformance(_ name: String) -> [String] {
  [
    "extension Bench.\(name): ObservableState {",
    "  public static var _$trackedFields: [TrackedField] { trackedFields }",
    "  public static var _$observationOffset: Int? { MemoryLayout<Self>.offset(of: \\Self._$observation) }",
    "}",
    "",
  ]
}

func render() -> String {
  let count = grouped(fieldCount)
  var lines = [
    "// Generated at build time by Benchmarks/GenerateWideState. Do not edit.",
    "",
    "public import Store",
    "",
    "extension Bench {",
  ]
  lines += renderState(
    "WideState",
    doc: [
      "W2's state: \(count) `Int` fields, `f0` … `f\(fieldCount - 1)`, each watched by its own binding.",
      "An action changes one of them. Written as `@ObservableState` expands a struct, so a",
      "commit compares only the fields its setters wrote (generate-wide-state says why it",
      "is written out).",
    ],
    extra: [])
  lines += renderState(
    "LargeWideState",
    doc: [
      "W2 on a 64 KB state: ``WideState``'s \(count) watched fields, then 56 KB that no binding",
      "watches (seven copies of a ``WideState``, as a screen's state holds data the screen does",
      "not show). A commit compares only the fields written, so this row should cost what W2",
      "costs: the cost follows what changed, not the size of the state.",
    ],
    extra: [
      "    /// Not tracked: no binding reads it, and no action writes it.",
      "    public var unwatched = (WideState(), WideState(), WideState(), WideState(), WideState(), WideState(), WideState())",
    ])
  lines[lines.count - 1] = "}"
  lines.append("")
  lines += renderConformance("WideState")
  lines += renderConformance("LargeWideState")
  return lines.joined(separator: "\n")
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: generate-wide-state OUTPUT.swift\n".utf8))
  exit(64)
}
do {
  try Data(render().utf8).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("generate-wide-state: could not write \(arguments[1]): \(error)\n".utf8))
  exit(73)
}
