// The `refold` command: the embeddable command line (Host) with the seed app's features, the
// demo (its tour and loopback backend), the benchmarks and the PostgreSQL log store.
import Bench
import BuiltinFeatures
import Demo
import Host
import LogStorage

#if canImport(LogStorePostgres)
  import LogStorePostgres

  // NB: Not there in a build made with REFOLD_WITHOUT_POSTGRES=1 (Package.swift).
  let logStores: [LogStoreKind] = [.postgres]
#else
  let logStores: [LogStoreKind] = []
#endif

await Refold.main(
  HostConfiguration(
    commandName: "refold",
    features: Refold.builtinFeatures,
    commands: [DemoCommand.self, BenchCommand.self],
    defaultServer: { try await DemoBackend.start() },
    logStores: logStores
  )
)
