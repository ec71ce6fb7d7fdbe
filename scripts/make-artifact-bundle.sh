#!/bin/sh
# Builds a prebuilt flowc as a SwiftPM artifact bundle (SE-0305), and the FlowcPlugins
# package whose plugins run it, so that an app's build compiles no part of flowc. See
# docs/plugins.md ("The prebuilt plugins") and docs/development.md ("Releasing").
#
#   scripts/make-artifact-bundle.sh [--binary FILE] [--macos-universal] [--libyaml FILE]...
#                                   [--include BUNDLE]... [--url URL] [OUTDIR]
#
# It builds a small release flowc for this machine (strip, dead code removed, the Swift
# runtime and libyaml linked in, so it needs nothing installed): on Linux for this machine's
# triple, on macOS one universal binary for arm64 and x86_64 Macs (--macos-universal says so,
# and stops anywhere else). --binary FILE bundles an already built flowc instead. --libyaml
# FILE is the static libyaml (libyaml.a) to link; by default Debian's, or on macOS
# Homebrew's, one of each architecture (see docs/plugins.md). --include BUNDLE adds the
# variants of a bundle this script made on another machine (a flowc.artifactbundle folder or
# its .zip), so that one bundle serves macOS and Linux.
#
# OUTDIR (default: .build/artifactbundle) gets flowc.artifactbundle/, its .zip (with `zip`
# installed), the zip's checksum from `swift package compute-checksum`, and FlowcPlugins/,
# the plugin package: its binary target is the zip at a local path, or with --url URL (the
# https address the zip is published at) that URL and the checksum, as a release publishes it.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
version=$(cat "$root/VERSION")
binary=
out=
url=
macos=no
libyamls=
includes=

fail() {
  echo "make-artifact-bundle: $1" >&2
  exit "${2:-1}"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --macos-universal) macos=yes ;;
    --binary | --libyaml | --include | --url)
      [ $# -ge 2 ] || fail "$1 needs a value" 2
      case "$1" in
        --binary) binary=$2 ;;
        --libyaml) libyamls="$libyamls
$2" ;;
        --include) includes="$includes
$2" ;;
        --url) url=$2 ;;
      esac
      shift
      ;;
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) fail "unknown option '$1'" 2 ;;
    *) out=$1 ;;
  esac
  shift
done
out=${out:-$root/.build/artifactbundle}

system=$(uname -s)
if [ "$macos" = yes ] && [ "$system" != Darwin ]; then
  fail "--macos-universal needs macOS with Xcode (a build for arm64 and x86_64 Macs); it cannot run on $system" 2
fi
if [ -n "$url" ]; then
  # The URL goes into Package.swift as a string literal: an https address, nothing else.
  echo "$url" | grep -Eq '^https://[A-Za-z0-9._~:/%+@=?&-]+$' \
    || fail "--url must be an https:// address of plain URL characters, not '$url'" 2
  command -v zip >/dev/null 2>&1 || fail "--url needs zip, to make the archive it names" 2
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/flowc-bundle.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/variants"

# The static libyaml for $1 (an architecture on macOS, empty on Linux): the first --libyaml
# FILE that fits, else the system's.
find_libyaml() {
  candidates=$libyamls
  if [ -z "$candidates" ]; then
    if [ "$system" = Darwin ]; then
      brew=$(brew --prefix 2>/dev/null || true)
      candidates="$brew/lib/libyaml.a
/opt/homebrew/lib/libyaml.a
/usr/local/lib/libyaml.a"
    else
      libdir=$(pkg-config --variable=libdir yaml-0.1 2>/dev/null || true)
      candidates="$libdir/libyaml.a
/usr/lib/$(uname -m)-linux-gnu/libyaml.a
/usr/local/lib/libyaml.a
/usr/lib/libyaml.a"
    fi
  fi
  echo "$candidates" | while IFS= read -r candidate; do
    [ -n "$candidate" ] && [ -f "$candidate" ] || continue
    if [ -n "$1" ]; then
      lipo -archs "$candidate" 2>/dev/null | tr ' ' '\n' | grep -qx "$1" || continue
    fi
    echo "$candidate"
    break
  done
}

