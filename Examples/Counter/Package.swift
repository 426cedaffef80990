// swift-tools-version: 6.2

// A program outside the Refold package that uses only its public API. CI builds and runs it,
// so an API that only compiles with `@testable import` cannot slip through.
// - Counter: a store with bindings, an effect and a plugin (the Store module alone).
// - counter-tool: `refold`'s command line with the Counter feature registered (Host).
// - CounterFeatureTests: the feature's tests, on TestStore and VirtualClock, and one that
//   check.sh runs to see a wrong assertion fail.
// - ConsumerNames: a user's own User, Session, AuthClient… beside Store and Effects.

import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../.."),
    // For IssueReportingTestSupport: a TestStore's failures reach Swift Testing only through it.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(
      name: "CounterFeature",
      dependencies: [.product(name: "Store", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "Counter",
      dependencies: ["CounterFeature", .product(name: "Store", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // A consumer's own User, Session, Track, AuthClient… beside `import Store` and `import Effects`:
    // builds only while Refold keeps its sample app's names out of its users' namespace.
    .target(
      name: "ConsumerNames",
      dependencies: [
        .product(name: "Store", package: "Refold"),
        .product(name: "Effects", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // A user's tests: Store (TestStore, VirtualClock) and IssueReportingTestSupport, without
    // which a TestStore could not fail a test (the first one stops the process instead).
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature",
        .product(name: "Store", package: "Refold"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "counter-tool",
      dependencies: [
        "CounterFeature", .product(name: "Host", package: "Refold"), .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
