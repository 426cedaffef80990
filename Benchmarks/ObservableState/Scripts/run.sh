#!/usr/bin/env bash
# What @ObservableState costs: W1 (a counter, one binding) and W2 (1,000 fields, 1,000
# bindings) with the state plain and marked, and each observed through Observation: `store.count`
# on the plain state against `store.state.count` on the marked one; and W1 with its field written
# through a key path held as a value, as BindingReducer writes. Three rounds, ns per action.
# A release build with swift-syntax: about 10 minutes on 2 cores the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Scripts/generate-wide.py >Sources/ObservableStateBench/Wide.swift
swift build -c release --product ObservableStateBench
.build/release/ObservableStateBench
