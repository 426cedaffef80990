import ArgumentParser
import Foundation

struct DevtoolsCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "devtools",
      abstract: "Inspect logs in the browser: timeline, state tree, diffs, time travel, live tail.",
      discussion: """
        Serves a web inspector for one log, or for every *.log under a folder, on 127.0.0.1 \
        only, and prints the one URL that opens it (with a random token: any request without \
        it gets 403). It only reads the logs. Ctrl-C stops it.

        The page reads a JSON API that scripts may use too, with ?token=… or an \
        X-Refold-Token header (the page's own way; it sets no cookie, which a browser would \
        send to every other port of 127.0.0.1):
          /api/logs                        each log: feature, events, span, check
          /api/log/NAME/summary            cases, checkpoints, a pending tail
          /api/log/NAME/events?offset=&limit=&case=&origin=&text=&after=
          /api/log/NAME/state?seq=N        the state after seq N, what changed
          /api/log/NAME/diff?from=A&to=B   a readable diff of two states
          /api/log/NAME/export?format=log|actions|test|redux&from=A&to=B
                                           the events after A up to B, as a download

        Examples:
          \(Help.name) devtools session.log
          \(Help.name) devtools crash-reports/
          \(Help.name) devtools --follow live.log   # events as they are recorded
        """
    )
  }

  @Argument(help: "An event log, or a folder of logs (*.log, searched recursively).")
  var path: String

  @Option(name: .long, help: "The port to listen on (default: a free one).")
  var port: Int = 0

  @Flag(name: .long, help: "Read the logs again for events a writer appended (a log being recorded).")
  var follow = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
  }

  func run() async throws {
    let library = try DevtoolsLibrary(path: path, follow: follow, features: FeatureRegistry.current)
    let server = try await DevtoolsServer.start(library: library, port: port)
    library.startChecks()
    Terminal.out("Refold devtools: \(server.url.absoluteString)")
    await server.wait()
  }
}
