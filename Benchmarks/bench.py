#!/usr/bin/env python3
"""`make bench`: flowc against the libyaml floor, on clean synthetic modules.

For 1,000, 10,000 and 100,000 screens in one file, and 100,000 screens spread over many
files, it times (median wall time of several runs) a bare C loop over libyaml's parse
events (the floor: no tool reading YAML with libyaml can be faster), then `flowc check`,
`flowc generate` and `flowc graph`, and prints each as a ratio to the floor measured in
the same run, with peak memory (RSS) against the input size. It then times `flowc check`
on the largest one-file module with 1,000 deep links added (`make_module.py --links`), as
a ratio to the check without links in the same run: what proving the links' routes costs. Ratios, not absolute times,
are what we track: these machines are noisy and shared.

Then the shapes whose deep-link routes once grew faster than the module (issue 27), and the
owners of shared screens (issue 31: N coordinators each owning a copy of 10 shared screens,
`flowc check` only, its column repeated under generate), each at N = 1,000 and 10,000: a push chain of N screens with a link to each (routes of 0 to N - 1
steps, N²/2 in all), and N children of one screen each with a link whose `via` names its
child (N different `via` lists). It times `flowc check` and `flowc generate` on each and
prints 10 N against N as ratios of time and of peak memory: linear is about 10×; with
`--baseline`, the baseline's `flowc check` on the same modules too. `--route-shapes` runs
only that part.

Then the language server: after a one-character edit in one file of the 100-file,
100,000-screen module, the time until `flowc lsp` publishes the new diagnostics, against
a cold `flowc check` of that module measured in the same run; p50 and p95 over 50 edits,
as ratios (the target is at most 0.5). `--lsp` runs only that part.

With `--baseline PATH` it also times another flowc binary (say, a release build of the
previous commit) on the same modules in the same run, interleaved with this one, and prints
this build's times as ratios to the baseline's: how a change moved the speed, free of the
machine's drift between runs.

Then the reports: `flowc check` of a module with 100,000 findings (one coordinator whose
100,000 screens but the first are unreachable) in each output format, as a ratio to JSON
measured in the same run, whole command and the report phase alone (`FLOWC_TIMING`); the
target for text is at most 1.5× JSON. With `--baseline`, the baseline's report phase too.
`--reports` runs only that part.

`--paired` times only `flowc check` (and the baseline's, with `--baseline`) on three
modules of 100,000 screens: in one file, in 100 files, and in one file that is one coordinator
of 100,000 screens (which parses in pieces cut at its screens, issue 35 step 5), the floor,
this build, the baseline and a PyYAML C-loader load of the same files (what a user would script
instead; when a Python with PyYAML built on libyaml is found, this one or Debian's
python3-yaml) run one after another in each round (pairs, free of the machine's drift), with
peak memory against the input. `--flowc PATH` times that release build of flowc
instead of building one.

usage: bench.py [--runs N] [--quick] [--baseline PATH] [--flowc PATH] [--lsp] [--route-shapes]
                [--reports] [--paired]
"""
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")
FLOWC = (os.path.abspath(sys.argv[sys.argv.index("--flowc") + 1]) if "--flowc" in sys.argv
         else os.path.join(ROOT, ".build", "release", "flowc"))
FLOOR = os.path.join(WORK, "floor")


