import ArgumentParser
import Foundation
import LogStorage

struct CollectCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "collect",
      abstract: "Take logs uploaded over HTTP into a log store, each checked whole before it is acknowledged.",
      discussion: """
        Listens for POST /v1/logs with a log's bytes as the body and an app's key \
        (Authorization: Bearer KEY, from '\(Help.name) store key add APP'). Each log is read \
        through, every line's checksum and seq, before it is stored, and stored once however \
        often it is sent: 201 stored, 200 stored before, 401 an unknown key, 413 too large, \
        422 damaged or truncated, or with a line whose JSON would take more than 64 MiB \
        parsed ($REFOLD_MAX_PARSED_BYTES raises it), each error with a JSON message. X-Refold-App-Version and \
        X-Refold-Device label the log. Ctrl-C stops it; an upload is acknowledged only once \
        the store has it durably: on disk for a folder, committed for PostgreSQL. While the \
        database is away, uploads get 500 and a LogUploader tries them again. Anyone who \
        can reach it can open connections: a client slow to send its request's head or its \
        body is cut off, each address may hold only so many connections at once, and only \
        --max-uploads uploads are read at once, the rest waiting their turn for up to \
        --upload-wait seconds and then answered 503 to try again (the options below).

        Examples:
          \(Help.name) collect --listen 127.0.0.1:8400 --store logs-store
        """ + sharedExample + """

          \(Help.name) store key add ios-beta --store logs-store
          \(Help.name) store push session.log --server http://127.0.0.1:8400 --key rfk_…
        """
    )
  }

  /// Collecting into a shared store, in a tool that links one.
  private static var sharedExample: String {
    guard let url = Help.sharedStoreExample else { return "" }
    return "\n  \(Help.name) collect --listen 0.0.0.0:8400 --store \(url)"
  }

  @Option(name: .long, help: ArgumentHelp("The address to listen on (port 0: a free one).", valueName: "host:port"))
  var listen: String = "127.0.0.1:0"

  @Option(name: .long, help: ArgumentHelp("The log store: \(Help.storeChoices).", valueName: "store"))
  var store: String

  @Option(name: .long, help: "The largest log taken, in bytes.")
  var maxBytes: Int = 64 << 20

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most uploads read and checked at once (default: twice the cores, at least 4); more are answered 503 with Retry-After. Each takes up to twice --max-bytes and what its largest line takes parsed.",
      valueName: "count"))
  var maxUploads: Int = UploadSlots.defaultCount

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How long an upload waits for its turn when --max-uploads are in progress before it is answered 503; 0 answers at once.",
      valueName: "seconds"))
  var uploadWait: Double = Double(UploadSlots.defaultWait.components.seconds)

  @OptionGroup(title: "Slow and greedy clients") var connections: ConnectionLimitOptions

  func validate() throws {
    guard maxBytes > 0 else { throw ValidationError("--max-bytes must be positive") }
    guard maxUploads > 0 else { throw ValidationError("--max-uploads must be positive") }
    guard uploadWait >= 0, uploadWait <= 3600 else { throw ValidationError("--upload-wait must be 0 to 3600 seconds") }
    _ = try address()
  }

  private func address() throws -> (host: String, port: Int) {
    guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
      (0...65535).contains(port), colon != listen.startIndex
    else { throw ValidationError("--listen \(listen): expected HOST:PORT, like 127.0.0.1:8400") }
    return (String(listen[..<colon]), port)
  }

  func run() async throws {
    let (host, port) = try address()
    let logStore = try await LogStores.open(store)
    let server = try await CollectServer.start(
      store: logStore, host: host, port: port, maxBytes: maxBytes, limits: connections.limits, uploads: maxUploads,
      uploadWait: .milliseconds(Int64(uploadWait * 1000)))
    Terminal.out("Refold collect: http://\(host):\(server.port)/v1/logs into \(logStore.location) (at most \(maxBytes) bytes a log)")
    await server.wait()
  }
}
