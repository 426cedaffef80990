/// The case name of an enum action (`textChanged` for `.textChanged("1")`), for logs, metrics
/// and `refold inspect`. Nested feature actions read as a path: `signIn.signInTapped`.
func actionName<Action>(_ action: Action) -> String {
  var parts: [String] = []
  var value: Any = action
  while parts.count < 4 {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { break }
    guard let child = mirror.children.first, let label = child.label else {
      parts.append(String(describing: value))
      break
    }
    parts.append(label)
    value = child.value
    // A payload that is itself an enum action (a child feature's) extends the path.
    if Mirror(reflecting: value).displayStyle != .enum { break }
  }
  return parts.isEmpty ? String(describing: action) : parts.joined(separator: ".")
}