def run_once(command, cwd=None):
    """Wall seconds and peak RSS (bytes) of one run; output discarded."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        if cwd:
            os.chdir(cwd)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {code}")
    return elapsed, usage.ru_maxrss * 1024


def measure(command, runs, cwd=None, before=None):
    times, peak = [], 0
    for _ in range(runs):
        if before:
            before()
        elapsed, rss = run_once(command, cwd)
        times.append(elapsed)
        peak = max(peak, rss)
    return statistics.median(times), peak


def build():
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", FLOOR, os.path.join(HERE, "floor.c"), "-lyaml"], check=True)
    if "--flowc" in sys.argv:
        return  # a release build given, not built here
    subprocess.run(["swift", "build", "-c", "release", "--product", "flowc"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def supports(command):
    return subprocess.run([FLOWC, "help", command], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def module(screens, files, links=0, per_coordinator=100):
    """Writes (once) a module of `screens` screens, `per_coordinator` per coordinator (100
    unless said), in `files` files, with `links` deep links."""
    coordinators = max(1, screens // per_coordinator)
    name = (f"m{screens}" + (f"x{files}" if files > 1 else "") + (f"l{links}" if links else "")
            + (f"c{coordinators}" if per_coordinator != 100 else ""))
    path = os.path.join(WORK, name + ("" if files > 1 else ".flow.yaml"))
    if not os.path.exists(path):
        command = [sys.executable, os.path.join(HERE, "make_module.py"), str(coordinators),
                   str(min(screens, per_coordinator)), path]
        if files > 1:
            command += ["--files", str(files)]
        if links:
            command += ["--links", str(links)]
        subprocess.run(command, check=True)
    if files > 1:
        paths = sorted(os.path.join(path, f) for f in os.listdir(path))
    else:
        paths = [path]
    size = sum(os.path.getsize(p) for p in paths)
    return paths, size


def phases(command, runs, before=None):
    """The median of each phase flowc reports with FLOWC_TIMING=1, in seconds."""
    found = {}
    for _ in range(runs):
        if before:
            before()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env=dict(os.environ, FLOWC_TIMING="1"), text=True)
        for line in done.stderr.splitlines():
            # flowc timing: NAME N ms (peak memory so far M MB)
            if line.startswith("flowc timing: ") and " ms (" in line:
                name, _, ms = line[len("flowc timing: "):].split(" ms (")[0].rpartition(" ")
                found.setdefault(name.strip(), []).append(float(ms) / 1000)
    return {name: statistics.median(values) for name, values in found.items()}


def against(flowc, paths, runs, out, generate, graph):
    """The median times of another flowc binary on the same module."""
    times = {"check": measure([flowc, "check"] + paths, runs)[0]}
    if generate:
        target = os.path.join(out, "baseline")
        times["generate"] = measure([flowc, "generate"] + paths + ["--output", target], runs,
                                    before=lambda: fresh(target))[0]
    if graph:
        times["graph"] = measure([flowc, "graph"] + paths, runs)[0]
    return times


def fresh(directory):
    """Removes a previous run's output and flushes the removal, so that the next run's
    `fsync`s wait for its own files only."""
    shutil.rmtree(directory, ignore_errors=True)
    os.sync()


class LanguageServer:
    """`flowc lsp` over pipes, with a thread that reads its messages into a queue."""

    def __init__(self, flowc, root):
        self.process = subprocess.Popen([flowc, "lsp"], cwd=root, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put((time.perf_counter(), json.loads(stream.read(length))))

    def send(self, message):
        data = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)[1]

    def wait(self, predicate, timeout=600):
        """The first message (arrival time, message) that satisfies `predicate`."""
        while True:
            arrived, message = self.messages.get(timeout=timeout)
            if predicate(message):
                return arrived, message

    def close(self):
        self.request("shutdown", None)
        self.send({"method": "exit"})
        self.process.wait(timeout=60)


def route_shape(shape, n):
    """Writes (once) the module of one route shape with `n` screens or children."""
    path = os.path.join(WORK, f"{shape}{n}.flow.yaml")
    if os.path.exists(path):
        return path
    lines = ["version: 1", "coordinators:", "  App:", "    entry: true"]
    if shape == "chain":
        # One stack: S0 pushes S1 pushes S2…, a link to each screen.
        lines += ["    start: S0", "    screens:"]
        for i in range(n):
            events = [f"next: {{ push: S{i + 1} }}"] if i + 1 < n else []
            if i > 0:
                events.append("back: pop")
            lines.append(f"      S{i}: {{ on: {{ {', '.join(events)} }} }}")
        lines.append("links:")
        lines += [f"  l{i}: {{ url: /s/{i}, to: App.S{i} }}" for i in range(n)]
    elif shape == "tabchain":
        # Under one tab, C0 starts C1 starts C2…, and the last selects the other tab: the
        # nearest tab coordinators are propagated once down the chain (no links).
        lines = ["version: 1", "coordinators:", "  Main:", "    entry: true", "    tabs:",
                 "      - start: C0", "      - start: Account", "  Account:",
                 "    start: Profile", "    screens:", "      Profile: { on: { stay: stay } }"]
        for i in range(n):
            following = f"{{ start: C{i + 1}, on: {{ done: stay }} }}" if i + 1 < n \
                else "{ select: Account }"
            lines += [f"  C{i}:"] + (["    result: { done: ~ }"] if i > 0 else []) + [
                "    start: S", "    screens:",
                f"      S: {{ on: {{ next: {following}, "
                f"done: {'stay' if i == 0 else '{ finish: done }'} }} }}"]
    elif shape == "shared":
        # N coordinators under one entry, each pushing the first of 10 shared screens that
        # push one another in a ring (FLOW-SPEC 13.2): every coordinator owns a copy of all
        # ten, so checking grows with owners × shared screens reached, 10 N here (no links;
        # not generated yet, so only `flowc check` is timed).
        lines = ["version: 1", "screens:"]
        lines += [f"  Shared{j}: {{ on: {{ next: {{ push: Shared{(j + 1) % 10} }}, back: pop }} }}"
                  for j in range(10)]
        lines += ["coordinators:", "  App:", "    entry: true", "    start: Home", "    screens:",
                  "      Home:", "        on:"]
        lines += [f"          c{i}: {{ start: C{i}, on: {{ done: stay }} }}" for i in range(n)]
        for i in range(n):
            lines += [f"  C{i}:", "    result: { done: ~ }", "    leave: done", "    start: A",
                      "    screens:",
                      "      A: { on: { shared: { push: Shared0 }, done: { finish: done } } }"]
    else:
        # One screen starts each of n children; each link passes through its own child.
        lines += ["    start: Home", "    screens:", "      Home:", "        on:"]
        lines += [f"          c{i}: {{ start: C{i}, on: {{ done: stay }} }}" for i in range(n)]
        for i in range(n):
            lines += [f"  C{i}:", "    result: { done: ~ }", "    start: A", "    screens:",
                      "      A: { on: { next: { push: B }, done: { finish: done } } }",
                      "      B: { on: { back: pop } }"]
        lines.append("links:")
        lines += [f"  l{i}: {{ url: /c/{i}, to: C{i}.B, via: [C{i}] }}" for i in range(n)]
    os.makedirs(WORK, exist_ok=True)
    with open(path, "w") as file:
        file.write("\n".join(lines) + "\n")
    return path


def report_route_shapes(runs, baseline=None):
    """`flowc check` and `flowc generate` on each route shape at 1,000 and 10,000, and the
    ratios of 10,000 to 1,000 (time, peak memory); with `baseline`, the same for that binary,
    `check` only (one run at 10,000: it may take minutes and gigabytes)."""
    out = tempfile.mkdtemp(prefix="flowc-bench-routes-")
    target = os.path.join(out, "generated")
    names = {"chain": "push chain of N screens, a link to each",
             "via": "N children, each link with its own via",
             "tabchain": "chain of N children under a tab, a select",
             "shared": "N owners of 10 shared screens each (r3)"}
    print(f"\n{'shape that must stay linear':<42} {'N':>6} | {'check':>8} {'RSS':>7} | "
          f"{'generate':>8} {'RSS':>7}")
    for shape in ("chain", "via", "tabchain", "shared"):
        found = {}
        for n in (1_000, 10_000):
            path = route_shape(shape, n)
            check = measure([FLOWC, "check", path], runs)
            # Shared screens are not generated yet: `generate` would time its refusal.
            generate = check if shape == "shared" else measure(
                [FLOWC, "generate", path, "--output", target], runs, before=lambda: fresh(target))
            found[n] = (check, generate)
            print(f"{names[shape]:<42} {n:>6} | {check[0] * 1000:6.0f}ms {check[1] / 1e6:5.0f}MB | "
                  f"{generate[0] * 1000:6.0f}ms {generate[1] / 1e6:5.0f}MB")
        (check_small, generate_small), (check_large, generate_large) = found[1_000], found[10_000]
        print(f"{'':<42} {'10×N/N':>6} | {check_large[0] / check_small[0]:7.1f}× "
              f"{check_large[1] / check_small[1]:5.1f}× | {generate_large[0] / generate_small[0]:7.1f}× "
              f"{generate_large[1] / generate_small[1]:5.1f}×")
        if baseline:
            small = measure([baseline, "check", route_shape(shape, 1_000)], runs)
            large = measure([baseline, "check", route_shape(shape, 10_000)], 1)
            print(f"{'  the baseline, check':<42} {'10×N/N':>6} | {large[0] / small[0]:7.1f}× "
                  f"{large[1] / small[1]:5.1f}× | at 10,000: {large[0] * 1000:.0f}ms "
                  f"{large[1] / 1e6:.0f}MB, {large[0] / check_large[0]:.1f}× the time and "
                  f"{large[1] / check_large[1]:.1f}× the memory of this build")
    shutil.rmtree(out, ignore_errors=True)


def edit_latency(paths, runs, edits=50):
    """p50 and p95 of the time from a one-character edit to its new diagnostics, and the
    median cold `flowc check` of the same module, in seconds."""
    root = tempfile.mkdtemp(prefix="flowc-bench-lsp-")
    for path in paths:
        shutil.copy(path, root)
    names = sorted(os.listdir(root))
    cold, _ = measure([FLOWC, "check"] + [os.path.join(root, n) for n in names], runs)
    server = LanguageServer(FLOWC, root)
    try:
        server.request("initialize", {"processId": os.getpid(), "capabilities": {},
                                      "rootUri": "file://" + root})
        server.send({"method": "initialized", "params": {}})
        edited = os.path.join(root, names[len(names) // 2])
        uri = "file://" + edited
        with open(edited) as file:
            text = file.read()

        def published(expect_findings):
            return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                              and m["params"]["uri"] == uri
                              and bool(m["params"]["diagnostics"]) == expect_findings)

        server.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
        server.wait(published(False))
        # One character added to a pushed screen's name makes an unknown reference; taking
        # it away clears it: every edit changes the diagnostics.
        place = text.index("push: S2 }") + len("push: S2")
        broken = text[:place] + "x" + text[place:]
        times = []
        for version in range(2, edits + 2):
            findings = version % 2 == 0
            sent = time.perf_counter()
            server.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": broken if findings else text}]}})
            arrived, _ = server.wait(published(findings))
            times.append(arrived - sent)
        server.close()
    finally:
        if server.process.poll() is None:
            server.process.kill()
        shutil.rmtree(root, ignore_errors=True)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    return p50, p95, cold


def report_edit_latency(runs):
    paths, _ = module(100_000, 100)
    p50, p95, cold = edit_latency(paths, runs)
    print(f"\nflowc lsp, one-character edit in one of 100 files, 100,000 screens: new "
          f"diagnostics after p50 {p50 * 1000:.0f}ms ({p50 / cold:.2f}× a cold check), "
          f"p95 {p95 * 1000:.0f}ms ({p95 / cold:.2f}×); cold `flowc check` {cold * 1000:.0f}ms "
          f"(target ≤ 0.5×)")


def findings_module(count):
    """Writes (once) a module with `count` findings: one coordinator whose screens but the
    first no screen reaches (`unreachable-screen`, a warning with an excerpt each)."""
    os.makedirs(WORK, exist_ok=True)
    path = os.path.join(WORK, f"findings{count}.flow.yaml")
    if not os.path.exists(path):
        lines = ["version: 1", "coordinators:", "  App:", "    entry: true", "    start: S0",
                 "    screens:"]
        lines += [f"      S{i}: {{ on: {{ next: {{ push: S0 }} }} }}" for i in range(count + 1)]
        with open(path, "w") as file:
            file.write("\n".join(lines) + "\n")
    return path


def report_formats(runs, baseline):
    """Each output format of 100,000 findings against JSON, in the same run."""
    path = findings_module(100_000)
    formats = ["json", "text", "sarif", "github"]
    print(f"\n100,000 findings (`flowc check --format F`), against JSON in the same run "
          "(whole command; the report phase alone):")
    whole, report = {}, {}
    for name in formats:
        command = [FLOWC, "check", path, "--format", name]
        whole[name] = measure(command, runs)[0]
        report[name] = phases(command, runs).get("report", float("nan"))
    for name in formats:
        print(f"  {name:>6}: {whole[name] * 1000:6.0f}ms {whole[name] / whole['json']:4.2f}×; "
              f"report {report[name] * 1000:6.0f}ms {report[name] / report['json']:4.2f}×"
              + (" (target ≤ 1.5×)" if name == "text" else ""))
    if baseline:
        for name in ("json", "text"):
            theirs = phases([baseline, "check", path, "--format", name], runs).get("report")
            if theirs:
                print(f"  {name} report against the baseline's: {report[name] / theirs:.2f}×")


def pyyaml_python():
    """A Python whose PyYAML has libyaml's C loader (this one, or Debian's python3-yaml), or
    `None`."""
    probe = "import yaml, sys; sys.exit(0 if yaml.__with_libyaml__ else 1)"
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run(
                [python, "-c", probe], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0:
            return python
    return None


# What a user would script instead of flowc: load every file with PyYAML's C loader, in one
# process, and keep what it built.
PYYAML_LOAD = """import sys, yaml
documents = []
for path in sys.argv[1:]:
    with open(path, 'rb') as stream:
        documents.append(yaml.load(stream, Loader=yaml.CSafeLoader))
