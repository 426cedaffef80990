import Foundation
import JSONCodec
package import Store
package import LogStorage

/// One log open in the inspector: its event index, its states, and the answers to the page's
/// questions as JSON. Safe to use from any number of requests at once.
package final class InspectedLog: @unchecked Sendable {
  let name: String
  let path: String
  let states: any LogStates
  private let shared: SharedIndex
  private let lock = NSLock()
  /// The last filter asked for and its matches: scrolling asks for page after page of it.
  private var lastFilter: (filter: EventFilter, indexedEvents: Int, positions: [Int32])?

  static let maxPage = 1000

  init(name: String, path: String, features: FeatureRegistry) throws {
    self.name = name
    self.path = path
    let index: LogEventIndex
    do {
      index = try LogEventIndex(path: path)
    } catch {
      throw DevtoolsError.badLog(error.description)
    }
    guard let feature = features.features.first(where: { $0.featureName == index.header.feature }) else {
      throw DevtoolsError.badLog(
        "\(name): recorded by the feature '\(index.header.feature)', which this tool does not host")
    }
    let shared = SharedIndex(index)
    self.shared = shared
    // A replay to a seq starts reading at its snapshot's line, which the index knows.
    states = Self.states(feature, path: path) { seq in shared.location(of: seq) }
  }

  private static func states<F: RefoldFeature>(
    _ feature: F.Type, path: String, locate: @escaping @Sendable (UInt64) -> (offset: Int, line: Int)?
  ) -> any LogStates {
    FeatureLogStates<F>(path: path, locate: locate)
  }

  /// The index as it is now: a copy, which a writer's later lines do not change.
  private var index: LogEventIndex { shared.current }

  /// Takes in what a writer appended since the last look (`--follow`).
  func refresh() {
    shared.extend()
  }

  package func summary(check: LogCheckOutcome?) -> JSONValue {
    let index = self.index
    let checkpoints = index.checkpoints.map { seq in
      JSONValue.object(["seq": .uint(seq), "status": .string(Self.checkpointStatus(seq, check: check))])
    }
    return .object([
      "name": .string(name),
      "feature": .string(index.header.feature),
      "schema": .int(Int64(index.header.schema)),
      "events": .int(Int64(index.entries.count)),
      "lastSeq": .uint(index.lastSeq),
      "pending": .bool(index.pendingBytes > 0),
      "cases": .array(index.cases.sorted().map(JSONValue.string)),
      "checkpoints": .array(checkpoints),
      "damage": index.damage.map(JSONValue.string) ?? .null,
    ])
  }

  /// A checkpoint before the seq a check diverged at was verified; the one at it diverged; the
  /// ones after were not reached. Without a finished check, none is said to be verified.
  private static func checkpointStatus(_ seq: UInt64, check: LogCheckOutcome?) -> String {
    guard let check else { return "unchecked" }
    switch check.status {
    case .verified, .migrated:
      return "verified"
    case .diverged:
      guard let diverged = check.seq else { return "unchecked" }
      return seq < diverged ? "verified" : seq == diverged ? "diverged" : "unchecked"
    case .unverified, .unreadable, .skipped:
      return "unchecked"
    }
  }

  /// A page of the events that pass `filter`: from position `offset` among them, or, with
  /// `after`, the first ones whose seq is above it (the live tail).
  package func events(filter: EventFilter, offset: Int, limit: Int, after: UInt64?) throws -> JSONValue {
    let index = self.index
    let positions = try lock.withLock { try matches(filter, in: index) }
    var start = min(max(0, offset), positions.count)
    // With `after`, the answer counts the events after that seq: `offset` is then the position
    // of the first of them among all that pass, which is how the page finds a seq's row.
    var total = positions.count
    if let after {
      start = Self.firstPosition(in: positions, index: index, afterSeq: after)
      total = positions.count - start
    }
    let end = min(positions.count, start + min(max(0, limit), Self.maxPage))
    var fetcher = try LineFetcher(path: path)
    var events: [JSONValue] = []
    events.reserveCapacity(end - start)
    for position in positions[start..<end] {
      let entry = index.entries[Int(position)]
      guard let event = try event(at: entry, from: &fetcher) else { continue }
      var row: JSONObject = [
        "seq": .uint(event.seq),
        "t": .double(event.t),
        "origin": .string(event.origin.rawValue),
        "case": .string(index.cases[Int(entry.caseID)]),
        "action": event.action,
      ]
      if let site = event.site { row.append("from", Self.json(site)) }
      events.append(.object(row))
    }
    return .object(["total": .int(Int64(total)), "offset": .int(Int64(start)), "events": .array(events)])
  }

  /// With the lock held.
  private func matches(_ filter: EventFilter, in index: LogEventIndex) throws -> [Int32] {
    if filter.isEmpty { return Array(0..<Int32(index.entries.count)) }
    if let last = lastFilter, last.filter == filter, last.indexedEvents == index.entries.count {
      return last.positions
    }
    let positions = try filter.matches(in: index)
    lastFilter = (filter, index.entries.count, positions)
    return positions
  }

  private static func firstPosition(in positions: [Int32], index: LogEventIndex, afterSeq seq: UInt64) -> Int {
    var low = 0
    var high = positions.count
    while low < high {
      let middle = (low + high) / 2
      if index.entries[Int(positions[middle])].seq <= seq { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The state after `seq`, and the paths that changed from the state before it.
  package func state(at seq: UInt64) throws -> JSONValue {
    let lastSeq = index.lastSeq
    guard seq <= lastSeq else {
      throw DevtoolsError.notFound("\(name) has no event \(seq): its last is \(lastSeq)")
    }
    let state = try replaying { try states.state(at: seq) }
    let changed = seq == 0 ? [] : ChangedPaths.between(try replaying { try states.state(at: seq - 1) }, state)
    var answer: JSONObject = [
      "seq": .uint(seq),
      "state": state,
      "changed": .array(changed.map(JSONValue.array)),
    ]
    if seq > 0, let site = try site(of: seq) { answer.append("from", Self.json(site)) }
    return .object(answer)
  }

  /// Where event `seq` was sent from, if its store recorded it (`"from"` in its line).
  private func site(of seq: UInt64) throws -> SendSite? {
    let index = self.index
    guard seq >= 1, seq <= UInt64(index.entries.count) else { return nil }
    var fetcher = try LineFetcher(path: path)
    return try event(at: index.entries[Int(seq - 1)], from: &fetcher)?.site
  }

  /// A site as the API answers it: `{"file":…,"line":…[,"effectOf":…]}`, as the log writes it.
  static func json(_ site: SendSite) -> JSONValue {
    var object: JSONObject = ["file": .string(site.fileID), "line": .uint(UInt64(site.line))]
    if let effectOf = site.effectOf { object.append("effectOf", .uint(effectOf)) }
    return .object(object)
  }

  func diff(from: UInt64, to: UInt64) throws -> JSONValue {
    let lastSeq = index.lastSeq
    for seq in [from, to] where seq > lastSeq {
      throw DevtoolsError.notFound("\(name) has no event \(seq): its last is \(lastSeq)")
    }
    let text = try replaying { try states.diff(from: from, to: to) }
    let changed = ChangedPaths.between(try replaying { try states.state(at: from) }, try replaying { try states.state(at: to) })
    return .object([
      "from": .uint(from), "to": .uint(to), "text": .string(text), "changed": .array(changed.map(JSONValue.array)),
    ])
  }

  /// A replay's errors as the page shows them: one line naming the log.
  func replaying<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw problem(error)
    }
  }

  func replayingAsync<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch {
      throw problem(error)
    }
  }

  private func problem(_ error: any Error) -> DevtoolsError {
    switch error {
    case let error as DevtoolsError: error
    case let error as LogReadError: .badLog(error.description)
    case let error as HostError: .badLog(error.message)
    case let error as ReplayDivergence: .badLog(HostError.diverged(error).message)
    default: .badLog("\(name): \(error)")
    }
  }

  package var lastSeq: UInt64 { index.lastSeq }

  /// The events after `from` up to `to`, read and checked from their lines.
  func events(from: UInt64, to: UInt64) throws -> [LogEvent] {
    let index = self.index
    var fetcher = try LineFetcher(path: path)
    var events: [LogEvent] = []
    for position in Int(from)..<min(Int(to), index.entries.count) {
      if let event = try event(at: index.entries[position], from: &fetcher) { events.append(event) }
    }
    return events
  }

  /// When the event was recorded, read from its line (the index does not keep times).
  private func time(of entry: LogEventIndex.Entry?) -> JSONValue? {
    guard let entry, var fetcher = try? LineFetcher(path: path), let event = try? event(at: entry, from: &fetcher)
    else { return nil }
    return .double(event.t)
  }

  /// The event on `entry`'s line, read again and checked (checksum, fields); nil if the line is
  /// not an event.
  private func event(at entry: LogEventIndex.Entry, from fetcher: inout LineFetcher) throws -> LogEvent? {
    let record = try fetcher.withLine(offset: entry.offset, length: Int(entry.length)) { line in
      try LogLineRecord.parse(line, path: name, number: Int(entry.line))
    }
    guard case .event(let event) = record else { return nil }
    return event
  }

  /// The entry of the folder's list: what the log's header and index say.
  func listing() -> [JSONObject.Member] {
    let index = self.index
    return [
      .init(key: "feature", value: .string(index.header.feature)),
      .init(key: "schema", value: .int(Int64(index.header.schema))),
      .init(key: "events", value: .int(Int64(index.entries.count))),
      .init(key: "firstTime", value: time(of: index.entries.first) ?? .null),
      .init(key: "lastTime", value: time(of: index.entries.last) ?? .null),
    ]
  }
}

/// A log's index, shared by the requests and by the replays that ask where an event's line is,
/// and extended while a writer appends to the log.
private final class SharedIndex: @unchecked Sendable {
  // NB: @unchecked: every access to `index` holds `lock`.
  private let lock = NSLock()
  private var index: LogEventIndex

  init(_ index: LogEventIndex) {
    self.index = index
  }

  var current: LogEventIndex { lock.withLock { index } }

  func location(of seq: UInt64) -> (offset: Int, line: Int)? {
    lock.withLock { index.location(of: seq) }
  }

  func extend() {
    lock.withLock { _ = try? index.extend() }
  }
}
