#if !REFOLD_LIBFUZZER
  import Foundation
  import Reducers

  /// Writes the seed corpus (`RefoldFuzz --write-corpus DIR [LOG…]`): logs recorded by the real
  /// `Recorder` through a real `Store`, with small intervals so that checkpoints and snapshots
  /// show up in a few lines; damaged copies of them and of any logs given (e.g. ones
  /// `refold run` recorded with effects); and JSON texts where json-c and the Swift parser part
  /// ways. `scripts/fuzz-corpus.sh` runs it.
  @MainActor
  enum CorpusWriter {
    static func write(to folder: URL, extraLogs: [URL]) async throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var logs: [(String, [UInt8])] = []
      func record<R: Reducer>(
        _ name: String, _ reducer: R, _ state: R.State, _ actions: [R.Action], every interval: Int, snapshot: Int
      ) async throws where R.State: Codable & Equatable & Sendable, R.Action: Codable & Sendable {
        let url = folder.appendingPathComponent("log-\(name).log")
        try? FileManager.default.removeItem(at: url)
        let options = RecorderOptions(fsync: .never, checkpointInterval: interval, snapshotInterval: snapshot)
        let recorder = try Recorder<R.State, R.Action>(file: url, feature: featureName(R.self), initialState: state, options: options)
        let store = Store(initialState: state, reducer: reducer, plugins: [recorder])
        for action in actions { store.send(action) }
        try await recorder.close()
        logs.append((name, Array(try Data(contentsOf: url))))
      }

      try await record(
        "amountInput", AmountInput(), AmountInput.State(),
        [.textChanged("1234"), .textChanged("abc"), .textChanged(nil), .textChanged("5000000"), .textChanged("1,000")],
        every: 2, snapshot: 2)
      try await record(
        "following", Following(), Following.State(), [.followTapped(id: 1), .followTapped(id: 2), .followTapped(id: 1)],
        every: 1, snapshot: 2)
      try await record("greeting", Greeting(), Greeting.State(), [.showGreetingTapped, .showGreetingTapped], every: 1, snapshot: 1)
      try await record(
        "playerCard", PlayerCard(), PlayerCard.State(),
        [.tick(Date(timeIntervalSince1970: 1_783_468_800)), .tick(Date(timeIntervalSinceReferenceDate: -0.5))],
        every: 3, snapshot: 6)
      try await record(
        "app", AppFeature(), AppFeature.State(),
        [
          .amountInput(.textChanged("12a")), .greeting(.showGreetingTapped), .following(.followTapped(id: 3)),
          .playerCard(.tick(Date(timeIntervalSince1970: 1_700_000_000.25))), .amountInput(.textChanged("한글 \"q\" \\ /")),
        ],
        every: 2, snapshot: 4)
      try await appended(folder)
      for url in extraLogs {
        logs.append((url.deletingPathExtension().lastPathComponent, Array(try Data(contentsOf: url))))
      }

      // Damaged copies of a few small logs only: the fuzzer makes more, and big seeds slow it.
      for (name, bytes) in logs where bytes.count < 2048 {
        for (damage, damaged) in Damage.variants(of: bytes) {
          try Data(damaged).write(to: folder.appendingPathComponent("damaged-\(name)-\(damage).log"))
        }
      }
      for (index, text) in jsonTexts.enumerated() {
        try Data(text.utf8).write(to: folder.appendingPathComponent("json-\(index).json"))
      }
    }

    /// A log continued by a second recorder (`existingFile: .append`).
    private static func appended(_ folder: URL) async throws {
      let url = folder.appendingPathComponent("log-amountInput-continued.log")
      try? FileManager.default.removeItem(at: url)
      var state = AmountInput.State()
      for (batch, policy) in [(["1", "22"], ExistingFilePolicy.fail), (["333", ""], .append)] {
        let options = RecorderOptions(fsync: .never, checkpointInterval: 3, snapshotInterval: 3, existingFile: policy)
        let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
          file: url, feature: "amountInput", initialState: state, options: options)
        let store = Store(initialState: state, reducer: AmountInput(), plugins: [recorder])
        for text in batch { store.send(.textChanged(text)) }
        state = store.state
        try await recorder.close()
      }
    }

    private static func featureName<R>(_ type: R.Type) -> String {
      switch type {
      case is AppFeature.Type: "app"
      default:
        String(describing: type).prefix(1).lowercased() + String(describing: type).dropFirst()
      }
    }

    /// Texts that the parsers must agree on, from the codec's own tests.
    static let jsonTexts: [String] = [
      #"{"text":"숫자만 입력해주세요","emoji":"😀","esc":"a\"b\\c\n\t\u001f\u00e9\/"}"#,
      #"[1,-1,9223372036854775807,9223372036854775808,18446744073709551615,-9223372036854775808,0.5,-1.5e-3,1e400,5e-324,1.7976931348623157e308,-0]"#,
      #"[00,-00,2.,-.5,0.e1,NaN,Infinity,18446744073709551616,-9223372036854775809,99999999999999999999]"#,
      #"{"a":1,"a":2,"a\u0000b":3,"":null}"#,
      #"["\ud83d\ude00","\ud83d","\udc00x","a\u0000b"]"#,
      "\u{FEFF}[1,{\"x\":[true,false,null],}]",
      " \t\r\n{\"nested\":[[[[[[[[[[[[[[[[{}]]]]]]]]]]]]]]]]}\n",
      #"{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}"#,
      #"{"playerCard":{"_0":{"tick":{"_0":-978307200.5}}}}"#,
      #"{"following":{"_0":{"followTapped":{"id":9223372036854775807}}}}"#,
      #"{"tick":{"_0":1e308}}"#,
      #"{"loginResponse":{"_0":{"failure":{"_0":{"message":"x"}}}}}"#,
      "123", "\"s\"", "true", "null", "[]", "{}",
    ]
  }

  /// Damaged copies of a good log: the cases section 10 of docs/event-log-format.md names.
  enum Damage {
    static func variants(of log: [UInt8]) -> [(String, [UInt8])] {
      let lines = log.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
      guard lines.count >= 3 else { return [] }
      func joined(_ lines: [[UInt8]]) -> [UInt8] { lines.flatMap { $0 + [0x0A] } }
      func resealed(_ line: [UInt8], _ edit: (String) -> String) -> [UInt8] {
        let payload = String(decoding: line.dropLast(LogLine.suffixLength), as: UTF8.self)
        var bytes = Array(edit(payload).utf8)
        LogLine.seal(&bytes, payloadStart: 0)
        return bytes.dropLast()
      }
      let middle = lines.count / 2
      var out: [(String, [UInt8])] = []
      out.append(("torn", joined(lines) + lines[middle].prefix(lines[middle].count / 2)))
      out.append(("nul-tail", joined(lines) + [UInt8](repeating: 0, count: 37)))
      var flipped = lines
      flipped[middle][flipped[middle].count / 3] ^= 0x01
      out.append(("bit-flip", joined(flipped)))
      var upper = lines
      upper[middle] = Array(String(decoding: upper[middle], as: UTF8.self).uppercased().utf8)
      out.append(("uppercase", joined(upper)))
      var gap = lines
      gap.remove(at: middle)
      out.append(("line-missing", joined(gap)))
      var repeated = lines
      repeated.insert(lines[middle], at: middle)
      out.append(("line-repeated", joined(repeated)))
      out.append(("crlf", lines.flatMap { $0 + [0x0D, 0x0A] }))
      var edited = lines
      edited[0] = resealed(lines[0]) { $0.replacingOccurrences(of: #""version":1"#, with: #""version":2"#) }
      out.append(("version-2", joined(edited)))
      edited = lines
      edited[middle] = resealed(lines[middle]) {
        $0.replacingOccurrences(of: #""action":{""#, with: #""action":{"x"#)
          .replacingOccurrences(of: #""digest":""#, with: #""digest":"0"#).replacingOccurrences(of: #"0","#, with: #"","#)
      }
      out.append(("edited-sealed", joined(edited)))
      edited = lines
      edited.append(lines[0])
      out.append(("second-header", joined(edited)))
      return out
    }
  }
#endif
