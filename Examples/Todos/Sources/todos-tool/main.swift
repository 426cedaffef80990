import Host
import TodosFeature

// The command line for the to-do list: `todos-tool run todos --record todos.log`, then
// `todos-tool replay todos.log` and `todos-tool test-gen todos.log`.
await Refold.main(HostConfiguration(features: [Todos.self]))
