#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the payload of an enum value by its case number and the payload type the compiler
/// recorded for that case (the enum's field descriptor), where `Mirror` would take a
/// microsecond and a dozen allocations on every read.
///
/// A case-constructor ``ActionPath`` is built again each time a feature's `body` is evaluated,
/// that is, for every action, so what one path learns is soon lost. What this reads is a fact of
/// the enum's type, the same for every path: each case's payload type is resolved once per type
/// and case number and kept for the process's lifetime. Then:
/// - an action of a case whose payload is another concrete type is turned away without
///   reading it;
/// - an action whose payload is exactly the path's type is copied out through the type's value
///   witnesses (`destructiveProjectEnumData`, then `destructiveInjectEnumTag` to put the case
///   back), the way `Mirror` reads it, minus its boxes.
///
/// Payloads whose type makes a cast depend on the value (existentials, classes, `Optional`,
/// `AnyHashable`, tuples, functions) are left to `Mirror` (`Reading.unknown`), and so are
/// `indirect` cases, whose payload sits in a box.
@usableFromInline
package enum EnumPayload {
  @usableFromInline
  package enum Reading<Value> {
    /// The case stores exactly a `Value`: this one.
    case payload(Value)
    /// The case cannot hold a `Value`: it has no payload, or one of another concrete type.
    case notAValue
    /// Only a `Mirror` cast can tell.
    case unknown
  }

  /// What the case numbered `tag` of `root`'s type stores, read as a `Value`. `tag` must be
  /// `root`'s own case number (`EnumTag.of(root)`).
  @inlinable @usableFromInline
  package static func read<Root, Value>(_ root: Root, tag: UInt32, as _: Value.Type) -> Reading<Value> {
    let metadata = EnumTag.metadata(of: Root.self)
    let info = CaseTable.info(of: metadata, tag: tag)
    switch info.payload {
    case .none:
      return .notAValue
    case .unresolved:
      return .unknown
    case let .type(address):
      let payloadType = unsafeBitCast(address, to: Any.Type.self)
      if payloadType == Value.self {
        return .payload(copyPayload(of: root, tag: tag, metadata: metadata))
      }
      return isPlainValueType(payloadType) && isPlainValueType(Value.self) ? .notAValue : .unknown
    }
  }

  /// A struct or an enum (not `Optional`, not `AnyHashable`): a cast from one such type to
  /// another always fails, so a different type is a different case.
  @usableFromInline
  static func isPlainValueType(_ type: Any.Type) -> Bool {
    let kind = EnumTag.metadata(of: type).load(as: Int.self)
    return (kind == 0x200 || kind == 0x201) && type != AnyHashable.self
  }

  @inlinable
  static func copyPayload<Root, Value>(
    of root: Root, tag: UInt32, metadata: UnsafeRawPointer
  ) -> Value {
    let witnesses = EnumTag.witnesses(of: metadata)
    var copy = root
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let value = UnsafeMutableRawPointer(pointer)
      // Strips the case from the value's spare bits: the payload is left in place.
      witnesses.projectPayload(value, metadata)
      let result = UnsafeRawPointer(value).assumingMemoryBound(to: Value.self).pointee
      // Puts the case back, so that `copy` is a whole value again when it is destroyed.
      witnesses.injectTag(value, tag, metadata)
      return result
    }
  }
}

/// Each case's payload type, per enum type and case number, resolved once from the field
/// descriptor (`swift_getTypeByMangledNameInContext`, as `Mirror` resolves it each time).
@usableFromInline
enum CaseTable {
  struct Key: Hashable {
    let type: UInt
    let tag: UInt32
  }

  @usableFromInline
  struct Info: Sendable {
    @usableFromInline
    enum Payload: Sendable {
      /// A case without a payload.
      case none
      /// The payload's type metadata (an `Any.Type`, kept as its address).
      case type(UInt)
      /// The descriptor could not be read: leave it to `Mirror`.
      case unresolved
    }
    @usableFromInline let payload: Payload
  }

