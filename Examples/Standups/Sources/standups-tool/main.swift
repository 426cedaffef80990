import Host
import StandupsFeature

// The command line for the standups app: `standups-tool run standups --record standups.log`,
// then `standups-tool replay standups.log` and `standups-tool test-gen standups.log`.
await Refold.main(HostConfiguration(features: [StandupsApp.self]))
