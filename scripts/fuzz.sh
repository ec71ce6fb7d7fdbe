#!/usr/bin/env bash
# Builds the libFuzzer harness (Fuzz/) with AddressSanitizer and runs it for SECONDS,
# seeded with the example app, every test fixture and Fuzz/seeds/ (random valid modules of
# the property tests and the awkward module of GeneratedPackageTests, which check without
# errors and so reach the generator, and *.bytes inputs of the harness's structured mode:
# hostile names, docs and paths), with a dictionary of the language's keys and hostile
# text. Inputs up to 256 KB; crashes, broken promises, inputs slower than 10 s and inputs
# that need more than 2 GB land in Fuzz/artifacts/. Further arguments go to libFuzzer, after
# ours so that they win: -detect_leaks=1 looks for leaks too (off by default: the leak scan
# after each input cuts throughput about fifteenfold, 163 to 11 inputs a second here),
# -fork=1 -ignore_crashes=1 goes on past a crash.
# FUZZ_BUILD=debug builds the harness without optimisation, for a short smoke run (.ci/run's
# minute): its build costs a fraction of the release build's, the inputs run slower
# (docs/development.md, "Where CI's time goes"). The default is release, for long runs.
# `scripts/fuzz.sh --build-only` builds the harness and stops (.ci/run builds it beside the
# release build of `make install`).
# usage: [FUZZ_BUILD=debug|release] scripts/fuzz.sh SECONDS|--build-only [LIBFUZZER-OPTION...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
config="${FUZZ_BUILD:-release}"
case "$config" in
  debug | release) ;;
  *)
    echo "fuzz.sh: FUZZ_BUILD is debug or release, not '$config'" >&2
    exit 2
    ;;
esac
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Quiet when it builds; the whole log when it does not.
if ! swift build --package-path Fuzz -c "$config" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$log" 2>&1; then
  cat "$log" >&2
  echo "fuzz.sh: the harness did not build" >&2
  exit 1
fi
[ "$seconds" = "--build-only" ] && exit 0
corpus=Fuzz/.corpus
mkdir -p "$corpus" Fuzz/artifacts
cp flows/*.flow.yaml Fuzz/seeds/* "$corpus"/
find Tests -name '*.yaml' -o -name '*.yml' | while read -r file; do
  cp "$file" "$corpus/$(echo "$file" | tr '/' '_')"
done
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"
# Swift's own crash backtracer would read freed memory under ASan; libFuzzer reports.
export SWIFT_BACKTRACE=enable=no
Fuzz/.build/"$config"/FlowFuzz "$corpus" -dict=Fuzz/flow.dict -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -max_len=262144 -artifact_prefix=Fuzz/artifacts/ \
  -detect_leaks=0 -print_final_stats=1 "$@" 2>&1 | tail -n 25
