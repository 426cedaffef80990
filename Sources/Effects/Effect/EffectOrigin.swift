import IssueReporting

/// Where an effect was created, so that an error it throws can be reported at that line.
@usableFromInline
package struct EffectOrigin: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// Reports an error that escaped an `Effect.run` with no `catch` handler. Under a test runner it
/// is a failure; in an app it is a runtime warning. The store keeps running either way.
func reportUnhandledEffectError(_ error: any Error, at origin: EffectOrigin) {
  reportIssue(
    """
    An "Effect.run" returned from \(origin.fileID):\(origin.line) threw an unhandled error:

        \(error)

    All errors thrown by "Effect.run" should be handled with its "catch:" parameter, or turned \
    into an action inside the operation.
    """,
    fileID: origin.fileID,
    filePath: origin.filePath,
    line: origin.line,
    column: origin.column
  )
}
