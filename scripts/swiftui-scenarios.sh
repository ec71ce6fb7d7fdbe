#!/usr/bin/env bash
# Runs FlowRuntime's SwiftUI views and SwiftUIRouter against the SwiftUI double
# (Tests/PlatformStubs/SwiftUI, whose views keep what they were made with) on a machine
# without SwiftUI, with the scenarios of Tests/SwiftUIScenarios (scripts/platform-scenarios.sh
# says how). What only a device can confirm: docs/generated-code.md, "The SwiftUI runtime".
#
#   scripts/swiftui-scenarios.sh [--runtime DIR] [scenario ...]
exec "$(dirname "$0")/platform-scenarios.sh" SwiftUI "$@"
