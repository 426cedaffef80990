import Host
import SearchFeature

// The command line for the book search: `search-tool run search --base-url http://… --record
// search.log`, then `search-tool replay search.log` and `search-tool test-gen search.log`.
await Refold.main(HostConfiguration(features: [Search.self]))