  static let cache = Cache()

  /// What each case resolved to, for any thread. A pthread mutex (``HandOffLock``), not
  /// `Synchronization.Mutex`: ThreadSanitizer cannot see the latter's order on Linux, and
  /// reported two tests resolving their first cases at once as a race.
  final class Cache: @unchecked Sendable {
    // NB: @unchecked: `infos` is touched only with `lock` held.
    private let lock = HandOffLock()
    private var infos: [Key: Info] = [:]

    func info(for key: Key) -> Info? { lock.withLock { infos[key] } }
    func keep(_ info: Info, for key: Key) { lock.withLock { infos[key] = info } }
  }

  @usableFromInline
  static func info(of metadata: UnsafeRawPointer, tag: UInt32) -> Info {
    let key = Key(type: UInt(bitPattern: metadata), tag: tag)
    if let known = cache.info(for: key) { return known }
    let info = resolve(metadata: metadata, tag: tag)
    cache.keep(info, for: key)
    return info
  }

  /// The layouts are the runtime's ABI: `TargetEnumDescriptor` (flags, parent, name, access
  /// function, then the field descriptor, 4 bytes each), `FieldDescriptor` (a 16-byte header,
  /// then 12-byte records), `FieldRecord` (flags, payload type name, case name). The compiler
  /// emits the payload cases' records first, in case-number order, which is how `Mirror` finds
  /// a case's record by its number too.
  static func resolve(metadata: UnsafeRawPointer, tag: UInt32) -> Info {
    let unresolved = Info(payload: .unresolved)
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    guard let fields = relative(descriptor + 16) else { return unresolved }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard recordSize >= 12, tag < recordCount else { return unresolved }
    let record = fields + 16 + Int(tag) * recordSize
    guard let name = relative(record + 4) else { return Info(payload: .none) }
    let isIndirect = record.load(as: UInt32.self) & 0x1 != 0
    guard !isIndirect, let resolveName = TypeNames.resolve else { return unresolved }
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    let arguments = isGeneric ? metadata + 2 * MemoryLayout<UnsafeRawPointer>.size : nil
    guard
      let type = resolveName(name, UInt(mangledNameLength(name)), descriptor, arguments)
    else { return unresolved }
    return Info(payload: .type(UInt(bitPattern: type)))
  }

  /// The address a 32-bit relative pointer at `field` points to, or nil when it is null.
  static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = field.load(as: Int32.self)
    return offset == 0 ? nil : field + Int(offset)
  }

  /// A mangled name ends at its first zero byte, but may hold references to other descriptors:
  /// a control byte 0x01–0x17 followed by a 4-byte offset, 0x18–0x1F by a pointer.
  static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
    var length = 0
    while true {
      let byte = name.load(fromByteOffset: length, as: UInt8.self)
      switch byte {
      case 0: return length
      case 0x01...0x17: length += 1 + 4
      case 0x18...0x1F: length += 1 + MemoryLayout<UnsafeRawPointer>.size
      default: length += 1
      }
    }
  }
}

/// The runtime's `swift_getTypeByMangledNameInContext`, the function `Mirror` and the
/// compiler's own metadata accessors resolve type names with. Found by `dlsym` rather than
/// declared with `@_silgen_name`, which the compiler reserves for the standard library. Its
/// arguments are four pointers and its result one: the Swift calling convention passes those
/// as the C one does.
private enum TypeNames {
  typealias Resolve = @convention(c) (
    _ name: UnsafeRawPointer, _ length: UInt, _ context: UnsafeRawPointer, _ arguments: UnsafeRawPointer?
  ) -> UnsafeRawPointer?

  static let resolve: Resolve? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_getTypeByMangledNameInContext") else { return nil }
    return unsafeBitCast(symbol, to: Resolve.self)
  }()
}
