#!/usr/bin/env bash
# Runs FlowRuntime against a platform double on a machine without that platform: builds
# Tests/PlatformStubs/FRAMEWORK (API-faithful stubs that follow the framework's documented
# behaviour) as a module named FRAMEWORK, FlowRuntime against it, and the scenarios of
# Tests/FRAMEWORKScenarios, then runs them. Each prints `PASS name` or `FAIL name: why`; the
# exit status is 1 if one failed, 2 if something does not compile. scripts/uikit-scenarios.sh
# and scripts/swiftui-scenarios.sh name the framework. The flows of Tests/FRAMEWORKScenarios/flows,
# if there are any, are generated first and built with the scenarios, which run their code.
#
#   scripts/platform-scenarios.sh UIKit|SwiftUI [--runtime DIR] [--flowc PATH] [scenario ...]
#
# --runtime: FlowRuntime's sources (Sources/FlowRuntime), to run the scenarios on another.
# --flowc: the flowc that generates those flows' code (.build/debug/flowc).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

framework="${1:?usage: scripts/platform-scenarios.sh UIKit|SwiftUI [--runtime DIR] [scenario ...]}"
shift
case "$framework" in
  UIKit | SwiftUI) ;;
  *) echo "platform-scenarios: no double of '$framework'" >&2; exit 2 ;;
esac
name="$(echo "$framework" | tr '[:upper:]' '[:lower:]')-scenarios"
runtime=Sources/FlowRuntime
flowc=.build/debug/flowc
while [ $# -gt 0 ]; do
  case "$1" in
    --runtime) runtime="$2"; shift 2 ;;
    --flowc) flowc="$2"; shift 2 ;;
    *) break ;;
  esac
done
swiftc="${SWIFTC:-swiftc}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# -wmo: one frontend per module rather than one per batch of files (as scripts/check-ios.sh).
flags=(-swift-version 6 -warnings-as-errors -wmo -I "$work" -L "$work")

"$swiftc" "${flags[@]}" -parse-as-library -module-name "$framework" -emit-module -emit-library \
  -static -emit-module-path "$work/$framework.swiftmodule" -o "$work/lib$framework.a" \
  Tests/PlatformStubs/"$framework"/*.swift \
  || { echo "$name: the $framework double does not compile" >&2; exit 2; }
"$swiftc" "${flags[@]}" -parse-as-library -module-name FlowRuntime -emit-module -emit-library \
  -static -emit-module-path "$work/FlowRuntime.swiftmodule" -o "$work/libFlowRuntime.a" \
  "$runtime"/*.swift \
  || { echo "$name: FlowRuntime does not compile against the $framework double" >&2; exit 2; }
generated=()
if [ -d Tests/"$framework"Scenarios/flows ]; then
  if ! "$flowc" generate Tests/"$framework"Scenarios/flows --output "$work/generated" \
    >"$work/flowc.log" 2>&1; then
    cat "$work/flowc.log" >&2
    echo "$name: $flowc could not generate the code of Tests/${framework}Scenarios/flows" >&2
    exit 2
  fi
  generated=("$work"/generated/*.swift)
fi
"$swiftc" "${flags[@]}" -module-name "${framework}Scenarios" -o "$work/scenarios" \
  Tests/"$framework"Scenarios/*.swift "${generated[@]}" -lFlowRuntime -l"$framework" \
  || { echo "$name: the scenarios do not compile" >&2; exit 2; }
"$work/scenarios" "$@"
