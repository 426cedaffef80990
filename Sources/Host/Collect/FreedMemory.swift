#if canImport(Glibc)
  import Glibc
#endif

/// Gives back to the system what checking a large upload freed.
///
/// Checking an upload parses it line by line, in many small allocations that glibc keeps in the
/// arena of the thread that made them, for that thread's next ones: it returns only an
/// arena's free top, so the collector stayed as large as its largest check, for good (issue 54:
/// 15.4 GB resident after one upload, 1.59 GB after four of 3 MB). `malloc_trim(0)` returns
/// every free page of every arena. It walks the arenas, so only uploads of ``threshold`` bytes
/// or more pay for it (a log of a few hundred events is smaller). Large blocks are kept out of
/// the arenas altogether (``keepLargeBlocksOffTheArenas()``).
enum FreedMemory {
  static let threshold = 64 << 10

  /// After an upload of `count` bytes is answered, whether it was kept or not.
  static func returnAfterCheck(ofBytes count: Int) {
    if count >= threshold { _ = trim?(0) }
  }

  /// Keeps blocks of 128 KiB or more (a body, its copy, a long line, a large array of a tree)
  /// out of the arenas: each is mapped on its own and unmapped when freed. glibc raises that
  /// threshold (and the one for trimming an arena's top) to the largest block freed, up to
  /// 32 MiB, and a thread's arena keeps a free top of that size, which `malloc_trim` does not
  /// return: after uploads of 1 to 3 MB the collector stayed 30 MiB above rest. Setting the
  /// thresholds fixes them. Call once, before serving.
  static func keepLargeBlocksOffTheArenas() {
    let size: Int32 = 128 << 10
    // M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD -3 (malloc.h).
    _ = options?(-1, size)
    _ = options?(-3, size)
  }

  /// glibc's `malloc_trim` and `mallopt`, which the Glibc module does not declare; nil on
  /// another libc.
  private static let trim: (@convention(c) (Int) -> Int32)? = symbol("malloc_trim")
  private static let options: (@convention(c) (Int32, Int32) -> Int32)? = symbol("mallopt")

  private static func symbol<Function>(_ name: String) -> Function? {
    #if canImport(Glibc)
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
      return unsafeBitCast(symbol, to: Function.self)
    #else
      return nil
    #endif
  }
}
