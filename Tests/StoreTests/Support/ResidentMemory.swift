import Foundation

/// This process's resident memory, for a test that asserts that a long run leaves it flat.
enum ResidentMemory {
  /// `VmRSS` of /proc/self/status in KiB: the memory the process has in RAM now. Nil where
  /// there is no /proc (macOS).
  static func kibibytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }

  /// Whether AddressSanitizer or ThreadSanitizer is linked in: then resident memory says
  /// nothing about leaks, because it grows with the work done. AddressSanitizer keeps freed
  /// blocks in quarantine (256 MB by default) before reusing them, and ThreadSanitizer keeps a
  /// history of the accesses of every thread.
  static let isSanitized: Bool = {
    // NB: Asked of the running program, not at compile time: Swift has no `#if` for a
    //     sanitizer. Both runtimes export their entry points, which `dlsym` finds.
    guard let program = dlopen(nil, RTLD_LAZY) else { return false }
    defer { dlclose(program) }
    return dlsym(program, "__asan_init") != nil || dlsym(program, "__tsan_init") != nil
  }()
}
