#!/usr/bin/env bash
# Type-checks the UIKit and SwiftUI sides of the project on a machine without either (Linux,
# where CI runs): builds Tests/PlatformStubs/UIKit and Tests/PlatformStubs/SwiftUI,
# API-faithful stubs of the UIKit and SwiftUI surfaces in use, as modules named UIKit and
# SwiftUI, so that `canImport(UIKit)` and `canImport(SwiftUI)` are true for what is compiled
# against them. Then it checks, in Swift 6 mode with warnings as errors:
#
#   - FlowRuntime, with its UIKit part (NavigationRouter, UIKit screens) and its SwiftUI
#     part (FlowStackView, FlowTabView);
#   - the generated code of flows/ (Tests/ExampleAppTests/Generated) with the example app's
#     test support (Tests/ExampleAppTests/Support), and FlowRuntime's test support;
#   - the generated code of the shared screens fixture (Tests/SharedScreenAppTests/Generated,
#     from Tests/Fixtures/shared-screens: FLOW-SPEC 13.2) with its test support and tests;
#   - FlowRuntime vendored by an app (issue 27): built as a target of its own with
#     `-default-isolation MainActor`, with the generated code of flows/ importing it; and its
#     sources compiled in the app target itself, one module with that generated code and
#     Tests/FlowRuntimeTests/DataOffMainActor.swift (the runtime's plain data used off the
#     main actor), with `-default-isolation MainActor` only;
#   - the example package, Examples/ShopApp: its sources, with the code flowc generates
#     from its flows;
#   - the SwiftUI example package, Examples/ShopAppSwiftUI: its views and its `@main` app,
#     with the code flowc generates from its flows;
#   - the complete UIKit app of docs/generated-code.md (Tests/DocsSnippets/UIKitApp), and
#     its SwiftUI app (Tests/DocsSnippets/SwiftUIApp), each with the code flowc generates
#     from its flow;
#
# each once as it is and once with `-default-isolation MainActor`, as Xcode 26 builds app
# targets. Nothing is linked or run: what UIKit and SwiftUI do at run time only a device or
# a simulator can tell (docs/development.md).
#
#   scripts/check-ios.sh [--flowc PATH] [--runtime DIR]
#
# --flowc: the flowc that generates the example package's code (.build/debug/flowc).
# --runtime: FlowRuntime's sources (Sources/FlowRuntime); the tests check a broken copy.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

flowc=.build/debug/flowc
runtime=Sources/FlowRuntime
while [ $# -gt 0 ]; do
  case "$1" in
    --flowc) flowc="$2"; shift 2 ;;
    --runtime) runtime="$2"; shift 2 ;;
    *) echo "check-ios: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
swiftc="${SWIFTC:-swiftc}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# -wmo: one frontend for all the files of a module, instead of one per batch that parses them
# all again (2.5 times faster here, the same diagnostics).
flags=(-swift-version 6 -warnings-as-errors -parse-as-library -wmo -I "$work")

# $1: a name for messages; the rest: swiftc's arguments. Run twice, the second time with
# MainActor as the default isolation.
check() {
  local what="$1"
  shift
  "$swiftc" "${flags[@]}" "$@" || { echo "check-ios: $what does not compile" >&2; exit 1; }
  "$swiftc" "${flags[@]}" -default-isolation MainActor "$@" || {
    echo "check-ios: $what does not compile with -default-isolation MainActor" >&2
    exit 1
  }
}

