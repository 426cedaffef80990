public import Foundation

/// One song from a music search (the iTunes Search API's `trackName`, `artistName`,
/// `collectionName`, `artworkUrl100` and `releaseDate`).
public struct Track: Codable, Equatable, Hashable, Sendable {
  public var song: String
  public var artist: String
  public var album: String
  public var imageURL: URL?
  /// The release date as the API sends it, ISO 8601 (`2022-08-01T12:00:00Z`). Kept as text so
  /// that the log holds exactly what the server said; features derive display dates from it.
  public var releaseDate: String

  public init(song: String, artist: String, album: String, imageURL: URL?, releaseDate: String) {
    self.song = song
    self.artist = artist
    self.album = album
    self.imageURL = imageURL
    self.releaseDate = releaseDate
  }
}
