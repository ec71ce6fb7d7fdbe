#!/usr/bin/env bash
# Builds the libFuzzer harness (Fuzz/) with AddressSanitizer and runs it for SECONDS,
# seeded with the example app, every test fixture and Fuzz/seeds/ (random valid modules of
# the property tests and the awkward module of GeneratedPackageTests, which check without
# errors and so reach the generator), with a dictionary of the language's keys. Crashes,
# leaks and inputs slower than 10 s land in Fuzz/artifacts/.
# usage: scripts/fuzz.sh SECONDS
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Quiet when it builds; the whole log when it does not.
if ! swift build --package-path Fuzz -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$log" 2>&1; then
  cat "$log" >&2
  echo "fuzz.sh: the harness did not build" >&2
  exit 1
fi
corpus=Fuzz/.corpus
mkdir -p "$corpus" Fuzz/artifacts
cp flows/*.flow.yaml Fuzz/seeds/*.flow.yaml "$corpus"/
find Tests -name '*.yaml' -o -name '*.yml' | while read -r file; do
  cp "$file" "$corpus/$(echo "$file" | tr '/' '_')"
done
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"
Fuzz/.build/release/FlowFuzz "$corpus" -dict=Fuzz/flow.dict -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -max_len=8192 -artifact_prefix=Fuzz/artifacts/ \
  -print_final_stats=1 2>&1 | tail -n 25
