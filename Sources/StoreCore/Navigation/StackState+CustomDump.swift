public import CustomDump

/// In a ``TestStore``'s failure, a stack reads as its screens by id, bottom first:
/// `[#0: .detail(…), #1: .edit(…)]`. Neither ``StackState/nextID`` (which equality ignores) nor
/// the counter the stack `forEach` keeps is shown.
extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: zip(ids, self).map { (key: AnyHashable($0), value: $1 as Any) },
      displayStyle: .dictionary
    )
  }
}

/// `#0`, as the stack's ids are written everywhere else.
extension StackElementID: CustomDumpStringConvertible {
  public var customDumpDescription: String { description }
}
