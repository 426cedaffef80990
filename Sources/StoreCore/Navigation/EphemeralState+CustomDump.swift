public import CustomDump

// In a TestStore's failure an alert or a dialog shows what it reads, field by field, and not
// which presentation it is (``PresentationToken``), which equality ignores too.

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, children: ["title": title, "message": message as Any, "buttons": buttons], displayStyle: .struct)
  }
}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ["title": title, "titleVisibility": titleVisibility, "message": message as Any, "buttons": buttons],
      displayStyle: .struct
    )
  }
}
