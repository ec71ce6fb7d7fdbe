#!/bin/sh
# Builds flowc.artifactbundle: the flowc executable as a SwiftPM artifact bundle (SE-0305),
# for a `.binaryTarget` that a build plugin runs, so that app builds need not compile flowc
# from source. See docs/plugins.md ("A prebuilt flowc") and docs/development.md (Releasing).
#
#   scripts/make-artifact-bundle.sh [--macos-universal] [--binary FILE] [OUTDIR]
#
# Without options it builds a release flowc for this Linux machine (the Swift runtime linked
# in, as `make install` does) and bundles it for this machine's triple. --macos-universal
# builds one binary for arm64 and x86_64 Macs instead (`swift build --arch arm64 --arch
# x86_64`, which needs macOS with Xcode: it cannot run on Linux). --binary FILE bundles an
# already built flowc instead of building one. OUTDIR (default: .build/artifactbundle) gets
# flowc.artifactbundle/ and, when `zip` is installed, flowc.artifactbundle.zip, whose
# checksum `swift package compute-checksum` prints for `.binaryTarget(url:checksum:)`.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
version=$(cat "$root/VERSION")
macos=no
binary=
out=

while [ $# -gt 0 ]; do
  case "$1" in
    --macos-universal) macos=yes ;;
    --binary)
      [ $# -ge 2 ] || { echo "make-artifact-bundle: --binary needs a FILE" >&2; exit 2; }
      binary=$2
      shift
      ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "make-artifact-bundle: unknown option '$1'" >&2; exit 2 ;;
    *) out=$1 ;;
  esac
  shift
done
out=${out:-$root/.build/artifactbundle}

if [ "$macos" = yes ]; then
  if [ "$(uname -s)" != Darwin ]; then
    echo "make-artifact-bundle: --macos-universal needs macOS with Xcode (swift build --arch arm64 --arch x86_64); it cannot run on $(uname -s)" >&2
    exit 2
  fi
  triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
  variant="flowc-$version-macos"
  if [ -z "$binary" ]; then
    swift build --package-path "$root" -c release --product flowc --arch arm64 --arch x86_64
    binary="$root/.build/apple/Products/Release/flowc"
  fi
else
  case "$(uname -m)" in
    x86_64) triple=x86_64-unknown-linux-gnu ;;
    aarch64|arm64) triple=aarch64-unknown-linux-gnu ;;
    *) echo "make-artifact-bundle: no triple known for machine '$(uname -m)'" >&2; exit 2 ;;
  esac
  triples="\"$triple\""
  variant="flowc-$version-$triple"
  if [ -z "$binary" ]; then
    swift build --package-path "$root" -c release --product flowc --static-swift-stdlib
    binary="$(swift build --package-path "$root" -c release --static-swift-stdlib --show-bin-path)/flowc"
  fi
fi

[ -x "$binary" ] || { echo "make-artifact-bundle: '$binary' is not an executable" >&2; exit 2; }

bundle="$out/flowc.artifactbundle"
rm -rf "$bundle" "$bundle.zip"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/flowc"
chmod 755 "$bundle/$variant/bin/flowc"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "flowc": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/bin/flowc",
          "supportedTriples": [$triples]
        }
      ]
    }
  }
}
JSON

if command -v zip >/dev/null 2>&1; then
  (cd "$out" && zip -q -r -X flowc.artifactbundle.zip flowc.artifactbundle)
  echo "wrote $bundle and $bundle.zip"
  echo "checksum (for .binaryTarget(url:checksum:)): $(swift package --package-path "$root" compute-checksum "$bundle.zip")"
else
  echo "wrote $bundle (install zip to make flowc.artifactbundle.zip as well)"
fi
