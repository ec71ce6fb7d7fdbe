#!/usr/bin/env bash
# Renders flowc's Mermaid drawings with Mermaid itself, in headless Chromium, and fails on
# anything Mermaid refuses (a parse error, "Edge limit exceeded", a render error); edge
# labels that Mermaid laid over each other are reported without failing. Opt-in: not part
# of `make test`, since it needs Chromium and Mermaid's library.
#
#   scripts/render-mermaid.sh [--flowc PATH] [PATH...]     (default: flows)
#
# Draws each PATH's whole module, the same with --legend, and each coordinator alone
# (--coordinator), and keeps each SVG Mermaid made in .build/mermaid/out/ for a look.
#
# Needs `chromium` (Debian: apt-get install -y chromium). Mermaid's library is not a Debian
# package: the script takes the mermaid.min.js that the PyPI package artoo-mermaid vendors
# (pinned below, checked against the SHA-256 its NOTICE gives), fetched once with pip into
# .build/mermaid/.
set -euo pipefail

cd "$(dirname "$0")/.."
MERMAID_PACKAGE="artoo-mermaid==11.16.0"
MERMAID_SHA256="74d7c46dabca328c2294733910a8aa1ed0c37451776e8d5295da38a2b758fb9b"
WORK=.build/mermaid
FLOWC=""
PATHS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --flowc) FLOWC="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) PATHS+=("$1"); shift ;;
  esac
done
[[ ${#PATHS[@]} -gt 0 ]] || PATHS=(flows)
if [[ -z "$FLOWC" ]]; then
  swift build --product flowc >/dev/null
  FLOWC="$(swift build --show-bin-path)/flowc"
fi
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$CHROMIUM" ]]; then
  echo "render-mermaid: chromium is not installed (Debian: apt-get install -y chromium)" >&2
  exit 2
fi

mkdir -p "$WORK/out"
LIBRARY="$WORK/mermaid.min.js"
if [[ ! -f "$LIBRARY" ]]; then
  PIP=.build/venv/bin/pip
  [[ -x "$PIP" ]] || { python3 -m venv .build/venv && PIP=.build/venv/bin/pip; }
  rm -rf "$WORK/wheel"
  # The wheel holds only the script and says Python 3.12; nothing of it is run or installed.
  "$PIP" download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
    "$MERMAID_PACKAGE" -d "$WORK/wheel"
  python3 - "$WORK/wheel" "$LIBRARY" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/*.whl")[0]
with zipfile.ZipFile(wheel) as archive, open(sys.argv[2], "wb") as out:
    out.write(archive.read("artoo_mermaid/assets/mermaid.min.js"))
PY
fi
if ! echo "$MERMAID_SHA256  $LIBRARY" | sha256sum --check --status; then
  echo "render-mermaid: $LIBRARY is not the pinned Mermaid (SHA-256 differs)" >&2
  rm -f "$LIBRARY"
  exit 2
fi

# One page per drawing: Mermaid parses and renders the text (base64, so that nothing in it is
# read as HTML), and the page's DOM then says `RESULT ok` with the SVG, or `RESULT error`.
render() {
  local name="$1" text="$2"
  local page="$WORK/out/$name.html"
  {
    echo '<!doctype html><meta charset="utf-8"><body>'
    echo "<script src=\"../mermaid.min.js\"></script>"
    echo "<pre id=\"result\">RESULT pending</pre><div id=\"svg\"></div><script>"
    echo "const text = new TextDecoder().decode(Uint8Array.from(atob('$(printf '%s' "$text" | base64 -w0)'), c => c.charCodeAt(0)));"
    cat <<'JS'
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
(async () => {
  const result = document.getElementById("result");
  try {
    await mermaid.parse(text);
    const { svg } = await mermaid.render("drawing", text);
    document.getElementById("svg").innerHTML = svg;
    // Edge labels whose boxes overlap: Mermaid places a label at its line's middle, so two
    // labels may cover each other; reported, not failed.
    const boxes = [...document.querySelectorAll("#svg g.edgeLabel")]
      .map((label) => [label.textContent.trim(), label.getBoundingClientRect()])
      .filter(([text, box]) => text && box.width > 0);
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i], [b, q] = boxes[j];
        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) {
          overlaps.push("'" + a + "' and '" + b + "'");
        }
      }
    }
    result.textContent = "RESULT ok" + (overlaps.length ? "; labels overlap: " + overlaps.join(", ") : "");
  } catch (error) {
    result.textContent = "RESULT error " + (error && error.message ? error.message : error);
  }
})();
</script>
JS
  } >"$page"
  local dom
  dom="$("$CHROMIUM" --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
    --virtual-time-budget=60000 --dump-dom "file://$PWD/$page" 2>/dev/null)"
  local verdict
  verdict="$(printf '%s' "$dom" | grep -o 'RESULT [a-z]*[^<]*' | head -1)"
  printf '%s' "$dom" | python3 -c '
import re, sys
dom = sys.stdin.read()
match = re.search(r"<svg.*</svg>", dom, re.S)
if match: open(sys.argv[1], "w").write(match.group(0))
' "$WORK/out/$name.svg"
  case "$verdict" in
    "RESULT ok") echo "ok      $name" ;;
    "RESULT ok; "*) echo "ok      $name (${verdict#RESULT ok; })" ;;
    *) echo "FAILED  $name: ${verdict:-no result (Chromium did not run the page)}"; failures=$((failures + 1)) ;;
  esac
}

failures=0
for path in "${PATHS[@]}"; do
  stem="$(basename "$path")"
  stem="${stem%%.*}"
  render "$stem" "$("$FLOWC" graph "$path" --format mermaid 2>/dev/null)"
  render "$stem.legend" "$("$FLOWC" graph "$path" --format mermaid --legend 2>/dev/null)"
  for coordinator in $("$FLOWC" graph "$path" --format json 2>/dev/null | python3 -c '
import json, sys
for cluster in json.load(sys.stdin)["clusters"]:
    if cluster.get("coordinator"): print(cluster["coordinator"])
'); do
    render "$stem.$coordinator" \
      "$("$FLOWC" graph "$path" --format mermaid --coordinator "$coordinator" 2>/dev/null)"
  done
done
if [[ $failures -gt 0 ]]; then
  echo "render-mermaid: Mermaid refused $failures drawing(s)" >&2
  exit 1
fi
echo "render-mermaid: Mermaid rendered every drawing (SVGs in $WORK/out/)"
