import JSONCodec

extension Shared {
  /// The element `id` of a shared identified array, shared in its own right: a screen holds
  /// the one standup it shows, and a write to either the element or the array reaches the
  /// other (and every other field of the array's key) once the reducer returns. `nil` when
  /// the array holds no such element.
  ///
  /// ```swift
  /// case let .standupTapped(id):
  ///   guard let standup = state.$standups[id: id] else { return .none }
  ///   state.path.append(.detail(StandupDetail.State(standup: standup)))
  ///
  /// // StandupDetail.State
  /// @Shared var standup: Standup
  /// ```
  ///
  /// It is encoded with its place, `{"shared":"file:~documents/standups.json[id:\"…\"]","value":…}`,
  /// so a replay and a test find it in the array again. The element is found by the `"id"`
  /// member of its JSON, as a synthesized `Codable` writes it. When the element leaves the
  /// array, the field keeps the value it last had.
  public subscript<Element: Identifiable & Codable & Equatable & Sendable>(id id: Element.ID) -> Shared<Element>?
  where Value == IdentifiedArray<Element.ID, Element>, Element.ID: Encodable {
    guard let element = wrappedValue[id: id], let idJSON = try? JSONValue(encoding: id) else { return nil }
    return Shared<Element>(key: .element(of: key.id, id: idJSON), value: element)
  }
}
