public import Foundation
public import Reducers
import RefoldHTTP

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

extension MusicSearchClient {
  /// The iTunes Search API.
  public static let defaultBaseURL = URL(string: "https://itunes.apple.com")!

  /// A client for an iTunes-Search-style server at `baseURL`.
  ///
  /// Sends `GET {base}/search?term={term}&media=music&entity=song`, with the term's spaces as
  /// `+` (see ``searchURL(baseURL:term:)``), and maps the reply:
  /// - `{"resultCount", "results": [{"trackName", "artistName", "collectionName",
  ///   "artworkUrl100", "releaseDate"}]}` gives `[Track]`;
  /// - no answer or a non-2xx status throws ``SearchError/network``;
  /// - a body that is not the expected JSON throws ``SearchError/parse``;
  /// - an empty body, or JSON without `results`, throws ``SearchError/data``.
  public static func live(
    baseURL: URL = defaultBaseURL,
    timeout: Duration = .seconds(10),
    session: URLSession? = nil
  ) -> Self {
    let session = session ?? HTTP.defaultSession
    return Self { term in
      let url = searchURL(baseURL: baseURL, term: term)
      let response: HTTP.Response
      do {
        response = try await HTTP.send(HTTP.request("GET", url, timeout: timeout), session: session)
      } catch is HTTP.TransportError {
        throw SearchError.network
      }
      return try decodeSearch(response)
    }
  }

  /// The URL the live client requests for `term`.
  ///
  /// As in the tutorial, spaces become `+`. Everything but the unreserved characters
  /// (`A–Z a–z 0–9 - . _ ~`) is percent-encoded as UTF-8, so `+`, `&` and `=` in a term stay
  /// part of it, and Korean text travels intact: `좋은 날` → `%EC%A2%8B%EC%9D%80+%EB%82%A0`.
  public static func searchURL(baseURL: URL, term: String) -> URL {
    let endpoint = baseURL.appendingEndpoint("search")
    guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
      return endpoint
    }
    let query = "term=\(formEncode(term))&media=music&entity=song"
    components.percentEncodedQuery = [components.percentEncodedQuery, query]
      .compactMap { $0 }.joined(separator: "&")
    return components.url ?? endpoint
  }

  /// `application/x-www-form-urlencoded` encoding of one value: spaces as `+`, unreserved
  /// characters as they are, every other UTF-8 byte as `%XX`.
  static func formEncode(_ value: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: " "):
        encoded.append("+")
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(hex[Int(byte >> 4)])
        encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return encoded
  }

  /// Sorts a search reply into tracks or a ``SearchError``. Internal so that tests can feed it
  /// bodies without a server.
  static func decodeSearch(_ response: HTTP.Response) throws(SearchError) -> [Track] {
    guard response.isSuccess else { throw .network }
    guard !response.body.isEmpty else { throw .data }
    let reply: SearchReply
    do {
      reply = try JSONDecoder().decode(SearchReply.self, from: response.body)
    } catch {
      throw .parse
    }
    guard let results = reply.results else { throw .data }
    return results.map(\.track)
  }
}

// MARK: - Wire shape (iTunes Search API)

struct SearchReply: Decodable {
  struct Result: Decodable {
    var trackName: String
    var artistName: String
    var collectionName: String?
    var artworkUrl100: String?
    var releaseDate: String?

    var track: Track {
      Track(
        song: trackName,
        artist: artistName,
        album: collectionName ?? "",
        imageURL: artworkUrl100.flatMap(URL.init(string:)),
        releaseDate: releaseDate ?? ""
      )
    }
  }

  var resultCount: Int?
  /// Optional so that a reply without results is told apart (``SearchError/data``) from one
  /// that does not decode (``SearchError/parse``).
  var results: [Result]?
}
