// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

/// A macro target: the compiler plugin's `main`, over the expansions in `MacroExpansions`.
let compilerPluginDependencies: [Target.Dependency] = [
  "MacroExpansions",
  .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
  .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
]

let package = Package(
  name: "Refold",
  platforms: [
    .macOS("15.4"),
    .iOS("18.4"),
    .tvOS("18.4"),
    .watchOS("11.4"),
  ],
  products: [
    .library(name: "Effects", targets: ["Effects"]),
    .library(name: "Store", targets: ["Store"]),
    // NB: The store without the event log, for a program that records nothing: no json-c.
    .library(name: "StoreCore", targets: ["StoreCore"]),
    // NB: `@ObservableState`, a macro, so it needs swift-syntax: a product of its own, so that
    //     a build that does not use it (the store, the log, `refold`) does not build swift-syntax.
    .library(name: "StateObservation", targets: ["StateObservation"]),
    // NB: `@LogDecodable`, a macro too: a product of its own for the same reason.
    .library(name: "LogDecoding", targets: ["LogDecoding"]),
    .library(name: "Reducers", targets: ["Reducers"]),
    .library(name: "Host", targets: ["Host"]),
    // NB: The PostgreSQL log store (`--store postgres://…`), a product of its own: a tool that
    //     embeds the command line and keeps its logs in a folder does not build PostgresNIO
    //     and its two copies of BoringSSL (swift-crypto's and swift-nio-ssl's; on Linux
    //     RefoldHTTP builds swift-nio-ssl's anyway, for `https://`).
    .library(name: "LogStorePostgres", targets: ["LogStorePostgres"]),
    .library(name: "LogUpload", targets: ["LogUpload"]),
    // NB: The benchmark workloads, for the Benchmarks package (Benchmarks/) alone, which can
    //     only depend on products and would otherwise have to build Host (and Hummingbird) a
    //     second time in release. Underscored, as SwiftPM packages mark a product that is not
    //     API (swift-nio's `_NIOFileSystem`): no user needs it, and it may change at any time.
    .library(name: "_BenchWorkloads", targets: ["BenchWorkloads"]),
    .executable(name: "refold", targets: ["refold"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    // NB: One trait, not Hummingbird's two defaults: with two, each new build plan may write
    //     their `-D` flags in another order, and Hummingbird then compiles again whenever a
    //     second root package (an example) plans in the same .build. ConfigurationSupport
    //     (swift-configuration) is not used here.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
    // NB: The uploader's HTTP on Linux (LogUpload). Hummingbird builds it anyway.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // NB: `collect`'s guard against slow clients reads Hummingbird's HTTP parts (NIOHTTPTypes).
    //     Hummingbird builds it anyway.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    // NB: TLS for the HTTP exchange's `https://` on Linux (RefoldHTTP). PostgresNIO builds it
    //     anyway for `refold`; a Linux app that links only LogUpload or the seed app builds its
    //     BoringSSL for it (about 4 minutes of a debug build on two cores).
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    // NB: CasePathsCore: TCA's case key paths (`\.searchResponse.success`) without its macro, so
    //     that `import Store` builds no swift-syntax; a user's `@CasePathable` comes from the
    //     package's CasePaths product (its Package@swift-6.0.swift manifest, as swift-clocks').
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // NB: `swift package generate-documentation` for the DocC catalogs (scripts/docs.sh).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // NB: For the macros only (`@ObservableState`, `@LogDecodable`).
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    // NB: json-c comes from the system (Debian's libjson-c-dev). Only Linux links it; other
    //     platforms use the codec's pure-Swift parser and writer (`JSONBackend.swift`).
    .systemLibrary(
      name: "CJSONC",
      pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
    ),
    // NB: The one system call Swift cannot make (`syscall` is variadic): membarrier, for the
    //     store's hand-off of commits to a recorder (`Sources/StoreCore/HandOff/AsymmetricFence.swift`);
    //     the coarse clock, through the vDSO; and a prefetch for writing, which Swift cannot spell.
    .target(name: "CSystemCalls"),
    .target(
      name: "Effects",
      dependencies: [
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay")
      ]
    ),
    // NB: The JSON value (`JSONValue`), its Codable encoder and decoder, the Swift parser and
    //     writer, and the codec's errors: pure Swift on Foundation, below both the store (shared
    //     values travel as JSON) and the event log (which adds json-c, the log's lines and
    //     `LogDecodable`).
    .target(name: "JSONCodec"),
    // NB: Reducers, the store, bindings, plugins, TestStore, and the hand-off of commits to a
    //     consumer thread. It knows nothing of the event log.
    .target(
      name: "StoreCore",
      dependencies: [
        "CSystemCalls",
        "Effects",
        // NB: A shared value travels between stores, and into the log, as a `JSONValue`.
        "JSONCodec",
        // NB: Re-exported, as TCA does, for what its features use beside the store (Exports.swift).
        .product(name: "CasePathsCore", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // NB: The log format, the codec (json-c on Linux), Recorder, the readers and Replayer.
    .target(
      name: "EventLog",
      dependencies: [
        "JSONCodec",
        "StoreCore",
        .target(name: "CJSONC", condition: .when(platforms: [.linux])),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // NB: What `@ObservableState` and `@LogDecodable` write, as a library: the macro targets
    //     below are each a compiler plugin's `main` over it, and MacroExpansionsTests test it.
    //     A test target that depended on a macro target itself would make SwiftPM build the
    //     whole test bundle, and every module it links (the servers, SwiftNIO, BoringSSL twice),
    //     for the host a second time: `make test` compiled the package twice that way.
    .target(
      name: "MacroExpansions",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // NB: `@ObservableState`: the macro's declarations, expanded by StateObservationMacros
    //     against StoreCore's `ObservableState` protocol.
    .macro(
      name: "StateObservationMacros",
      dependencies: compilerPluginDependencies
    ),
    .target(
      name: "StateObservation",
      dependencies: ["StateObservationMacros", "StoreCore"]
    ),
    // NB: `@LogDecodable`: writes an enum's `LogDecodable` conformance (EventLog), so that
    //     replay reads its actions without `Decoder`.
    .macro(
      name: "LogDecodableMacros",
      dependencies: compilerPluginDependencies
    ),
    .target(
      name: "LogDecoding",
      dependencies: ["LogDecodableMacros", "EventLog"]
    ),
    // NB: The umbrella users import: `import Store` gives StoreCore, EventLog and Effects.
    .target(
      name: "Store",
      dependencies: ["StoreCore", "EventLog"]
    ),
    // NB: What only the package's tests, crash child and fuzzer use (seeded randomness, a gate).
    .target(name: "InternalTestSupport"),
    // NB: The seed app: its features, and the models and clients (their interfaces and test
    //     doubles) they use. A user of the library never imports it.
    .target(
      name: "Reducers",
      dependencies: [
        "Store",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // NB: The project's benchmark code has one home, Benchmarks/: these workloads
    //     (Benchmarks/Workloads), the `bench` command that runs them (Benchmarks/Runner), the
    //     generator of W2's states and its plugin, and the package-benchmark suites with their
    //     thresholds (Benchmarks/Package.swift, a package of its own). W2's 1,000-field states
    //     (`WideState.swift`, 12,000 lines) are written at build time by the WideStateGenerator
    //     plugin, which runs generate-wide-state: no file of the repository holds them.
    .target(
      name: "BenchWorkloads",
      dependencies: [
        "Reducers",
        "Store",
        // NB: Printer.fullDiff diffs the whole state as TCA's `_printChanges` does.
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/Workloads",
      plugins: ["WideStateGenerator"]
    ),
    .executableTarget(name: "generate-wide-state", path: "Benchmarks/GenerateWideState"),
    .plugin(
      name: "WideStateGenerator", capability: .buildTool(), dependencies: ["generate-wide-state"],
      path: "Benchmarks/Plugins/WideStateGenerator"),
    // NB: The embeddable command line. It links no demo and no benchmark: a tool that embeds
    //     it builds the store, the log, the seed features it may ask for, the parser, and the
    //     inspector's server (`refold devtools`, Hummingbird on 127.0.0.1), whose page and
    //     script are embedded in the binary.
    // NB: The HTTP exchange the seed app's clients and the log uploader share: bounded in
    //     size and time, cancellable. No product: users get it through what they import.
    // NB: On Linux `http://` and `https://` go through SwiftNIO (`KernelWaitingHTTP.swift`,
    //     NIOSSL for TLS): URLSession there spins while it waits, and queues an answer's bytes
    //     for its delegate faster than the delegate takes them, so no cap bounds its memory.
    //     Apple's platforms keep URLSession and need no NIO.
    .target(
      name: "RefoldHTTP",
      dependencies: [
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
      ]
    ),
    // NB: What an app links to send its finished logs to `refold collect`: the uploader only.
    .target(
      name: "LogUpload",
      dependencies: [
        "RefoldHTTP"
      ]
    ),
    // NB: Where `refold collect`, `refold store` and `refold check --store` keep logs from many
    //     machines: the `LogStore` and `CheckQueue` protocols, the folder store, the checked
    //     upload and the store kinds `--store` can name. Below both Host and LogStorePostgres, so
    //     that the PostgreSQL store builds without the command line and its servers. No product:
    //     users get it through Host.
    .target(
      name: "LogStorage",
      dependencies: ["EventLog"]
    ),
    .target(
      name: "Host",
      dependencies: [
        // NB: An atomic store for the runtime's swizzling flag (AllocationCounter, which
        //     `bench --log` and `refold bench` count allocations with).
        "CSystemCalls",
        "LogStorage",
        "LogUpload",
        "Store",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [
        .embedInCode("Devtools/Assets/index.html"),
        .embedInCode("Devtools/Assets/devtools.js"),
        .embedInCode("Devtools/Assets/devtools.css"),
      ]
    ),
    // NB: `LogStoreKind.postgres`, which a tool names in its `HostConfiguration.logStores`.
    .target(
      name: "LogStorePostgres",
      dependencies: [
        "LogStorage",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    // NB: The sample app's features as `refold` hosts them (their `RefoldFeature` conformances
    //     and clients from `--base-url`). Not a product, and no library imports it: `refold`,
    //     the demo, the benchmarks and the tests hand them to Host.
    // NB: The seed app's clients over HTTP (`AuthClient.live(baseURL:)` and the others), apart
    //     from the reducers: what drives only the reducers (the fuzzer, the benchmarks, the
    //     reducers' tests) then builds no SwiftNIO and no BoringSSL.
    .target(
      name: "LiveClients",
      dependencies: ["Reducers", "RefoldHTTP"]
    ),
    .target(
      name: "BuiltinFeatures",
      dependencies: ["Host", "LiveClients", "Reducers", "Store"]
    ),
    // NB: The demo: the loopback backend (Hummingbird) and the `demo` command's tour.
    .target(
      name: "Demo",
      dependencies: [
        "BuiltinFeatures",
        "Host",
        "Reducers",
        "Store",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // NB: The `bench` command: runs the workloads against their baselines and prints the table.
    .target(
      name: "Bench",
      dependencies: [
        "BenchWorkloads",
        "BuiltinFeatures",
        "Host",
        "LogStorage",
        "LogUpload",
        // NB: W11 and W12 make a scratch database on the server `--store` names.
        "LogStorePostgres",
        // NB: W5, W9 and W10 record and replay the sample app's logs.
        "Reducers",
        "Store",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/Runner"
    ),
    .executableTarget(
      name: "refold",
      dependencies: ["Bench", "BuiltinFeatures", "Demo", "Host", "LogStorage", "LogStorePostgres"]
    ),
    // NB: The child process of the crash and fault-injection tests (Tests/HostTests/Crash/).
    //     No product names it: users never need it, and it keeps the harness out of Host.
    .executableTarget(
      name: "refold-crash-child",
      dependencies: [
        "InternalTestSupport",
        "Reducers",
        "Store",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // NB: The fuzz target (docs/fuzzing.md). It is here rather than in a package of its own
    //     like Benchmarks/ because it holds `package` internals to account (json-c against the
    //     Swift parser), which another package cannot see. `scripts/fuzz.sh` builds it with
    //     `--sanitize=fuzzer -DREFOLD_LIBFUZZER` for libFuzzer's `main`; a plain build gets its
    //     own `main`, a runner over corpus files, so `swift build` needs nothing special.
    .executableTarget(
      name: "RefoldFuzz",
      dependencies: ["Reducers", "Store"]
    ),
    .testTarget(
      name: "EffectsTests",
      dependencies: [
        "Effects",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "StoreTests",
      dependencies: [
        // JSONCTests hold json-c's own parser and writer to account.
        .target(name: "CJSONC", condition: .when(platforms: [.linux])),
        "InternalTestSupport",
        "Store",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "StateObservationTests",
      dependencies: [
        "InternalTestSupport",
        "StateObservation",
        "Store",
        // NB: `@CasePathable`, a macro, for the case key path tests (CaseKeyPathTests).
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "LogDecodingTests",
      dependencies: ["LogDecoding", "Store"]
    ),
    .testTarget(
      name: "MacroExpansionsTests",
      dependencies: [
        "MacroExpansions",
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "ReducersTests",
      dependencies: [
        "InternalTestSupport",
        "LiveClients",
        "Reducers",
        "RefoldHTTP",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "HostTests",
      dependencies: [
        // For `refold bench`'s calibration (CalibrationTests); the rest of it runs as a process.
        "Bench",
        "BuiltinFeatures",
        "Demo",
        "Host",
        "LogStorage",
        "LogUpload",
        "LogStorePostgres",
        "InternalTestSupport",
        // The sample app's features and the store, which most of the tests drive directly, and
        // its clients over HTTP.
        "LiveClients",
        "Reducers",
        "Store",
        // A second server, not the demo backend, for `refold run --base-url`.
        .product(name: "Hummingbird", package: "hummingbird"),
        // A port that refuses connections, for the uploader's transport.
        .product(name: "NIOPosix", package: "swift-nio"),
        // A TLS server for `https://` answers (TLSFloodingServer).
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ]
)

for target in package.targets where ![.system, .plugin].contains(target.type) && target.name != "CSystemCalls" {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: a file uses only the members of modules it imports itself.
    .enableUpcomingFeature("MemberImportVisibility"),
    // SE-0409: an import is internal unless it says `public import`, so a module's public
    // API names exactly the modules its users must see.
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}

// NB: A target lists every module of the package it reaches, not only the umbrella that gives it
//     (`import Store` gives StoreCore, EventLog, JSONCodec and Effects). SwiftPM rebuilds a
//     target when a module it lists changes, but not when a module it reaches only through
//     another's `@_exported import` changes: the target's objects then still call what the
//     module no longer has, and the build fails to link (a struct that became a typealias
//     behind `import Store`; swiftlang/swift#89636). So each umbrella's re-exports are listed
//     here, and added to every target that lists the umbrella; scripts/check-layers.sh refuses
//     a source that imports a module its target does not list, and a re-export missing here.
let reexports: [String: [String]] = [
  "StoreCore": ["Effects", "JSONCodec"],
  "Store": ["EventLog", "JSONCodec", "StoreCore"],
  "StateObservation": ["StoreCore"],
  "LogDecoding": ["EventLog"],
  "Reducers": ["Store"],
]
func reexported(by module: String) -> [String] {
  (reexports[module] ?? []).flatMap { [$0] + reexported(by: $0) }
}
for target in package.targets {
  let listed = target.dependencies.compactMap { dependency -> String? in
    switch dependency {
    case .byNameItem(let name, _), .targetItem(let name, _): name
    default: nil
    }
  }
  var added = Set(listed)
  for module in listed.flatMap(reexported(by:)) where added.insert(module).inserted {
    target.dependencies.append(.target(name: module))
  }
}

// NB: The five environment switches below are CI's, for stages that build the tests in another
//     configuration; a user's build needs none of them. They edit the manifest rather than
//     split products because SwiftPM links every test target of a package into one test bundle
//     (`swift build --build-tests` cannot pick some), and that bundle links whatever its
//     targets reach: only a manifest without the servers' targets builds a sanitizer's tests
//     without SwiftNIO and BoringSSL.

// NB: REFOLD_RELEASE_TESTS=1 (scripts/release-tests.sh, and the sanitizers' scripts/asan.sh
//     and scripts/tsan.sh) compiles the test targets, and the benchmarks' generated workloads,
//     without optimization in a release build. The library is then built as users ship it
//     (-O, whole module) and the code that only drives it compiles in minutes: StoreTests
//     alone ran for over 40 minutes in the optimizer.
if Context.environment["REFOLD_RELEASE_TESTS"] == "1" {
  for target in package.targets where target.type == .test || target.name == "BenchWorkloads" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
  }
}

// NB: REFOLD_OPTIMIZE_LIBRARY=1 (scripts/tsan.sh) compiles Refold's own library targets -O and
//     whole-module inside a debug build, whose dependencies stay -Onone. The sanitizer then sees
//     Refold's code as the optimizer leaves it (what issue 53 asks of the unsafe code) while
//     SwiftNIO, Hummingbird and BoringSSL compile in about half the time a release build spends
//     on them. `-num-threads` keeps one object file per source file, which the debug build's
//     link and its index store expect.
if Context.environment["REFOLD_OPTIMIZE_LIBRARY"] == "1" {
  for target in package.targets where target.type == .regular {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O", "-wmo", "-num-threads", "2"])]
  }
}

// NB: REFOLD_CORE_ONLY=1 keeps the store, the log and their tests, and leaves out the command
//     line, the seed app, the servers and what only they need (Hummingbird, SwiftNIO,
//     swift-crypto). scripts/asan.sh sets it: AddressSanitizer runs the core's tests, and
//     building the servers under it took most of that stage's time in CI.
if Context.environment["REFOLD_CORE_ONLY"] == "1" {
  let core: Set<String> = [
    "CJSONC", "CSystemCalls", "Effects", "JSONCodec", "StoreCore", "EventLog", "Store", "InternalTestSupport", "EffectsTests", "StoreTests",
  ]
  package.targets.removeAll { !core.contains($0.name) }
  package.products.removeAll { !core.contains($0.name) }
  let coreDependencies = [
    "swift-case-paths", "swift-clocks", "swift-concurrency-extras", "swift-custom-dump", "swift-identified-collections",
    "xctest-dynamic-overlay",
  ]
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return !coreDependencies.contains { location.hasSuffix("/" + $0) }
  }
}

// NB: REFOLD_WITHOUT_MACROS=1 leaves out `@ObservableState` and `@LogDecodable` (their
//     libraries, macros and tests) and so swift-syntax, whose build costs minutes. CI's ThreadSanitizer stage
//     sets it: it runs other test targets, and builds beside `make test` on the same two cores.
if Context.environment["REFOLD_WITHOUT_MACROS"] == "1" {
  let macroTargets: Set<String> = [
    "MacroExpansions", "MacroExpansionsTests",
    "StateObservation", "StateObservationMacros", "StateObservationTests",
    "LogDecoding", "LogDecodableMacros", "LogDecodingTests",
  ]
  package.targets.removeAll { macroTargets.contains($0.name) }
  package.products.removeAll { macroTargets.contains($0.name) }
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return location.hasSuffix("/swift-syntax")
  }
}

// NB: REFOLD_WITHOUT_POSTGRES=1 leaves out the PostgreSQL log store (its library and its tests,
//     Tests/HostTests/Postgres/) and so PostgresNIO, swift-crypto and swift-nio-ssl, whose two
//     copies of BoringSSL are most of the package's C. CI's ThreadSanitizer stage sets it: it
//     builds beside `make test` on the same two cores, and `make test` runs those tests.
//     `refold bench`'s W11 and W12 then say that this build has no PostgreSQL store.
if Context.environment["REFOLD_WITHOUT_POSTGRES"] == "1" {
  package.targets.removeAll { $0.name == "LogStorePostgres" }
  package.products.removeAll { $0.name == "LogStorePostgres" }
  for target in package.targets {
    target.dependencies.removeAll { dependency in
      if case .byNameItem(let name, _) = dependency { return name == "LogStorePostgres" }
      return false
    }
    if target.name == "HostTests" { target.exclude.append("Postgres") }
  }
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    return location.hasSuffix("/postgres-nio")
  }
}
