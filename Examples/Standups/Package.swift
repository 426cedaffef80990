// swift-tools-version: 6.2

// A standup-meeting app outside the Refold package, written and tested as a TCA user writes one,
// with only Refold's public products: a list of standups kept in a file (shared state), a
// detail screen on a navigation stack, a form in a sheet, a meeting screen on a timer, and
// alerts. CI builds it, runs its tests, and uses its embedded command line (standups-tool): a
// recorded session replays verified, and the test `test-gen` writes from it compiles and passes
// in the test target below (Scripts/check.sh).

import PackageDescription

let package = Package(
  name: "Standups",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../.."),
    // `@CasePathable`, so that reducers and tests name cases by key path as TCA's do.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // For IssueReportingTestSupport: a TestStore's failures reach Swift Testing only through it.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // The feature and its RefoldFeature conformance (Host), in one module, so that the tests
    // test-gen writes see both.
    .target(
      name: "StandupsFeature",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Host", package: "Refold"),
        // `reportIssue` for the speech client's unimplemented test value.
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "StateObservation", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "standups-tool",
      dependencies: ["StandupsFeature", .product(name: "Host", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "StandupsFeatureTests",
      dependencies: [
        "StandupsFeature",
        .product(name: "Host", package: "Refold"),
        .product(name: "Store", package: "Refold"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
