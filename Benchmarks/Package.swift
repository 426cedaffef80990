// swift-tools-version: 6.1

import PackageDescription

// Refold's benchmark workloads (W1 to W6), run with package-benchmark:
//   cd Benchmarks && swift package benchmark
// The workloads themselves live in the BenchWorkloads module (Benchmarks/Workloads), which
// `refold bench` runs in-process too; Refold's `_BenchWorkloads` product, underscored because it
// is not API, exists for this package alone.
let package = Package(
  name: "RefoldBenchmarks",
  platforms: [
    .macOS("15.4")
  ],
  dependencies: [
    .package(name: "Refold", path: ".."),
    // NB: MallocInterposer gives the malloc counts that the thresholds gate on.
    .package(url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "RefoldBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Effects", package: "Refold"),
        .product(name: "_BenchWorkloads", package: "Refold"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "Reducers", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      path: "Benchmarks/RefoldBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "package-benchmark")
      ]
    )
  ]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
  ]
}
