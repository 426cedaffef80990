# Sourced by the scripts that build a second root package (an example) in a build folder that
# Refold's own builds use too (CI builds the examples in make test's .build).
#
# SwiftPM keeps one build plan per folder and configuration (debug.yaml, release.yaml) and
# reuses it when the build's parameters and environment are those it was made with, without
# asking which root package it was made for. In CI, Examples/Counter's build, run right after
# Refold's in the same .build with the same options, built Refold's plan again (in 0.6 s) and
# left no CounterPackageTests to run. A script that builds another root forgets the folder's
# plan before its first build and when it exits, so that its own build, and the next one,
# whichever package it is for, plan their own. Planning again costs seconds; what was compiled
# stays compiled.
forget_build_plan() {
  rm -f "$1/debug.yaml" "$1/release.yaml"
}
