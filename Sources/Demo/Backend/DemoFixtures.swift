import Foundation

/// The data the loopback ``DemoBackend`` serves. Fixed, so that a demo run, a recorded log and a
/// test all see the same answers.
///
/// Accounts (log in with the email or the username):
///
/// | identifier | username | password | id |
/// |---|---|---|---|
/// | `son@example.com` | `son` | `password123` | 1 |
/// | `minji@example.com` | `minji` | `newjeans2022` | 2 |
///
/// Anything else gets Strapi's `400 ValidationError` "Invalid identifier or password".
///
/// Tracks: NewJeans, IU, 볼빨간사춘기, 잔나비 and a few others, with Korean and English titles.
/// A search matches when every word of the term occurs, ignoring case, in the song, artist or
/// album: `new jeans`, `hype boy`, `좋은 날`, `밤편지` and `잔나비` all find something.
///
/// Users: five JSONPlaceholder-style users, with the extra fields (address, phone, website,
/// company) that the real service sends and clients must ignore.
///
/// Test behaviours are triggered by a search term or a login identifier, or from code with
/// ``DemoBackend/setBehavior(_:for:)``:
///
/// | term / identifier | answer |
/// |---|---|
/// | `__500` (any `__NNN`) | that HTTP status with a JSON error body |
/// | `__malformed` | 200 with a body that is not JSON |
/// | `__empty` | 200 with an empty body |
/// | `__noresults` | 200 `{"resultCount":0}` without `results` (search) |
/// | `__slow` | waits 30 s before answering, and gives up as soon as the client disconnects |
public enum DemoFixtures {
  public struct Account: Sendable, Hashable {
    public var id: Int
    public var username: String
    public var email: String
    public var password: String
    /// The `jwt` the backend returns for this account. Fixed, so that replays are stable.
    public var jwt: String
  }

  public static let accounts: [Account] = [
    Account(
      id: 1, username: "son", email: "son@example.com", password: "password123",
      jwt: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MX0.demo-token-son"
    ),
    Account(
      id: 2, username: "minji", email: "minji@example.com", password: "newjeans2022",
      jwt: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6Mn0.demo-token-minji"
    ),
  ]

  public struct Song: Sendable, Hashable {
    public var trackID: Int
    public var song: String
    public var artist: String
    public var album: String
    /// ISO 8601, as the iTunes Search API sends it.
    public var releaseDate: String

    public var artworkURL: String {
      "https://is1-ssl.mzstatic.example/image/thumb/refold/\(trackID)/100x100bb.jpg"
    }
  }

  public static let songs: [Song] = [
    Song(trackID: 1_635_478_001, song: "Attention", artist: "NewJeans", album: "New Jeans - EP", releaseDate: "2022-08-01T12:00:00Z"),
    Song(trackID: 1_635_478_002, song: "Hype Boy", artist: "NewJeans", album: "New Jeans - EP", releaseDate: "2022-08-01T12:00:00Z"),
    Song(trackID: 1_635_478_003, song: "Cookie", artist: "NewJeans", album: "New Jeans - EP", releaseDate: "2022-08-01T12:00:00Z"),
    Song(trackID: 1_657_916_001, song: "Ditto", artist: "NewJeans", album: "OMG - Single", releaseDate: "2022-12-19T12:00:00Z"),
    Song(trackID: 1_657_916_002, song: "OMG", artist: "NewJeans", album: "OMG - Single", releaseDate: "2023-01-02T12:00:00Z"),
    Song(trackID: 1_693_102_001, song: "Super Shy", artist: "NewJeans", album: "Get Up - EP", releaseDate: "2023-07-07T12:00:00Z"),
    Song(trackID: 1_401_332_001, song: "좋은 날", artist: "IU", album: "Real", releaseDate: "2010-12-09T12:00:00Z"),
    Song(trackID: 1_401_332_002, song: "밤편지", artist: "IU", album: "Palette", releaseDate: "2017-03-24T12:00:00Z"),
    Song(trackID: 1_401_332_003, song: "Blueming", artist: "IU", album: "Love poem", releaseDate: "2019-11-18T12:00:00Z"),
    Song(trackID: 1_142_051_001, song: "우주를 줄게", artist: "볼빨간사춘기", album: "Red Planet", releaseDate: "2016-08-29T12:00:00Z"),
    Song(trackID: 1_455_778_001, song: "주저하는 연인들을 위해", artist: "잔나비", album: "전설", releaseDate: "2019-03-13T12:00:00Z"),
    Song(trackID: 1_528_003_001, song: "Dynamite", artist: "BTS", album: "Dynamite (DayTime Version) - EP", releaseDate: "2020-08-21T12:00:00Z"),
    Song(trackID: 1_600_100_001, song: "Next Level", artist: "aespa", album: "Next Level - Single", releaseDate: "2021-05-17T12:00:00Z"),
  ]

