extension Bench {
  /// The systems each workload runs on, in table order.
  public static func systems(for workload: Workload) -> [System] {
    switch workload {
    case .w1, .w3: [.refold, .naive, .opencombine, .floor]
    case .w2: [.refold, .refold64KB, .naive, .opencombine, .floor, .floorScan]
    case .w4: [.refold, .refoldUnrecorded, .refoldStrings, .refoldStringsUnrecorded, .refoldWriter]
    case .w5: [.refold, .refoldDistinct, .refoldDistinctCodable]
    case .w6: [.refold, .naive, .floor]
    case .w7: [.refoldUnrecorded, .refold]
    case .w8: [.refold, .floor]
    case .w9: [.refoldOneJob, .refold]
    case .w10: [.refold, .floor]
    case .w11: [.refold, .folderStore]
    case .w12: [.refold, .refoldOneWorker, .floor]
    }
  }

  /// A fixture for a synchronous workload (W1, W2, W3, W8), set up and ready to run; nil for the
  /// others and for a system a workload does not run on.
  @MainActor
  public static func fixture(_ workload: Workload, _ system: System) -> (any BenchFixture)? {
    switch (workload, system) {
    case (.w1, .refold), (.w4, .refoldUnrecorded): CounterStore()
    case (.w4, .refoldStringsUnrecorded): ProfileStore()
    case (.w1, .naive): CounterObservable()
    case (.w1, .opencombine): CounterCombine()
    case (.w1, .floor): CounterFloor()
    case (.w2, .refold): WideStore()
    case (.w2, .refold64KB): LargeWideStore()
    case (.w2, .naive): WideObservable()
    case (.w2, .opencombine): WideCombine()
    case (.w2, .floor): WideFloor(scanning: false)
    case (.w2, .floorScan): WideFloor(scanning: true)
    case (.w3, .refold): AmountStore()
    case (.w3, .naive): AmountObservable()
    case (.w3, .opencombine): AmountCombine()
    case (.w3, .floor): AmountFloor()
    case (.w8, .refold): DrilldownStore()
    case (.w8, .floor): DrilldownFloor()
    default: nil
    }
  }

  /// A fixture for W6's effect round trips; nil for a system W6 does not run on.
  @MainActor
  public static func asyncFixture(_ workload: Workload, _ system: System) -> (any AsyncBenchFixture)? {
    switch (workload, system) {
    case (.w6, .refold): PingStore()
    case (.w6, .naive): PingObservable()
    case (.w6, .floor): PingFloor()
    default: nil
    }
  }
}