"""


def report_paired(runs, baseline):
    """`flowc check` against the floor (and the baseline, and a PyYAML C-loader load of the
    same files), run after one another in each round, on 100,000 screens in one file, in 100
    files, and as one coordinator."""
    cases = [("one file, 1,000 coordinators", module(100_000, 1)),
             ("100 files", module(100_000, 100)),
             ("one file, one coordinator", module(100_000, 1, per_coordinator=100_000))]
    python = pyyaml_python()
    if python is None:
        print("(no PyYAML with libyaml's C loader: install python3-yaml to compare with it)")
    print(f"{'module (100,000 screens)':<32} {'input':>7} | {'floor':>7} | {'check':>7} {'×floor':>6} "
          f"{'RSS×in':>6}" + (f" | {'baseline':>8} {'×floor':>6} {'RSS×in':>6} | {'this/base':>9}"
                              if baseline else "")
          + (f" | {'PyYAML':>7} {'÷check':>6}" if python else ""))
    for name, (paths, size) in cases:
        floor, check, base, ratios, pyyaml, speedups = [], [], [], [], [], []
        rss, base_rss = 0, 0
        for _ in range(runs):
            floor.append(run_once([FLOOR] + paths)[0])
            elapsed, peak = run_once([FLOWC, "check"] + paths)
            check.append(elapsed)
            rss = max(rss, peak)
            if baseline:
                theirs, peak = run_once([baseline, "check"] + paths)
                base.append(theirs)
                base_rss = max(base_rss, peak)
                ratios.append(elapsed / theirs)
            if python:
                loaded = run_once([python, "-c", PYYAML_LOAD] + paths)[0]
                pyyaml.append(loaded)
                speedups.append(loaded / elapsed)
        f, c = statistics.median(floor), statistics.median(check)
        line = (f"{name:<32} {size / 1e6:5.1f}MB | {f * 1000:5.0f}ms | {c * 1000:5.0f}ms {c / f:5.2f}× "
                f"{rss / size:5.1f}×")
        if baseline:
            b = statistics.median(base)
            line += (f" | {b * 1000:6.0f}ms {b / f:5.2f}× {base_rss / size:5.1f}× | "
                     f"{statistics.median(ratios):8.2f}×")
        if python:
            line += f" | {statistics.median(pyyaml):6.1f}s {statistics.median(speedups):5.1f}×"
        print(line)
    print(f"\n{runs} rounds, medians; this/base and PyYAML ÷check are the medians of each round's "
          "ratio (targets: check ≤ 1.8× the floor in one file, ≤ 1.3× in 100 files; PyYAML "
          "≥ 20× check)")


def main():
    runs = 5
    if "--runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--runs") + 1])
    cases = [(1_000, 1), (10_000, 1), (100_000, 1), (100_000, 100)]
    if "--quick" in sys.argv:
        cases = cases[:2]
    baseline = None
    if "--baseline" in sys.argv:
        baseline = os.path.abspath(sys.argv[sys.argv.index("--baseline") + 1])
    build()
    if "--lsp" in sys.argv:
        report_edit_latency(runs)
        return
    if "--route-shapes" in sys.argv:
        report_route_shapes(runs, baseline)
        return
    if "--reports" in sys.argv:
        report_formats(runs, baseline)
        return
    if "--paired" in sys.argv:
        report_paired(runs, baseline)
        return
    generate, graph = supports("generate"), supports("graph")
    out = tempfile.mkdtemp(prefix="flowc-bench-")
    header = (f"{'screens':>8} {'files':>5} {'input':>8} | {'floor':>8} | {'check':>8} {'×':>5} | "
              f"{'generate':>8} {'×':>5} | {'graph':>8} {'×':>5} | {'check RSS':>9} {'×input':>6} | "
              f"{'max RSS':>9} {'×input':>6}")
    print(header)
    print("-" * len(header))
    results = []
    for screens, files in cases:
        paths, size = module(screens, files)
        floor, _ = measure([FLOOR] + paths, runs)
        check, rss = measure([FLOWC, "check"] + paths, runs)
        row = {"screens": screens, "files": files, "size": size, "floor": floor, "check": check,
               "check_rss": rss, "rss": rss}
        if generate:
            target = os.path.join(out, "generated")
            row["generate"], grss = measure(
                [FLOWC, "generate"] + paths + ["--output", target], runs,
                before=lambda: fresh(target))
            row["rss"] = max(rss, grss)
        if graph:
            row["graph"], drss = measure([FLOWC, "graph"] + paths, runs)
            row["rss"] = max(row["rss"], drss)
        if baseline:
            row["baseline"] = against(baseline, paths, runs, out, generate, graph)
        results.append(row)

        def cell(key):
            if key not in row:
                return f"{'-':>8} {'':>5}"
            return f"{row[key] * 1000:7.0f}ms {row[key] / floor:4.2f}×"
        print(f"{screens:>8} {files:>5} {size / 1e6:6.1f}MB | {floor * 1000:6.0f}ms | {cell('check')} | "
              f"{cell('generate')} | {cell('graph')} | {row['check_rss'] / 1e6:7.0f}MB {row['check_rss'] / size:5.1f}× | "
              f"{row['rss'] / 1e6:7.0f}MB {row['rss'] / size:5.1f}×")
    # Linearity: 10× more input should cost at most 11× the time.
    by_key = {(r["screens"], r["files"]): r for r in results}
    if (10_000, 1) in by_key and (100_000, 1) in by_key:
        small, large = by_key[(10_000, 1)], by_key[(100_000, 1)]
        print(f"\nlinearity, 10,000 → 100,000 screens: check {large['check'] / small['check']:.1f}×"
              + (f", generate {large['generate'] / small['generate']:.1f}×" if generate else "")
              + (f", graph {large['graph'] / small['graph']:.1f}×" if graph else "")
              + " (target ≤ 11×)")
    # Generating and drawing a module against checking it (which they both start with).
    for r in results:
        if generate and graph:
            print(f"{r['screens']:,} screens in {r['files']} file(s): generate takes "
                  f"{r['generate'] / r['check']:.2f}× check, graph {r['graph'] / r['check']:.2f}×")
    # The steps after the check alone, as flowc times them (FLOWC_TIMING), against the whole
    # check of the same module: what generating and drawing cost on top of checking.
    if generate and graph and (100_000, 1) in by_key:
        paths, _ = module(100_000, 1)
        check = by_key[(100_000, 1)]["check"]
        target = os.path.join(out, "generated")
        built = phases([FLOWC, "generate"] + paths + ["--output", target], runs,
                       before=lambda: fresh(target))
        drawn = phases([FLOWC, "graph"] + paths, runs)
        print(f"100,000 screens, after the check: building the Swift "
              f"{built['generate Swift'] * 1000:.0f}ms ({built['generate Swift'] / check:.2f}× check), "
              f"writing it {built['write'] * 1000:.0f}ms; building the drawing "
              f"{drawn['build the drawing'] * 1000:.0f}ms and writing it "
              f"{drawn['write the drawing'] * 1000:.0f}ms "
              f"({(drawn['build the drawing'] + drawn['write the drawing']) / check:.2f}× check)")
    # The links' route search: the largest one-file module with 1,000 links against the
    # same module without them, measured here, interleaved, so the machine's drift cancels.
    if supports("links"):
        largest = max(screens for screens, files in cases if files == 1)
        plain, _ = module(largest, 1)
        linked, _ = module(largest, 1, links=1000)
        without, with_links = [], []
        for _ in range(runs):
            without.append(run_once([FLOWC, "check"] + plain)[0])
            with_links.append(run_once([FLOWC, "check"] + linked)[0])
        without, with_links = statistics.median(without), statistics.median(with_links)
        print(f"{largest:,} screens: check with 1,000 links {with_links * 1000:.0f}ms, "
              f"{with_links / without:.2f}× the check without links ({without * 1000:.0f}ms)")
    if baseline:
        print(f"\nagainst the baseline {baseline} (this build's time / the baseline's, "
              "measured in this run; below 1 is faster):")
        for r in results:
            parts = [f"{step} {r[step] / r['baseline'][step]:.2f}×"
                     for step in ("check", "generate", "graph") if step in r and step in r["baseline"]]
            print(f"  {r['screens']:,} screens in {r['files']} file(s): " + ", ".join(parts))
    shutil.rmtree(out, ignore_errors=True)
    if supports("links"):
        report_route_shapes(runs, baseline)
    report_formats(runs, baseline)
    if supports("lsp") and "--quick" not in sys.argv:
        report_edit_latency(runs)
    print(f"\n{runs} runs each, median wall time; {os.cpu_count()} cores; "
          f"floor = libyaml's event loop alone (Benchmarks/floor.c)")


if __name__ == "__main__":
    main()