  public static let users: [DemoUser] = [
    DemoUser(
      id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz",
      address: .init(street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998-3874"),
      phone: "1-770-736-8031 x56442", website: "hildegard.org",
      company: .init(name: "Romaguera-Crona", catchPhrase: "Multi-layered client-server neural-net", bs: "harness real-time e-markets")
    ),
    DemoUser(
      id: 2, name: "Ervin Howell", username: "Antonette", email: "Shanna@melissa.tv",
      address: .init(street: "Victor Plains", suite: "Suite 879", city: "Wisokyburgh", zipcode: "90566-7771"),
      phone: "010-692-6593 x09125", website: "anastasia.net",
      company: .init(name: "Deckow-Crist", catchPhrase: "Proactive didactic contingency", bs: "synergize scalable supply-chains")
    ),
    DemoUser(
      id: 3, name: "손흥민", username: "sonny", email: "son@example.com",
      address: .init(street: "세종대로 110", suite: "7층", city: "서울", zipcode: "04524"),
      phone: "010-1234-5678", website: "son.example.com",
      company: .init(name: "토트넘", catchPhrase: "찰칵", bs: "골")
    ),
    DemoUser(
      id: 4, name: "김민지", username: "minji", email: "minji@example.com",
      address: .init(street: "한강대로 42", suite: "3층", city: "서울", zipcode: "04386"),
      phone: "010-2022-0801", website: "newjeans.example.com",
      company: .init(name: "ADOR", catchPhrase: "Hype Boy", bs: "뉴진스")
    ),
    DemoUser(
      id: 5, name: "이지은", username: "dlwlrma", email: "iu@example.com",
      address: .init(street: "테헤란로 521", suite: "5층", city: "서울", zipcode: "06164"),
      phone: "010-1993-0516", website: "iu.example.com",
      company: .init(name: "EDAM", catchPhrase: "좋은 날", bs: "3단 고음")
    ),
  ]

  /// The songs whose song, artist or album contain every word of `term`, ignoring case, in
  /// fixture order. An empty term finds nothing, as on the iTunes Search API.
  public static func search(_ term: String) -> [Song] {
    let words = term.lowercased().split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty else { return [] }
    return songs.filter { song in
      let haystack = "\(song.song) \(song.artist) \(song.album)".lowercased()
      return words.allSatisfy { haystack.contains($0) }
    }
  }

  /// The account that `identifier` (email, any case, or username) and `password` log in to.
  public static func account(identifier: String, password: String) -> Account? {
    accounts.first {
      ($0.email.caseInsensitiveCompare(identifier) == .orderedSame || $0.username == identifier)
        && $0.password == password
    }
  }
}

/// A user as JSONPlaceholder's `/users` sends it, extra fields included.
public struct DemoUser: Codable, Sendable, Hashable {
  public struct Address: Codable, Sendable, Hashable {
    public var street: String
    public var suite: String
    public var city: String
    public var zipcode: String
  }

  public struct Company: Codable, Sendable, Hashable {
    public var name: String
    public var catchPhrase: String
    public var bs: String
  }

  public var id: Int
  public var name: String
  public var username: String
  public var email: String
  public var address: Address
  public var phone: String
  public var website: String
  public var company: Company
}