# Builds flowc for release into $2 with the static libyaml $1, for the triple $3 (empty:
# this machine's). SwiftPM finds libyaml through pkg-config: a .pc file of our own names a
# folder that holds libyaml.a and no shared library, so the linker can only link it in.
build_flowc() {
  yaml=$1 into=$2 triple=$3
  include=$(pkg-config --variable=includedir yaml-0.1 2>/dev/null || true)
  for candidate in "$include" "$(dirname "$(dirname "$yaml")")/include" /usr/include; do
    [ -f "$candidate/yaml.h" ] && { include=$candidate; break; }
  done
  [ -f "$include/yaml.h" ] || fail "no yaml.h found for $yaml"
  config="$work/libyaml-${triple:-host}"
  mkdir -p "$config/lib"
  cp "$yaml" "$config/lib/libyaml.a"
  cat > "$config/yaml-0.1.pc" <<PC
Name: LibYAML
Description: libyaml, linked into flowc's artifact bundle
Version: 0
Cflags: -I$include
Libs: -L$config/lib -lyaml
PC
  set -- -c release --product flowc --scratch-path "$root/.build/bundle"
  if [ "$system" = Darwin ]; then
    set -- "$@" --triple "$triple" -Xlinker -dead_strip -Xlinker -dead_strip_dylibs
  else
    set -- "$@" --static-swift-stdlib -Xlinker --gc-sections
  fi
  PKG_CONFIG_PATH="$config" swift build --package-path "$root" "$@"
  cp "$(PKG_CONFIG_PATH="$config" swift build --package-path "$root" "$@" --show-bin-path)/flowc" "$into"
}

if [ "$system" = Darwin ]; then
  variant="flowc-$version-macos"
  if [ -z "$binary" ]; then
    slices=
    for arch in arm64 x86_64; do
      yaml=$(find_libyaml "$arch")
      [ -n "$yaml" ] || fail "no static libyaml (libyaml.a) for $arch: give one with --libyaml FILE (Homebrew's on a Mac of that architecture, or under Rosetta: arch -x86_64 /usr/local/bin/brew install libyaml)"
      build_flowc "$yaml" "$work/flowc-$arch" "$arch-apple-macosx14.0"
      slices="$slices $work/flowc-$arch"
    done
    # shellcheck disable=SC2086
    lipo -create -output "$work/flowc" $slices
    binary="$work/flowc"
  fi
else
  case "$(uname -m)" in
    x86_64) triple=x86_64-unknown-linux-gnu ;;
    aarch64 | arm64) triple=aarch64-unknown-linux-gnu ;;
    *) fail "no triple known for machine '$(uname -m)'" 2 ;;
  esac
  variant="flowc-$version-$triple"
  if [ -z "$binary" ]; then
    yaml=$(find_libyaml "")
    [ -n "$yaml" ] || fail "no static libyaml (libyaml.a) found: install libyaml-dev, or give one with --libyaml FILE"
    build_flowc "$yaml" "$work/flowc" ""
    binary="$work/flowc"
  fi
fi
[ -f "$binary" ] && [ -x "$binary" ] || fail "'$binary' is not an executable" 2
if [ "$system" = Darwin ]; then
  for arch in arm64 x86_64; do
    lipo -archs "$binary" | tr ' ' '\n' | grep -qx "$arch" \
      || fail "'$binary' has no $arch slice: the macOS variant serves arm64 and x86_64 Macs"
  done
fi

# This machine's variant, stripped of symbols and debug information.
mkdir -p "$work/variants/$variant/bin"
cp "$binary" "$work/variants/$variant/bin/flowc"
chmod 755 "$work/variants/$variant/bin/flowc"
strip "$work/variants/$variant/bin/flowc"
# A Mac runs an arm64 binary only with a signature, which stripping invalidates: sign it
# again, ad hoc, as the linker did.
if [ "$system" = Darwin ]; then
  codesign --force --sign - "$work/variants/$variant/bin/flowc"
fi

# What the binary needs from the machine it runs on: a bundle that needs libyaml or the
# Swift runtime works only where they are installed. A binary given with --binary is
# bundled anyway, with a warning.
if [ "$system" = Darwin ]; then
  needs=$(otool -L "$work/variants/$variant/bin/flowc" | tail -n +2 | awk '{print $1}' \
    | grep -Ev '^(/usr/lib/|/System/)' || true)
else
  needs=$(ldd "$work/variants/$variant/bin/flowc" 2>/dev/null | awk '{print $1}' \
    | grep -E '^lib(yaml|swift|Foundation|_Foundation|dispatch|BlocksRuntime)' || true)
