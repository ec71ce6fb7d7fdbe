"""Diagnostics: on open, change and save; across files; severities and suppressions as
`flowc check` applies them; positions in UTF-16."""
import asyncio
import json
import subprocess

import pytest
from lsprotocol import types

from conftest import CLEAN, FLOWC, TIMEOUT, Session, codes, start, uri

pytestmark = pytest.mark.asyncio


async def test_every_file_of_the_workspace_is_checked_at_start(session):
    # flows/ is clean: every file gets its (empty) diagnostics without being opened.
    for path in sorted((session.root / "flows").glob("*.flow.yaml")):
        name = f"flows/{path.name}"
        assert list(await session.wait_for(name, lambda d: True, "diagnostics")) == []


async def test_a_misspelt_screen_is_reported_on_open_at_its_place(session):
    name = "flows/account.flow.yaml"
    text = session.path(name).read_text().replace(
        "orders: { push: OrderHistory }", "orders: { push: OrderHistroy }")
    session.open(name, text)
    found = await session.wait_for(name, lambda d: len(d) > 0, "a finding")
    [diagnostic] = [d for d in found if d.code == "unknown-reference"]
    assert diagnostic.source == "flowc"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert "OrderHistroy" in diagnostic.message and "OrderHistory" in diagnostic.message
    line = text.splitlines()[diagnostic.range.start.line]
    start = diagnostic.range.start.character
    assert line[start:diagnostic.range.end.character] == "OrderHistroy"


async def test_a_change_reports_then_clears_a_finding(session):
    name = "flows/account.flow.yaml"
    good = session.path(name).read_text()
    session.open(name, good)
    await session.wait_for(name, lambda d: not d, "no findings")
    session.change(name, good.replace("push: OrderHistory", "push: Nowhere"))
    await session.wait_for(
        name, lambda d: "unknown-reference" in codes(d), "the unknown reference")
    session.change(name, good)
    await session.wait_for(name, lambda d: not d, "the finding cleared")


async def test_save_checks_what_is_on_disk(session):
    name = "flows/account.flow.yaml"
    good = session.path(name).read_text()
    session.open(name, good)
    await session.wait_for(name, lambda d: not d, "no findings")
    session.save(name, good.replace("version: 1", "version: 7"))
    # The editor's text is what was saved.
    session.change(name, good.replace("version: 1", "version: 7"))
    await session.wait_for(name, lambda d: "schema" in codes(d), "the bad version")


async def test_a_change_in_one_file_updates_findings_in_another(workspace):
    (workspace / "flows").mkdir(exist_ok=True)
    for path in (workspace / "flows").iterdir():
        path.unlink()
    parent = """version: 1
coordinators:
  App:
    entry: true
    start: Home
    screens:
      Home:
        on:
          login:
            start: Login
            on:
              done: stay
"""
    child = """version: 1
coordinators:
  Login:
    result: { done: ~, failed: ~ }
    start: Form
    screens:
      Form: { on: { ok: { finish: done }, no: { finish: failed } } }
"""
    (workspace / "flows/app.flow.yaml").write_text(parent)
    (workspace / "flows/login.flow.yaml").write_text(child)
    client = await start(workspace)
    session = Session(client, workspace)
    try:
        # The parent does not handle `failed`: its start is unhandled.
        await session.wait_for("flows/app.flow.yaml",
                               lambda d: codes(d) == ["unhandled-result"], "unhandled-result")
        # Removing the case in the child's file clears the finding in the parent's.
        session.open("flows/login.flow.yaml", child)
        session.change("flows/login.flow.yaml", child.replace(
            "result: { done: ~, failed: ~ }", "result: { done: ~ }").replace(
            ", no: { finish: failed }", ""))
        await session.wait_for("flows/app.flow.yaml", lambda d: not d, "the finding cleared")
    finally:
        await client.shutdown_session()
        await client.stop()


