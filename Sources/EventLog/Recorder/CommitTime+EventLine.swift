import StoreCore

extension CommitTime {
  /// As the event line writes it: seconds since 1970.
  var eventLineValue: Double {
    let (seconds, nanoseconds) = nanosecondsSince1970.quotientAndRemainder(dividingBy: 1_000_000_000)
    return LogLineWriter.time(seconds: Int(seconds), nanoseconds: Int(nanoseconds))
  }
}
