import ArgumentParser
import Foundation
import LogStorage
import LogUpload

struct StoreCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "store",
      abstract: "Manage a log store: its apps' keys, what it holds, and uploads from a shell.",
      subcommands: [KeyCommand.self, ListCommand.self, PushCommand.self]
    )
  }

  struct KeyCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(commandName: "key", abstract: "Make API keys for apps.", subcommands: [AddCommand.self])
    }

    struct AddCommand: AsyncParsableCommand {
      static var configuration: CommandConfiguration {
        CommandConfiguration(
          commandName: "add",
          abstract: "Print a new API key for an app; the store keeps only its hash.",
          discussion: """
            The key is printed once, on stdout: give it to the app's LogUploader or to \
            '\(Help.name) store push --key'. An app may have any number of keys.

            Example:
              \(Help.name) store key add ios-beta --store logs-store
            """)
      }

      @Argument(help: "The app's name: letters, digits, '.', '_' or '-'.")
      var app: String

      @Option(name: .long, help: ArgumentHelp("The log store: \(Help.storeChoices).", valueName: "store"))
      var store: String

      func run() async throws {
        let key = try await LogStores.open(store).addKey(app: app)
        Terminal.out(key)
      }
    }
  }

  struct ListCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "list",
        abstract: "List the stored logs, oldest upload first.",
        discussion: """
          Examples:
            \(Help.name) store list --store logs-store
            \(Help.name) store list --store logs-store --where feature=signIn --since 2026-11-01 --json
          """)
    }

    @Option(name: .long, help: ArgumentHelp("The log store: \(Help.storeChoices).", valueName: "store"))
    var store: String

    @OptionGroup var selection: StoredLogSelection

    @Flag(name: .long, help: "One JSON array on stdout instead of a line per log.")
    var json = false

    func run() async throws {
      let logs = try await LogStores.open(store).list(try selection.filter())
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        Terminal.outJSON(String(decoding: try encoder.encode(logs), as: UTF8.self))
      } else {
        // One line per log, whatever its feature name or tags hold.
        for log in logs { Terminal.out(Terminal.quoted(log.line)) }
        Terminal.err("\(logs.count) log\(logs.count == 1 ? "" : "s")")
      }
    }
  }

  struct PushCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "push",
        abstract: "Upload logs to a '\(Help.name) collect' server, as an app's LogUploader does.",
        discussion: """
          Each file is sent whole; a failure that may pass (no answer, a 5xx) is tried again \
          with a growing delay, a refusal (a wrong key, a damaged log) is not. One line per \
          file; the exit status is 2 if any was refused, 70 if any could not be sent. An \
          https:// server's certificate is verified against the system's authorities, or, \
          on Linux, instead those of the PEM file $SSL_CERT_FILE names.

          Example:
            \(Help.name) store push crash-*.log --server http://127.0.0.1:8400 --key rfk_…
          """)
    }

    @Argument(help: "The logs to upload.")
    var files: [String]

    @Option(name: .long, help: ArgumentHelp("The collect server: http://host:port or https://host:port.", valueName: "url"))
    var server: String

    @Option(name: .long, help: ArgumentHelp("The app's API key (default: $REFOLD_UPLOAD_KEY).", valueName: "key"))
    var key: String?

    @Option(name: .long, help: "The app version to label the logs with.")
    var appVersion: String?

    @Option(name: .long, help: "The device or tester tag to label the logs with.")
    var device: String?

    @Option(name: .long, help: "Tries per file, the first included.")
    var attempts: Int = 6

    func run() async throws {
      guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
        throw HostError.usage("--server \(server): expected http://host:port")
      }
      guard let key = key ?? ProcessInfo.processInfo.environment["REFOLD_UPLOAD_KEY"], !key.isEmpty else {
        throw HostError.usage("an API key is needed: --key KEY or $REFOLD_UPLOAD_KEY ('\(Help.name) store key add APP' prints one)")
      }
      let uploader = LogUploader(
        server: url, key: key,
        options: .init(appVersion: appVersion, device: device, attempts: attempts, firstDelay: .milliseconds(500), maxDelay: .seconds(10)))
      var worst: HostError.Kind?
      for file in files {
        do {
          let receipt = try await uploader.upload(URL(fileURLWithPath: file))
          // One line: the id and the feature are the server's.
          Terminal.out(
            Terminal.quoted(
              "\(file): \(receipt.isNew ? "stored" : "already stored") as \(receipt.id.prefix(12)) (\(receipt.feature), \(receipt.events) events)"))
        } catch let error as LogUploadError {
          Terminal.err(error.description)
          let kind: HostError.Kind = error.kind == .unreachable ? .failure : .badInput
          if worst == nil || kind == .failure { worst = kind }
        }
      }
      if let worst { throw ExitCode(worst.rawValue) }
    }
  }
}
