public import ArgumentParser
public import Foundation
public import LogStorage

/// What a program that embeds the command line hosts: its name, its features, commands of its
/// own, and the server `run` talks to when no `--base-url` is given.
///
/// ```swift
/// await Refold.main(HostConfiguration(features: [Counter.self]))
/// ```
///
/// By default the tool is named after its executable, hosts only the features it lists, and has
/// the commands `features`, `run`, `replay`, `inspect` and `diff`. The `refold` executable adds
/// the built-in features, `demo` and `bench`, and the loopback demo backend as its server.
public struct HostConfiguration: Sendable {
  /// The name in the help, the usage lines and every error line (`counter-tool: …`).
  public var commandName: String
  /// The features the tool hosts, in the order `features` lists them.
  public var features: [any RefoldFeature.Type]
  /// More subcommands, after the hosted ones (the `refold` executable's `demo` and `bench`).
  public var commands: [any ParsableCommand.Type]
  /// Started by `run` when no `--base-url` is given; its URL then reaches the features'
  /// environment as ``FeatureEnvironment/baseURL``. Without one, `baseURL` stays nil.
  public var defaultServer: (@Sendable () async throws -> any HostedServer)?
  /// The kinds of shared log store `--store` can name by URL, besides a folder (`collect`,
  /// `store`, `check --store`): `[.postgres]` from the `LogStorePostgres` product.
  public var logStores: [LogStoreKind]

  /// - Parameters:
  ///   - commandName: defaults to the executable's file name.
  ///   - features: the features the tool hosts, in the order `features` lists them.
  ///   - commands: more subcommands, after the hosted ones.
  ///   - defaultServer: started by `run` when no `--base-url` is given.
  ///   - logStores: the kinds of shared log store `--store` can name by URL, besides a folder.
  public init(
    commandName: String = HostConfiguration.executableName,
    features: [any RefoldFeature.Type] = [],
    commands: [any ParsableCommand.Type] = [],
    defaultServer: (@Sendable () async throws -> any HostedServer)? = nil,
    logStores: [LogStoreKind] = []
  ) {
    self.commandName = commandName
    self.features = features
    self.commands = commands
    self.defaultServer = defaultServer
    self.logStores = logStores
  }

  /// The running executable's file name (`counter-tool`), or `refold` when there is none.
  public static var executableName: String {
    CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }.flatMap { $0.isEmpty ? nil : $0 } ?? "refold"
  }

  /// The configuration of the command line running now (`Refold.run` binds it).
  @TaskLocal package static var current = HostConfiguration(commandName: "refold")
}

/// A server a host starts for `run` when no `--base-url` is given.
public protocol HostedServer: Sendable {
  var baseURL: URL { get }
  func stop() async
}
