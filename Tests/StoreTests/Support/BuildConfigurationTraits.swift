import InternalTestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// A test of what only a debug build does (send sites): a release build skips it, and runs
  /// its counterpart, marked ``releaseBuildOnly``.
  static var debugBuildOnly: Self {
    .enabled(if: BuildConfiguration.isDebug, "a release build does not do this: its counterpart runs there")
  }

  /// A test of what a release build does instead of a debug build's feature.
  static var releaseBuildOnly: Self {
    .disabled(if: BuildConfiguration.isDebug, "a debug build does this differently: its counterpart runs there")
  }
}
