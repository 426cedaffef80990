public import Foundation
public import Store

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
public struct Standup: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var title: String
  /// Minutes.
  public var duration: Int
  public var attendees: IdentifiedArrayOf<Attendee>
  public var meetings: IdentifiedArrayOf<Meeting>

  public init(
    id: UUID, title: String = "", duration: Int = 5,
    attendees: IdentifiedArrayOf<Attendee> = [], meetings: IdentifiedArrayOf<Meeting> = []
  ) {
    self.id = id
    self.title = title
    self.duration = duration
    self.attendees = attendees
    self.meetings = meetings
  }

  /// Seconds each attendee speaks for.
  public var durationPerAttendee: Int {
    duration * 60 / max(attendees.count, 1)
  }
}

public struct Attendee: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var name: String
  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

public struct Meeting: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var date: Date
  /// What speech recognition heard (``SpeechClient``); empty where there was none.
  public var transcript: String

  public init(id: UUID, date: Date, transcript: String = "") {
    self.id = id
    self.date = date
    self.transcript = transcript
  }

  private enum CodingKeys: String, CodingKey { case id, date, transcript }

  /// A file written before meetings had transcripts still reads: its meetings get an empty one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    date = try container.decode(Date.self, forKey: .date)
    transcript = try container.decodeIfPresent(String.self, forKey: .transcript) ?? ""
  }
}

extension SharedKey where Value == IdentifiedArrayOf<Standup> {
  /// Every standup, kept in `standups.json` in ``StandupsFile/folder`` (the app's documents
  /// folder). Under a test runner it stays in memory: the file is neither read nor written,
  /// unless the test installs a registry of its own (`SharedValues().withValues`).
  public static var standups: Self {
    .fileStorage(StandupsFile.folder.appendingPathComponent("standups.json"))
  }
}

/// Where the standups' file is.
public enum StandupsFile {
  /// The app's documents folder. A test that checks what reaches the file points it at a
  /// folder of its own (`StandupsFile.$folder.withValue(…)`): a state made inside reads and
  /// writes the file there.
  @TaskLocal public static var folder: URL =
    FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
    ?? FileManager.default.temporaryDirectory
}
