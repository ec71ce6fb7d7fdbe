#!/usr/bin/env bash
# Runs NavigationRouter against the UIKit double (Tests/PlatformStubs/UIKit) on a machine
# without UIKit, with the scenarios of Tests/UIKitScenarios (scripts/platform-scenarios.sh
# says how). What only a device can confirm: docs/generated-code.md, "The UIKit runtime".
#
#   scripts/uikit-scenarios.sh [--runtime DIR] [scenario ...]
exec "$(dirname "$0")/platform-scenarios.sh" UIKit "$@"
