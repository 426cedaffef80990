import Dispatch

/// Runs `body` on the main actor before returning, in the caller's task when the caller is
/// already on it.
///
/// For ``TestStore``'s deinit, which must report in the releasing test's task: an
/// `isolated deinit` hides task-local values, Swift Testing's current test among them, and
/// IssueReporting then has no test to report to (seen on Linux: its test context was
/// `.xcTest`, and the failure went nowhere). A TestStore is used, and so released, on the main
/// actor; released anywhere else, this waits for the main queue instead of trapping.
func onMainActorNow(_ body: @MainActor () -> Void) {
  if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
    MainActor.assumeIsolated(body)
  } else {
    DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
  }
}

/// Set on the main queue only, so that a lookup finds it exactly when running there.
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()
