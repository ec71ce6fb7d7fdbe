#!/usr/bin/env python3
"""Writes a clean synthetic flow module: N coordinators of M screens each.

Coordinator 0 is the entry; each coordinator starts the next one (push style) from its
first screen and handles its result, so the children form a chain. Every screen is
reachable, can go back and can finish; payloads, a decision per ten screens and a
declared struct exercise the type checks. `flowc check` reports nothing on it.

With --links L it also declares L deep links to screens spread over the whole chain, each
with an `Int` param the app builds the `Item` payloads from (`values`); one in a hundred
passes through a coordinator of its own with `via`. Every link has a route, so the check
still reports nothing, and its route search has real work: a route to coordinator k
takes k child starts.

usage: make_module.py COORDINATORS SCREENS OUT [--files K] [--links L]
  OUT is a file (one file) or, with --files K, a directory that receives K files; the
  links go into the last file.
"""
import argparse
import os
import sys


def coordinator(index, count, screens):
    name = f"C{index}"
    lines = [f"  {name}:"]
    if index == 0:
        lines.append("    entry: true")
    else:
        lines.append("    input: Item")
        lines.append("    result: { done: Item, cancelled: ~ }")
    lines.append("    start: S0")
    lines.append("    screens:")
    for s in range(screens):
        events = []
        if s + 1 < screens:
            events.append(f"next: {{ payload: Item, push: S{s + 1} }}")
        if s == 0:
            if index + 1 < count:
                events.append(
                    f"child: {{ payload: Item, start: C{index + 1}, "
                    f"on: {{ done: {{ push: S1 }}, cancelled: stay }} }}")
            if index > 0:
                events.append("cancel: { finish: cancelled }")
        else:
            events.append("back: pop")
            if index > 0 and s % 10 == 9:
                events.append(f"check: {{ decide: D{s} }}")
        if s == screens - 1 and index > 0:
            events.append("done: { payload: Item, finish: done }")
        lines.append(f"      S{s}:")
        if s > 0 or index > 0:
            lines.append("        input: Item")
        lines.append("        on: { " + ", ".join(events) + " }")
    if index > 0 and screens >= 10:
        lines.append("    decisions:")
        for s in range(9, screens, 10):
            lines.append(f"      D{s}:")
            lines.append("        cases: { ok: { payload: Item, finish: done }, again: stay }")
    return "\n".join(lines) + "\n"


def links(count, coordinators, screens):
    lines = ["links:"]
    for index in range(count):
        target = index * coordinators // count
        screen = (index * 7) % screens
        lines.append(f"  link{index}:")
        lines.append(f"    url: /c{target}/s{screen}/{{id}}/{index}")
        lines.append("    params: { id: Int }")
        lines.append("    values: { Item: [id] }")
        lines.append(f"    to: C{target}.S{screen}")
        if index % 100 == 99 and target > 0:
            lines.append(f"    via: [C0, C{max(1, target // 2)}]")
    return "\n".join(lines) + "\n"


def header(with_types):
    text = "version: 1\n"
    if with_types:
        text += "types:\n  Item: { struct: { id: Int, title: String, tags: \"[String]\" } }\n"
    return text + "coordinators:\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("coordinators", type=int)
    parser.add_argument("screens", type=int)
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=1)
    parser.add_argument("--links", type=int, default=0)
    options = parser.parse_args(argv[1:])
    count, screens, out, files = options.coordinators, options.screens, options.out, options.files
    if files == 1:
        with open(out, "w") as handle:
            handle.write(header(True))
            for index in range(count):
                handle.write(coordinator(index, count, screens))
            if options.links:
                handle.write(links(options.links, count, screens))
        return
    os.makedirs(out, exist_ok=True)
    per_file = (count + files - 1) // files
    for part in range(files):
        chunk = range(part * per_file, min(count, (part + 1) * per_file))
        if not chunk:
            break
        with open(os.path.join(out, f"part{part:04d}.flow.yaml"), "w") as handle:
            handle.write(header(part == 0))
            for index in chunk:
                handle.write(coordinator(index, count, screens))
            if options.links and chunk.stop == count:
                handle.write(links(options.links, count, screens))


if __name__ == "__main__":
    main(sys.argv)
