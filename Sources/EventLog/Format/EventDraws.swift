import Foundation
import JSONCodec
import StoreCore

/// The `"draws"` member of an event line: what the reducer drew from `uuid`, `date` and
/// `withRandomNumberGenerator`, and read through `recordedRead`, while it folded the event's
/// action, in order.
///
/// `"draws":[{"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},{"date":785000000.5},{"random":42},{"read":{"authorizationStatus":"denied"}}]`
///
/// A date is written as seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`), the
/// `Double` a `Date` holds, in its shortest exact text, so that replay hands back the very
/// same value. The member comes before `"action"` and only when there are draws: an event
/// without any is the line it always was.
enum EventDraws {
  /// Appends `"draws":[…],` (nothing for no draws).
  static func append(_ draws: [Draw], to buffer: inout [UInt8]) {
    guard !draws.isEmpty else { return }
    JSONBytes.append(#""draws":["#, to: &buffer)
    for (index, draw) in draws.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      switch draw {
      case .uuid(let uuid):
        JSONBytes.append(#"{"uuid":""#, to: &buffer)
        buffer.append(contentsOf: uuid.uuidString.utf8)
        JSONBytes.append(#""}"#, to: &buffer)
      case .date(let date):
        JSONBytes.append(#"{"date":"#, to: &buffer)
        buffer.append(contentsOf: (JSONNumber.text(for: date.timeIntervalSinceReferenceDate) ?? "0").utf8)
        buffer.append(UInt8(ascii: "}"))
      case .random(let value):
        JSONBytes.append(#"{"random":"#, to: &buffer)
        JSONBytes.appendDecimal(value, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
      case .read(let name, let value):
        JSONBytes.append(#"{"read":"#, to: &buffer)
        // Compact JSON (`description`), `null` for a value the writer refuses; one made by
        // encoding (`recordedRead`) or parsing holds none.
        let read = JSONValue.object(JSONObject([JSONObject.Member(key: name, value: value)]))
        buffer.append(contentsOf: read.description.utf8)
        buffer.append(UInt8(ascii: "}"))
      }
    }
    JSONBytes.append("],", to: &buffer)
  }

  /// The draws of an event's `"draws"` member.
  static func parse(_ value: JSONValue) throws(LogLineParser.Problem) -> [Draw] {
    guard let array = value.arrayValue else { throw .malformed(#"the event's "draws" is not an array"#) }
    var draws: [Draw] = []
    draws.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      guard let object = element.objectValue, object.count == 1 else {
        throw .malformed(#"draw \#(index + 1) of the event's "draws" is not an object with one member"#)
      }
      let member = object[0]
      switch member.key {
      case "uuid":
        guard let text = member.value.stringValue, let uuid = UUID(uuidString: text) else {
          throw .malformed(#"draw \#(index + 1) of the event's "draws": "uuid" is not a UUID"#)
        }
        draws.append(.uuid(uuid))
      case "date":
        guard let seconds = member.value.doubleValue, seconds.isFinite else {
          throw .malformed(#"draw \#(index + 1) of the event's "draws": "date" is not a number of seconds"#)
        }
        draws.append(.date(Date(timeIntervalSinceReferenceDate: seconds)))
      case "random":
        guard let number = member.value.uint64Value else {
          throw .malformed(#"draw \#(index + 1) of the event's "draws": "random" is not an unsigned 64-bit integer"#)
        }
        draws.append(.random(number))
      case "read":
        guard let read = member.value.objectValue, read.count == 1 else {
          throw .malformed(#"draw \#(index + 1) of the event's "draws": "read" is not an object with one member, the name read and its value"#)
        }
        draws.append(.read(read[0].key, read[0].value))
      default:
        throw .malformed(
          #"draw \#(index + 1) of the event's "draws" is a "\#(member.key)"; a draw is a "uuid", a "date", a "random" or a "read""#)
      }
    }
    return draws
  }
}
