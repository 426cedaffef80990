// swift-tools-version: 6.2

// A book search outside the Refold package, written as a TCA user writes one, with only
// Refold's public products: a query typed into a binding, a request debounced and cancelled by
// the next keystroke, and a book's summary that a tap on another book cancels. CI builds it,
// runs its tests, and uses its embedded command line (search-tool) against a real server on
// loopback: the recorded session replays verified, and the test `test-gen` writes from it
// passes in the test target below, with no server (Scripts/check.sh).

import PackageDescription

let package = Package(
  name: "Search",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../.."),
    // `@CasePathable`, so that tests name actions by case key path as TCA's do.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // For IssueReportingTestSupport: a TestStore's failures reach Swift Testing only through it.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // The feature, its client and its RefoldFeature conformance (Host), in one module, so that
    // the tests test-gen writes see them.
    .target(
      name: "SearchFeature",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Host", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "search-tool",
      dependencies: ["SearchFeature", .product(name: "Host", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature",
        .product(name: "Host", package: "Refold"),
        .product(name: "Store", package: "Refold"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
