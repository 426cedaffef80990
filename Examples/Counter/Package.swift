// swift-tools-version: 6.1

// A program outside the Refold package that uses only its public API. CI builds it, so an
// API that only compiles with `@testable import` cannot slip through.

import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Counter",
      dependencies: [.product(name: "Store", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
