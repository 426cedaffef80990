public import CasePathsCore

extension StackState {
  /// The screen with id `id`, read and written as the case `path` names, as in TCA:
  /// `$0.path[id: 0, case: \.detail]?.title = "x"`.
  ///
  /// Reading gives nil when there is no such screen or it is of another case. Writing changes a
  /// screen of that case only: setting a screen of another case, or nil, changes nothing (pop
  /// a screen with `pop(from:)`; replace one of another case through `subscript(id:)`).
  public subscript<Screen>(id id: StackElementID, case path: CaseKeyPath<Element, Screen>) -> Screen? {
    get {
      self[id: id].flatMap(AnyCasePath(path).extract(from:))
    }
    set {
      let path = AnyCasePath(path)
      guard let newValue, let current = self[id: id], path.extract(from: current) != nil else { return }
      self[id: id] = path.embed(newValue)
    }
  }
}
