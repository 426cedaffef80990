// The `refold` command: the embeddable command line (Host) with the seed app's features, the
// demo (its tour and loopback backend) and the benchmarks.
import Bench
import Demo
import Host

await Refold.main(
  HostConfiguration(
    commandName: "refold",
    includeBuiltinFeatures: true,
    commands: [DemoCommand.self, BenchCommand.self],
    defaultServer: { try await DemoBackend.start() }
  )
)
