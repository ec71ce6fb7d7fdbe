#!/usr/bin/env bash
# Runs FlowRuntime's SwiftUI views and SwiftUIRouter against the SwiftUI double on a machine
# without SwiftUI: builds Tests/PlatformStubs/SwiftUI (API-faithful stubs whose views keep
# what they were made with) as a module named SwiftUI, FlowRuntime against it, and the
# scenarios of Tests/SwiftUIScenarios, then runs them. Each prints `PASS name` or
# `FAIL name: why`; the exit status is 1 if one failed. What only a device can confirm:
# docs/generated-code.md, "The SwiftUI runtime".
#
#   scripts/swiftui-scenarios.sh [--runtime DIR] [scenario ...]
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

"$swiftc" "${flags[@]}" -parse-as-library -module-name SwiftUI -emit-module -emit-library -static \
  -emit-module-path "$work/SwiftUI.swiftmodule" -o "$work/libSwiftUI.a" Tests/PlatformStubs/SwiftUI/*.swift \
  || { echo "swiftui-scenarios: the SwiftUI double does not compile" >&2; exit 2; }
"$swiftc" "${flags[@]}" -parse-as-library -module-name FlowRuntime -emit-module -emit-library -static \
  -emit-module-path "$work/FlowRuntime.swiftmodule" -o "$work/libFlowRuntime.a" "$runtime"/*.swift \
  || { echo "swiftui-scenarios: FlowRuntime does not compile against the SwiftUI double" >&2; exit 2; }
"$swiftc" "${flags[@]}" -module-name SwiftUIScenarios -o "$work/scenarios" \
  Tests/SwiftUIScenarios/*.swift -lFlowRuntime -lSwiftUI \
  || { echo "swiftui-scenarios: the scenarios do not compile" >&2; exit 2; }
"$work/scenarios" "$@"
