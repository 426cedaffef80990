/// Which case an enum value is in, as the runtime numbers them, read in a few nanoseconds
/// through the type's value witness table (`getEnumTag`), where `Mirror` takes a microsecond.
///
/// A case-constructor ``ActionPath`` learns its case's tag on its first match, and from then on
/// rejects the actions of every other case by tag alone. On the paths of the sample app's
/// `AppFeature` (seven scopes, so six rejections per action) this is the difference between
/// ~10 µs and ~1.5 µs per action.
///
/// The layout read here is the Swift runtime's ABI (`ValueWitnessTable` followed by
/// `EnumValueWitnessTable`), the same on every 64-bit platform Swift ships on.
package enum EnumTag {
  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  /// The metadata kinds of enums and of `Optional` (`MetadataKind::Enum`, `::Optional`).
  private static let enumKinds: Set<Int> = [0x201, 0x202]

  /// The offset of `getEnumTag`: after eight value witness functions, `size`, `stride`,
  /// `flags` and `extraInhabitantCount`.
  private static let getEnumTagOffset =
    8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 2 * MemoryLayout<UInt32>.size

  /// The case number of `value`, or nil when `T` is not an enum.
  package static func of<T>(_ value: T) -> UInt32? {
    let metadata = unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self)
    guard enumKinds.contains(metadata.load(as: Int.self)) else { return nil }
    let witnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let getEnumTag = unsafeBitCast(
      witnesses.load(fromByteOffset: getEnumTagOffset, as: UnsafeRawPointer.self), to: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// How many cases the enum `type` declares, or nil when it is not an enum: read from its
  /// type descriptor (`TargetEnumDescriptor`: after the flags, parent, name, access function and
  /// fields, the payload cases in the low 24 bits of one word and the empty cases in the next).
  ///
  /// Lets a list that claims one value of each case (Host's `ActionCaseExamples`) be checked
  /// against the cases the compiler saw.
  package static func caseCount(of type: Any.Type) -> Int? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard enumKinds.contains(metadata.load(as: Int.self)) else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    return Int(payloadCases + emptyCases)
  }
}
