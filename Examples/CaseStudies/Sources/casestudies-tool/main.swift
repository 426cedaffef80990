import CaseStudies
import Host

// The command line for the case studies: `casestudies-tool run alertsAndDialogs --record a.log`,
// then `casestudies-tool replay a.log` and `casestudies-tool test-gen a.log`.
await Refold.main(
  HostConfiguration(features: [
    EffectCancellation.self, Refreshable.self, Timers.self, SharedStateTabs.self, AlertsAndDialogs.self,
  ]))
