import ArgumentParser
import Foundation
import Store

struct InspectCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "inspect",
      abstract: "Describe a log: header, events, actions by type, time span, checkpoints, integrity.",
      discussion: """
        Reads every line and checks its checksum and the order of the seqs, without folding \
        anything.

        On a damaged log it goes on past each damaged line and reports, in the integrity row \
        (and as "integrity" with --json): the damaged lines (the first 20: line, kind, reason, \
        seq) and a count of each kind (checksum, framing, json, seq, checkpoint), the events \
        intact before the first damage, the events readable in all, and what replay does: it \
        stops at the first damaged line, and `replay --until` one seq short of the last intact \
        event folds the intact part. The other rows count the lines that read well. A torn last \
        line is not damage: it is dropped with a warning.

        Exit codes: 0 an undamaged log, 2 a damaged one (after the whole report on stdout), or a \
        file that is not a log at all.

        Examples:
          \(Help.name) inspect session.log
          \(Help.name) inspect session.log --json
        """
    )
  }

  @Argument(help: "The event log.")
  var file: String

  @Flag(name: .long, help: "Print the summary as JSON.")
  var json = false

  func run() async throws {
    let summary = try LogTools.inspect(file: file)
    if json { Terminal.outJSON(try summary.json()) } else { Terminal.out(summary.text) }
    if let first = summary.integrity.firstDamage {
      let count = summary.integrity.damageCount
      throw HostError.badInput(
        "\(Terminal.quoted(file)): \(count) damaged line\(count == 1 ? "" : "s"), the first at line \(first.line) (\(first.kind.rawValue)); the integrity report is on stdout")
    }
  }
}
