#!/usr/bin/env bash
# Runs NavigationRouter against the UIKit double on a machine without UIKit: builds
# Tests/PlatformStubs/UIKit (API-faithful stubs that follow UIKit's documented behaviour) as a
# module named UIKit, FlowRuntime against it, and the scenarios of Tests/UIKitScenarios, then
# runs them. Each prints `PASS name` or `FAIL name: why`; the exit status is 1 if one failed.
# What only a device can confirm: docs/generated-code.md, "The UIKit runtime".
#
#   scripts/uikit-scenarios.sh [--runtime DIR] [scenario ...]
#
# --runtime: FlowRuntime's sources (Sources/FlowRuntime), to run the scenarios on another.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

runtime=Sources/FlowRuntime
if [ "${1:-}" = "--runtime" ]; then
  runtime="$2"
  shift 2
fi
swiftc="${SWIFTC:-swiftc}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -warnings-as-errors -I "$work" -L "$work")

"$swiftc" "${flags[@]}" -parse-as-library -module-name UIKit -emit-module -emit-library -static \
  -emit-module-path "$work/UIKit.swiftmodule" -o "$work/libUIKit.a" Tests/PlatformStubs/UIKit/*.swift \
  || { echo "uikit-scenarios: the UIKit double does not compile" >&2; exit 2; }
"$swiftc" "${flags[@]}" -parse-as-library -module-name FlowRuntime -emit-module -emit-library -static \
  -emit-module-path "$work/FlowRuntime.swiftmodule" -o "$work/libFlowRuntime.a" "$runtime"/*.swift \
  || { echo "uikit-scenarios: FlowRuntime does not compile against the UIKit double" >&2; exit 2; }
"$swiftc" "${flags[@]}" -module-name UIKitScenarios -o "$work/scenarios" \
  Tests/UIKitScenarios/*.swift -lFlowRuntime -lUIKit \
  || { echo "uikit-scenarios: the scenarios do not compile" >&2; exit 2; }
"$work/scenarios" "$@"
