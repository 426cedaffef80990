/// Which case an enum value is in, as the runtime numbers them, read in a few nanoseconds
/// through the type's value witness table (`getEnumTag`), where `Mirror` takes a microsecond.
///
/// A case-constructor ``ActionPath`` tells its case by number: with `EnumPayload`, which knows
/// each case's payload type, it turns away an action of another case without reading it, and
/// checks an action of its payload type by embedding the payload again and comparing numbers.
///
/// The layout read here is the Swift runtime's ABI (`ValueWitnessTable` followed by
/// `EnumValueWitnessTable`), the same on every 64-bit platform Swift ships on.
@usableFromInline
package enum EnumTag {
  /// The metadata kinds of enums and of `Optional` (`MetadataKind::Enum`, `::Optional`).
  @usableFromInline
  static func isEnum(_ metadata: UnsafeRawPointer) -> Bool {
    let kind = metadata.load(as: Int.self)
    return kind == 0x201 || kind == 0x202
  }

  /// The case number of `value`, or nil when `T` is not an enum.
  @inlinable @usableFromInline
  package static func of<T>(_ value: T) -> UInt32? {
    let metadata = metadata(of: T.self)
    guard isEnum(metadata) else { return nil }
    return withUnsafePointer(to: value) { witnesses(of: metadata).tag(UnsafeRawPointer($0), metadata) }
  }

  /// The address of a type's metadata, which is what an `Any.Type` holds.
  @inlinable @usableFromInline
  package static func metadata(of type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// An enum type's three enum value witnesses, which sit after its eight value witness
  /// functions, `size`, `stride`, `flags` and `extraInhabitantCount` (`ValueWitnessTable`
  /// followed by `EnumValueWitnessTable`).
  @usableFromInline
  package struct Witnesses {
    @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    @usableFromInline typealias ProjectPayload = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    @usableFromInline typealias InjectTag = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    /// `getEnumTag`: the case number.
    @usableFromInline let tag: GetTag
    /// `destructiveProjectEnumData`: clears the case from the value, leaving its payload.
    @usableFromInline let projectPayload: ProjectPayload
    /// `destructiveInjectEnumTag`: writes the case back over a payload.
    @usableFromInline let injectTag: InjectTag
  }

  /// The enum value witnesses of the enum whose metadata is `metadata`.
  @usableFromInline
  package static func witnesses(of metadata: UnsafeRawPointer) -> Witnesses {
    let table = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let first = 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 2 * MemoryLayout<UInt32>.size
    let word = MemoryLayout<UnsafeRawPointer>.size
    return Witnesses(
      tag: unsafeBitCast(table.load(fromByteOffset: first, as: UnsafeRawPointer.self), to: Witnesses.GetTag.self),
      projectPayload: unsafeBitCast(
        table.load(fromByteOffset: first + word, as: UnsafeRawPointer.self), to: Witnesses.ProjectPayload.self),
      injectTag: unsafeBitCast(
        table.load(fromByteOffset: first + 2 * word, as: UnsafeRawPointer.self), to: Witnesses.InjectTag.self))
  }

  /// How many cases the enum `type` declares, or nil when it is not an enum: read from its
  /// type descriptor (`TargetEnumDescriptor`: after the flags, parent, name, access function and
  /// fields, the payload cases in the low 24 bits of one word and the empty cases in the next).
  ///
  /// Lets a list that claims one value of each case (Host's `ActionCaseExamples`) be checked
  /// against the cases the compiler saw.
  package static func caseCount(of type: Any.Type) -> Int? {
    let metadata = metadata(of: type)
    guard isEnum(metadata) else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    return Int(payloadCases + emptyCases)
  }
}
