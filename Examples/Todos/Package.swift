// swift-tools-version: 6.2

// A to-do list outside the Refold package, written as a TCA user writes one, with only Refold's
// public products: rows in an `IdentifiedArray` (`forEach`), bindings, a filter, and completed
// rows sorted to the bottom after a debounce. CI builds it, runs its tests, and uses its
// embedded command line (todos-tool): a recorded session replays verified, and the test
// `test-gen` writes from it compiles and passes in the test target below (Scripts/check.sh).

import PackageDescription

let package = Package(
  name: "Todos",
  platforms: [.macOS("15.4")],
  dependencies: [
    .package(name: "Refold", path: "../.."),
    // `@CasePathable`, so that tests name actions by case key path as TCA's do.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // For IssueReportingTestSupport: a TestStore's failures reach Swift Testing only through it.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // The feature and its RefoldFeature conformance (Host), in one module, so that the tests
    // test-gen writes see both.
    .target(
      name: "TodosFeature",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Host", package: "Refold"),
        // `@ObservableState`: field-by-field observation, and the bindable fields listed.
        .product(name: "StateObservation", package: "Refold"),
        .product(name: "Store", package: "Refold"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "todos-tool",
      dependencies: ["TodosFeature", .product(name: "Host", package: "Refold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature",
        .product(name: "Host", package: "Refold"),
        .product(name: "Store", package: "Refold"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
