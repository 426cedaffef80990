import Foundation
import Hummingbird

/// The wire shapes of the services the backend imitates, and the helpers that write them.

private let encoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return encoder
}()

func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
  // Encoding fixture types cannot fail; an empty object is the honest fallback if it ever does.
  let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
  return Response(
    status: status,
    headers: [.contentType: "application/json; charset=utf-8"],
    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
  )
}

/// Strapi v4's error body: `{"data": null, "error": {"status", "name", "message", "details"}}`.
func strapiError(status: Int, name: String, message: String) -> Response {
  json(HTTPResponse.Status(code: status), StrapiErrorReply(error: .init(status: status, name: name, message: message)))
}

/// Parses `a=1&b=x+y%20z` as a form: `+` is a space, `%XX` a UTF-8 byte. Hummingbird's own query
/// parser leaves `+` alone, and the search term's spaces arrive as `+`.
func formDecodedQuery(_ query: String?) -> [String: String] {
  var result: [String: String] = [:]
  for pair in (query ?? "").split(separator: "&") {
    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    func decode(_ text: Substring) -> String {
      let spaced = text.replacingOccurrences(of: "+", with: " ")
      return spaced.removingPercentEncoding ?? spaced
    }
    let key = decode(parts[0])
    if result[key] == nil { result[key] = parts.count > 1 ? decode(parts[1]) : "" }
  }
  return result
}

struct LoginBody: Decodable {
  var identifier: String?
  var password: String?
}

struct LoginReplyBody: Encodable {
  struct User: Encodable {
    var id: Int
    var username: String
    var email: String
    var provider = "local"
    var confirmed = true
    var blocked = false
    var createdAt = "2024-01-01T00:00:00.000Z"
    var updatedAt = "2024-01-01T00:00:00.000Z"
  }

  var jwt: String
  var user: User

  init(account: DemoFixtures.Account) {
    jwt = account.jwt
    user = User(id: account.id, username: account.username, email: account.email)
  }
}

struct StrapiErrorReply: Encodable {
  struct Failure: Encodable {
    var status: Int
    var name: String
    var message: String
    var details: [String: String] = [:]
  }

  // Strapi sends `"data": null`; an Optional that is nil would be left out, so encode it by hand.
  var error: Failure

  enum CodingKeys: String, CodingKey { case data, error }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeNil(forKey: .data)
    try container.encode(error, forKey: .error)
  }
}

struct SearchReplyBody: Encodable {
  struct Result: Encodable {
    var wrapperType = "track"
    var kind = "song"
    var trackId: Int
    var artistName: String
    var collectionName: String
    var trackName: String
    var artworkUrl100: String
    var releaseDate: String
    var country = "KOR"
    var currency = "KRW"
    var primaryGenreName = "K-Pop"

    init(_ song: DemoFixtures.Song) {
      trackId = song.trackID
      artistName = song.artist
      collectionName = song.album
      trackName = song.song
      artworkUrl100 = song.artworkURL
      releaseDate = song.releaseDate
    }
  }

  var resultCount: Int
  var results: [Result]
}
