import Foundation

/// What the test process was built with. The `refold` and crash-child binaries it runs sit next
/// to it, built with the same options.
enum Sanitizer {
  /// Whether ThreadSanitizer's runtime is linked in (it exports `__tsan_init`).
  static let isThreadSanitizerOn = dlsym(nil, "__tsan_init") != nil

  /// For the tests that run a child under a file-size limit (`RLIMIT_FSIZE`): ThreadSanitizer's
  /// runtime dies at start with SIGBUS under one, before any of our code runs.
  static let fileSizeLimitsWork = !isThreadSanitizerOn
}
