/// `Result` as the features' response actions carry it: `loginResponse(Result<Session, LoginError>)`,
/// `searchResponse(Result<[Track], SearchError>)`, `usersResponse(Result<[User], FetchError>)`.
///
/// The standard library does not make `Result` Codable, so Reducers does, in exactly the shape
/// that Swift would synthesize for `enum Result { case success(Success); case failure(Failure) }`.
/// That is the shape of every other action in a log:
///
/// ```json
/// {"success":{"_0":{"token":"…","id":1,"email":"son@example.com","username":"son"}}}
/// {"failure":{"_0":{"kind":"rejected","message":"Invalid identifier or password"}}}
/// {"failure":{"_0":"network"}}
/// ```
///
/// Decoding, like the synthesized code, wants exactly one of the two keys.
///
/// NB: the conformance is retroactive. Should the standard library ever add its own, it must be
/// removed here; a log written with this shape then needs the standard library's to match it.
extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKeys.self)
    switch self {
    case let .success(value):
      var payload = container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: .success)
      try payload.encode(value, forKey: ._0)
    case let .failure(error):
      var payload = container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: .failure)
      try payload.encode(error, forKey: ._0)
    }
  }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        Self.self,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "Invalid number of keys found, expected one (\"success\" or \"failure\")."
        )
      )
    }
    let payload = try container.nestedContainer(keyedBy: ResultPayloadCodingKeys.self, forKey: key)
    switch key {
    case .success: self = .success(try payload.decode(Success.self, forKey: ._0))
    case .failure: self = .failure(try payload.decode(Failure.self, forKey: ._0))
    }
  }
}

private enum ResultCodingKeys: String, CodingKey {
  case success
  case failure
}

private enum ResultPayloadCodingKeys: String, CodingKey {
  case _0
}
