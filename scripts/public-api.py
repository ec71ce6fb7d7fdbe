#!/usr/bin/env python3
"""FlowCore's public API: the façade that tools embedding flowc use (load, check, generate,
draw, diff, and the model they read); everything else is `package`, which this package's
own targets (the command line, the language server, the tests) still reach.

`python3 scripts/public-api.py` rewrites `public` to `package` on every declaration of
Sources/FlowCore that is not in the façade: a declaration is in it when the top-level type
(or extension of a type) it is written in is listed in docs/architecture.md's "The public
API" section, unless it is one of the members below that stay `package`. Run it after a
merge that added `public` declarations outside the façade; `--check` only lists them
(PublicAPITests does the same, and fails while there is one).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources", "FlowCore")
DOC = os.path.join(ROOT, "docs", "architecture.md")

# Members of façade types that stay `package`: they expose the graph's and the analysis's
# internals, which no tool outside this package needs.
PACKAGE_MEMBERS = {
    "ResolvedModule.analysis", "ResolvedModule.init(analysis:)",
    "LinkRoutes.outcomes", "LinkRoutes.route", "LinkRoutes.init(analysis:)",
    "FlowGraph.coordinators", "FlowGraph.subject", "FlowGraph.payload",
}

# `public` as a modifier: not `.public` or `` `public` `` (the generator's access levels).
MODIFIER = re.compile(r"(?<![.`\w])public(?=[\s(])")

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|"
    r"final|indirect|static|nonisolated|mutating|override|convenience|required|lazy)"
    r"(?:\(set\))?\s+)*(struct|enum|class|protocol|typealias|extension|func|let|var|actor|"
    r"init|subscript|case)\b\s*([A-Za-z_][\w.]*)?(\([^)]*\))?")


def facade():
    """The top-level names the architecture page lists as public."""
    text = open(DOC, encoding="utf-8").read()
    section = text.split("## The public API", 1)[1].split("\n## ", 1)[0]
    block = section.split("<!-- public api -->", 1)[1].split("<!-- end of public api -->", 1)[0]
    return set(re.findall(r"`([A-Z]\w*)`", block))


def code_of(line, in_string):
    """The line without comments and string literal contents; whether a multi-line string
    literal is still open after it."""
    out = []
    i = 0
    while i < len(line):
        if line.startswith('"""', i):
            in_string = not in_string
            i += 3
            continue
        if in_string:
            i += 1
            continue
        if line.startswith("//", i):
            break
        if line[i] == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            i = j + 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out), in_string


def declarations(path):
    """Each line that declares something `public`: (line index, top-level name, member)."""
    depth = 0
    top = None
    in_string = False
    for index, line in enumerate(open(path, encoding="utf-8").read().split("\n")):
        code, in_string_after = code_of(line, in_string)
        if not in_string:
            match = DECLARATION.match(code)
            if depth == 0 and match:
                top = (match.group(2) or "").split(".")[0]
            if MODIFIER.search(code):
                member = None
                if depth > 0 and match:
                    kind, name, params = match.group(1), match.group(2), match.group(3)
                    if kind == "init":
                        labels = re.findall(r"(\w+)\s*(?:\w+\s*)?:", params or "")
                        member = "init(" + "".join(l + ":" for l in labels) + ")"
                    else:
                        member = name
                yield index, top, member
        depth += code.count("{") - code.count("}")
        in_string = in_string_after


def outside(names):
    """Every `public` declaration outside the façade: (path, line index, name)."""
    found = []
    for folder, _, files in sorted(os.walk(SOURCES)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            for index, top, member in declarations(path):
                qualified = f"{top}.{member}" if member else top
                if top not in names or qualified in PACKAGE_MEMBERS:
                    found.append((path, index, qualified))
    return found


def main():
    names = facade()
    found = outside(names)
    if "--check" in sys.argv:
        for path, index, name in found:
            print(f"{os.path.relpath(path, ROOT)}:{index + 1}: public {name}")
        return 1 if found else 0
    by_path = {}
    for path, index, _ in found:
        by_path.setdefault(path, set()).add(index)
    for path, indices in by_path.items():
        lines = open(path, encoding="utf-8").read().split("\n")
        for index in indices:
            lines[index] = MODIFIER.sub("package", lines[index], count=1)
        open(path, "w", encoding="utf-8").write("\n".join(lines))
    print(f"{len(found)} declarations made package in {len(by_path)} files")
    return 0


sys.exit(main())
