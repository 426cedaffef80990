// swift-tools-version: 6.2
// What `@ObservableState` costs, next to the same state unmarked: a package of its own because
// the macro needs swift-syntax, which a release build takes minutes over; the Benchmarks
// package (CI's gate) does not build it. Run `Scripts/run.sh`.
import PackageDescription

let package = Package(
  name: "ObservableStateBench",
  platforms: [.macOS("15.4")],
  dependencies: [.package(name: "Refold", path: "../..")],
  targets: [
    .executableTarget(
      name: "ObservableStateBench",
      dependencies: [
        .product(name: "StateObservation", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