fi
if [ -n "$needs" ]; then
  list=$(echo "$needs" | tr '\n' ' ')
  if [ "$binary" = "$work/flowc" ]; then
    fail "the flowc built needs libraries a machine may not have: $list"
  fi
  echo "make-artifact-bundle: warning: $binary needs $list; the bundle runs only where they are installed" >&2
fi

# The variants of bundles made elsewhere. A variant folder is named after its platform:
# flowc-VERSION-macos or flowc-VERSION-TRIPLE.
echo "$includes" | while IFS= read -r include; do
  [ -n "$include" ] || continue
  case "$include" in /*) ;; *) include="$PWD/$include" ;; esac
  from="$work/include"
  rm -rf "$from"
  mkdir -p "$from"
  case "$include" in
    *.zip) (cd "$from" && unzip -q "$include") ;;
    *) cp -R "$include" "$from/" ;;
  esac
  for folder in "$from"/*.artifactbundle/flowc-*; do
    [ -d "$folder" ] || fail "'$include' holds no flowc variant"
    name=$(basename "$folder")
    case "$name" in
      "flowc-$version-"*) ;;
      *) fail "'$include' is of another version ($name, not $version)" ;;
    esac
    [ ! -e "$work/variants/$name" ] || fail "two bundles have the variant $name"
    cp -R "$folder" "$work/variants/$name"
  done
done

# The bundle: info.json lists each variant with the triples it serves.
bundle="$out/flowc.artifactbundle"
rm -rf "$bundle" "$bundle.zip" "$out/FlowcPlugins"
mkdir -p "$bundle"
entries=
for folder in "$work/variants"/*; do
  name=$(basename "$folder")
  platform=${name#"flowc-$version-"}
  case "$platform" in
    macos) triples='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    *-linux-gnu) triples="\"$platform\"" ;;
    *) fail "unknown platform of variant $name" ;;
  esac
  cp -R "$folder" "$bundle/$name"
  entry="        {
          \"path\": \"$name/bin/flowc\",
          \"supportedTriples\": [$triples]
        }"
  entries="${entries:+$entries,
}$entry"
done
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "flowc": {
      "version": "$version",
      "type": "executable",
      "variants": [
$entries
      ]
    }
  }
}
JSON
echo "wrote $bundle"
for folder in "$bundle"/flowc-*; do
  echo "  $(basename "$folder")/bin/flowc: $(wc -c < "$folder/bin/flowc" | tr -d ' ') bytes"
done

# The zip, with the bundle folder at its top as SwiftPM expects, and its checksum.
checksum=
if command -v zip >/dev/null 2>&1; then
  (cd "$out" && zip -q -r -X flowc.artifactbundle.zip flowc.artifactbundle)
  checksum=$(swift package --package-path "$root" compute-checksum "$bundle.zip")
  echo "wrote $bundle.zip"
  echo "checksum (for .binaryTarget(url:checksum:)): $checksum"
else
  echo "install zip to make flowc.artifactbundle.zip and its checksum as well"
fi

# The plugin package: the sources of Plugins/FlowcPlugins with its links followed, and the
# one declaration that says where its flowc comes from.
package="$out/FlowcPlugins"
cp -R -L "$root/Plugins/FlowcPlugins" "$package"
rm -rf "$package/.build" "$package/.swiftpm" "$package"/flowc.artifactbundle*
local_form='    .binaryTarget(name: "flowc", path: "flowc.artifactbundle.zip"),'
grep -qxF "$local_form" "$package/Package.swift" \
  || fail "Plugins/FlowcPlugins/Package.swift has no line '$local_form' to replace"
if [ -n "$url" ]; then
  form="    .binaryTarget(
      name: \"flowc\",
      url: \"$url\",
      checksum: \"$checksum\"),"
elif [ -n "$checksum" ]; then
  form=$local_form
  cp "$bundle.zip" "$package/flowc.artifactbundle.zip"
else
  form='    .binaryTarget(name: "flowc", path: "flowc.artifactbundle"),'
  cp -R "$bundle" "$package/flowc.artifactbundle"
fi
LINE=$local_form FORM=$form awk '$0 == ENVIRON["LINE"] { print ENVIRON["FORM"]; next } { print }' \
  "$package/Package.swift" > "$work/Package.swift"
mv "$work/Package.swift" "$package/Package.swift"
if [ -n "$url" ]; then
  echo "wrote $package, whose flowc is $url"
else
  echo "wrote $package, whose flowc is its own copy of the bundle"
fi
