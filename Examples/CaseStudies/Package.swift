// swift-tools-version: 6.2

// Case studies outside the Refold package, one small feature each, written and tested as a TCA
// user writes them, with only Refold's public products: a request the user cancels, a timer, a
// refresh the view awaits, state shared between two tabs, and alerts and dialogs. CI builds
// them, runs their tests, and uses their embedded command line (casestudies-tool): recorded
// sessions replay verified, and the tests `test-gen` writes from them compile and pass in the
// test target below (Scripts/check.sh).

import PackageDescription

let package = Package(
  name: "CaseStudies",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../.."),
    // `@CasePathable`, so that tests name actions by case key path as TCA's do.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // For IssueReportingTestSupport: a TestStore's failures reach Swift Testing only through it.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // The studies and their RefoldFeature conformances (Host), in one module, so that the tests
    // test-gen writes see both.
    .target(
      name: "CaseStudies",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Host", package: "Refold"),
        .product(name: "StateObservation", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "casestudies-tool",
      dependencies: ["CaseStudies", .product(name: "Host", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "CaseStudiesTests",
      dependencies: [
        "CaseStudies",
        .product(name: "Host", package: "Refold"),
        .product(name: "Store", package: "Refold"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