def flowc_check(workspace):
    done = subprocess.run([FLOWC, "check", "--format", "json"], cwd=workspace,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


async def test_severities_and_suppressions_are_those_of_flowc_check(workspace):
    for path in (workspace / "flows").iterdir():
        path.unlink()
    (workspace / ".flowc.yml").write_text(
        "rules:\n  unused-type: error\n  unreachable-screen: off\n")
    text = """version: 1
types:
  Spare: { struct: { a: Int } }
coordinators:
  App:
    entry: true
    start: Home
    screens:
      Home: { on: { next: { push: Detail } } }
      Detail: { on: { back: pop } }
      Lost: { on: { back: pop } }
      Hidden:
        lint: { ignore: [unreachable-screen, unknown-reference] }
        on: { go: { push: Nowhere } }
"""
    (workspace / "flows/app.flow.yaml").write_text(text)
    expected = flowc_check(workspace)
    client = await start(workspace)
    session = Session(client, workspace)
    try:
        found = await session.wait_for("flows/app.flow.yaml", lambda d: True, "diagnostics")
        wanted = sorted(
            (f["rule"], f["severity"], f["line"] - 1, f["column"] - 1)
            for f in expected["diagnostics"])
        severity = {types.DiagnosticSeverity.Error: "error",
                    types.DiagnosticSeverity.Warning: "warning"}
        got = sorted((d.code, severity[d.severity], d.range.start.line,
                      d.range.start.character) for d in found)
        assert got == wanted
        assert ("unused-type", "error", 2, 2) in got
        assert not any(d.code in ("unreachable-screen", "unknown-reference") for d in found)
    finally:
        await client.shutdown_session()
        await client.stop()


async def test_related_locations_are_related_information(session):
    # A new file, not yet saved, defines Account a second time: the later place (by path)
    # names the earlier one.
    name = "flows/extra.flow.yaml"
    session.open(name, CLEAN.replace("App:", "Account:"))
    found = await session.wait_for(
        name, lambda d: "duplicate-name" in codes(d), "the duplicate")
    [duplicate] = [d for d in found if d.code == "duplicate-name"]
    assert duplicate.related_information
    related = duplicate.related_information[0]
    assert related.location.uri == session.uri("flows/account.flow.yaml")


async def test_columns_count_utf16_code_units(session):
    # `é` is one character and one UTF-16 unit, `𝒜` one character and two units: the
    # misspelt target after them starts where the editor counts it.
    name = "flows/wide.flow.yaml"
    text = CLEAN.replace(
        "Detail: { on: { back: pop } }",
        "Detail: { doc: \"é𝒜\", on: { back: pop, x: { push: Nope } } }")
    session.open(name, text.replace("App:", "Wide:"))
    found = await session.wait_for(
        name, lambda d: "unknown-reference" in codes(d), "the unknown reference")
    [diagnostic] = [d for d in found if d.code == "unknown-reference"]
    line = text.splitlines()[diagnostic.range.start.line]
    units = line.encode("utf-16-le")
    start, end = diagnostic.range.start.character, diagnostic.range.end.character
    assert units[2 * start:2 * end].decode("utf-16-le") == "Nope"


async def test_a_file_deleted_on_disk_has_its_findings_cleared(session):
    name = "flows/broken.flow.yaml"
    session.path(name).write_text("version: 1\ncoordinators: [\n")
    # A save elsewhere makes the server look at the disk again.
    session.save("flows/main.flow.yaml", session.path("flows/main.flow.yaml").read_text())
    await session.wait_for(name, lambda d: "yaml-syntax" in codes(d), "the syntax error")
    session.path(name).unlink()
    session.save("flows/main.flow.yaml", session.path("flows/main.flow.yaml").read_text())
    await session.wait_for(name, lambda d: not d, "the findings cleared")


async def test_a_ten_megabyte_buffer_is_checked_and_the_server_goes_on(session):
    name = "flows/huge.flow.yaml"
    # 10 MB of one comment line: bounded work, then an ordinary answer.
    text = CLEAN.replace("App:", "Huge:") + "# " + "x" * (10 * 1024 * 1024) + "\n"
    session.open(name, text)
    found = await session.wait_for(name, lambda d: True, "diagnostics")
    assert "yaml-syntax" not in codes(found)
    session.change(name, "version: 1\ncoordinators: [\n")
    await session.wait_for(name, lambda d: "yaml-syntax" in codes(d), "the syntax error")


async def test_a_configuration_it_cannot_read_is_shown_escaped(workspace):
    """The message about a configuration the server cannot read says what `flowc check`
    says, its control characters escaped once (`\\u{1B}`), as on the command line."""
    (workspace / ".flowc.yml").write_text('rules:\n  "k\\e]0;x": error\n')
    client = await start(workspace)
    try:
        async def shown():
            while not client.messages:
                await asyncio.sleep(0.05)
            return client.messages[0].message
        message = await asyncio.wait_for(shown(), TIMEOUT)
        assert "unknown rule 'k\\u{1B}]0;x'" in message
        assert "\x1b" not in message
    finally:
        await client.shutdown_session()
        await client.stop()
