// swift-tools-version: 6.2

// The test stall of docs/test-stall.md, without Refold: swift-clocks' TestClock, four tasks
// sleeping on it, and `advance`. Run it with both cores busy:
//
//   for i in 1 2; do sh -c 'while :; do :; done' & done
//   for run in $(seq 1 24); do timeout 60 swift test || echo "run $run: stalled or failed"; done
//   kill %1 %2

import PackageDescription

let package = Package(
  name: "TestClockStall",
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1")
  ],
  targets: [
    .testTarget(
      name: "StallTests",
      dependencies: [.product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
