// One line for an alert, a dialog or a button, for `print`, string interpolation and test
// expectations. swift-custom-dump (TestStore's diffs) ignores these for structs and still
// shows the fields one by one, which is what names the field that differs.

extension ButtonState: CustomStringConvertible {
  /// The role, the quoted label and the action, e.g. `destructive "Log out" → .confirmLogout`,
  /// `cancel "Cancel"`, `"OK"`.
  public var description: String {
    var text = role.map { "\($0.rawValue) " } ?? ""
    text += String(reflecting: label)
    if let action { text += " → \(describeAction(action))" }
    return text
  }
}

extension AlertState: CustomStringConvertible {
  /// E.g. `AlertState(title: "Log out?", buttons: [destructive "Log out" → .confirmLogout, cancel "Cancel"])`;
  /// a `nil` message is left out.
  public var description: String {
    var fields = ["title: \(String(reflecting: title))"]
    if let message { fields.append("message: \(String(reflecting: message))") }
    fields.append("buttons: [\(buttons.map(\.description).joined(separator: ", "))]")
    return "AlertState(\(fields.joined(separator: ", ")))"
  }
}

extension ConfirmationDialogState: CustomStringConvertible {
  /// Like ``AlertState/description``; an `automatic` visibility and a `nil` message are left out.
  public var description: String {
    var fields = ["title: \(String(reflecting: title))"]
    if titleVisibility != .automatic { fields.append("titleVisibility: .\(titleVisibility.rawValue)") }
    if let message { fields.append("message: \(String(reflecting: message))") }
    fields.append("buttons: [\(buttons.map(\.description).joined(separator: ", "))]")
    return "ConfirmationDialogState(\(fields.joined(separator: ", ")))"
  }
}

/// An enum case as it is written in Swift, with its leading dot: `.confirmLogout`.
private func describeAction(_ action: Any) -> String {
  let text = String(describing: action)
  return Mirror(reflecting: action).displayStyle == .enum ? ".\(text)" : text
}