"$swiftc" "${flags[@]}" -module-name UIKit -emit-module -emit-module-path "$work/UIKit.swiftmodule" \
  Tests/PlatformStubs/UIKit/*.swift || { echo "check-ios: the UIKit stubs do not compile" >&2; exit 1; }
"$swiftc" "${flags[@]}" -module-name SwiftUI -emit-module -emit-module-path "$work/SwiftUI.swiftmodule" \
  Tests/PlatformStubs/SwiftUI/*.swift || { echo "check-ios: the SwiftUI stubs do not compile" >&2; exit 1; }

check "FlowRuntime" -typecheck -module-name FlowRuntime "$runtime"/*.swift

# FlowRuntime as a project that vendors it builds it: a target of its own compiled with
# -default-isolation MainActor (Xcode 26's default for a new target), which the generated
# code imports; and its sources in the app target itself, one module with the generated code
# (their `import FlowRuntime` removed), only with -default-isolation MainActor, as Xcode 26
# builds an app target. Before the plain FlowRuntime module is in "$work", so that the
# vendored one is the one found.
mkdir "$work/vendored" "$work/app"
"$swiftc" "${flags[@]}" -default-isolation MainActor -module-name FlowRuntime -emit-module \
  -emit-module-path "$work/vendored/FlowRuntime.swiftmodule" "$runtime"/*.swift || {
  echo "check-ios: FlowRuntime does not compile with -default-isolation MainActor" >&2
  exit 1
}
check "the generated code of flows/ against FlowRuntime built with -default-isolation MainActor" \
  -I "$work/vendored" -typecheck -module-name ExampleAppTests \
  Tests/ExampleAppTests/Generated/*.swift Tests/ExampleAppTests/Support/*.swift \
  Tests/FlowRuntimeTests/DataOffMainActor.swift
for file in Tests/ExampleAppTests/Generated/*.swift Tests/ExampleAppTests/Support/*.swift \
  Tests/FlowRuntimeTests/DataOffMainActor.swift; do
  sed '/^import FlowRuntime$/d' "$file" >"$work/app/$(basename "$(dirname "$file")")-$(basename "$file")"
done
"$swiftc" "${flags[@]}" -default-isolation MainActor -typecheck -module-name App \
  "$runtime"/*.swift "$work"/app/*.swift || {
  echo "check-ios: FlowRuntime's sources and the generated code of flows/ do not compile in one" \
    "app target with -default-isolation MainActor" >&2
  exit 1
}

"$swiftc" "${flags[@]}" -module-name FlowRuntime -emit-module \
  -emit-module-path "$work/FlowRuntime.swiftmodule" "$runtime"/*.swift

check "the generated code of flows/ with its test support" -typecheck -module-name ExampleAppTests \
  Tests/ExampleAppTests/Generated/*.swift Tests/ExampleAppTests/Support/*.swift
check "FlowRuntime's test support" -typecheck -module-name FlowRuntimeTests \
  Tests/FlowRuntimeTests/Support.swift Tests/FlowRuntimeTests/DataOffMainActor.swift
check "the generated code of the shared screens fixture with its tests" -typecheck \
  -module-name SharedScreenAppTests Tests/SharedScreenAppTests/Generated/*.swift \
  Tests/SharedScreenAppTests/Support/*.swift Tests/SharedScreenAppTests/*.swift

# $1: a name for messages, $2: a directory of flows, $3: where their code goes.
generate() {
  if ! "$flowc" generate "$2" --output "$3" >"$work/flowc.log" 2>&1; then
    cat "$work/flowc.log" >&2
    echo "check-ios: $flowc could not generate the code of $1" >&2
    exit 1
  fi
}

generate "the example package" Examples/ShopApp/Sources/ShopApp/Flows "$work/ShopApp"
check "Examples/ShopApp" -typecheck -module-name ShopApp \
  Examples/ShopApp/Sources/ShopApp/*.swift "$work"/ShopApp/*.swift
generate "the SwiftUI example package" Examples/ShopAppSwiftUI/Sources/ShopAppSwiftUI/Flows \
  "$work/ShopAppSwiftUI"
check "Examples/ShopAppSwiftUI" -typecheck -module-name ShopAppSwiftUI \
  Examples/ShopAppSwiftUI/Sources/ShopAppSwiftUI/*.swift "$work"/ShopAppSwiftUI/*.swift
generate "the docs' UIKit app" Tests/DocsSnippets/UIKitApp "$work/NotesApp"
check "the UIKit app of docs/generated-code.md" -typecheck -module-name NotesApp \
  Tests/DocsSnippets/UIKitApp/*.swift "$work"/NotesApp/*.swift
generate "the docs' SwiftUI app" Tests/DocsSnippets/SwiftUIApp "$work/NotesSwiftUIApp"
check "the SwiftUI app of docs/generated-code.md" -typecheck -module-name NotesApp \
  Tests/DocsSnippets/SwiftUIApp/*.swift "$work"/NotesSwiftUIApp/*.swift
echo "check-ios: FlowRuntime, the generated code, the example packages and the docs' UIKit and SwiftUI apps compile against the UIKit and SwiftUI stubs"
