/// The line of source that made an effect (`Effect.run`, `Effect.send`), kept in the effect so
/// that a store that records where its actions came from (`Store`'s `recordsSendSites`) can say
/// which effect sent each action: the event log's `"from"`.
@usableFromInline
package struct SourceLine: Sendable {
  @usableFromInline package let fileID: StaticString
  @usableFromInline package let line: UInt

  @inlinable
  package init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}
