/// How the package under test was compiled, for the tests of what a debug build does and a
/// release build does not (and the other way round).
///
/// `Store` records send sites (`recordsSendSites`) and `refold` takes `--record-sites` in a
/// debug build only: a shipped app's log names no source file. CI runs the tests in both
/// configurations (`make test`, scripts/release-tests.sh), so each such test says which one it
/// is about, and the other configuration checks the opposite.
public enum BuildConfiguration {
  /// Whether this build was compiled with `DEBUG` (SwiftPM's debug configuration).
  public static let isDebug: Bool = {
    #if DEBUG
      true
    #else
      false
    #endif
  }()
}
