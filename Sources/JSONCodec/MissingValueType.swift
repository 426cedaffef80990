/// The type a decoder asked for under a key the JSON does not have: the underlying error of the
/// `DecodingError.keyNotFound` that `LogJSONDecoder` throws, so that a message can say what
/// belongs there (`expected a string`), which `keyNotFound` alone cannot.
package struct MissingValueType: Error {
  package let type: Any.Type

  package init(_ type: Any.Type) {
    self.type = type
  }
}
