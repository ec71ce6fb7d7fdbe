"""A headless Neovim with its built-in LSP client, configured by the init.lua that
docs/editors.md documents (read from the page, as written there): a misspelt screen in a
file of flows/ gets `unknown-reference` at its place."""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import FLOWC, FLOWS, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))


def documented_snippets():
    """The Lua blocks of docs/editors.md's Neovim section: (for 0.10+, for 0.7 to 0.9)."""
    page = (ROOT / "docs" / "editors.md").read_text()
    section = page.split("### Neovim", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```lua\n(.*?)```", section, re.S)
    assert len(blocks) == 2, f"the Neovim section has {len(blocks)} Lua blocks, not 2"
    modern, older = blocks
    assert "vim.fs.root" in modern and "vim.lsp.start(" in modern
    assert "vim.fs" not in older and "vim.lsp.start_client" in older
    return modern, older


def neovim():
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.fail("nvim is not installed; run 'scripts/install-deps.sh --tests'")
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout
    version = tuple(int(part) for part in re.search(r"v(\d+)\.(\d+)", first).groups())
    return nvim, version


def run_neovim(nvim, arguments, tmp_path, **environment):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               **environment)
    return subprocess.run([nvim, "--headless", "-n", "-i", "NONE"] + arguments, cwd=tmp_path,
                          env=env, timeout=120, stdin=subprocess.DEVNULL, capture_output=True)


def test_the_documented_configuration_shows_a_misspelt_screen_at_its_place(tmp_path):
    nvim, version = neovim()
    modern, older = documented_snippets()
    init = tmp_path / "init.lua"
    init.write_text(modern if version >= (0, 10) else older)
    shutil.copytree(FLOWS, tmp_path / "flows")
    result = tmp_path / "result.json"
    # `flowc` as the snippet names it: the build's, first on the PATH.
    path = os.path.dirname(os.path.abspath(FLOWC)) + os.pathsep + os.environ.get("PATH", "")
    run_neovim(nvim, ["-u", str(init), "-c", "luafile " + os.path.join(HERE, "neovim_smoke.lua"),
                      str(tmp_path / "flows" / "account.flow.yaml")],
               tmp_path, PATH=path, RESULT=str(result))
    assert result.exists(), "Neovim wrote no result"
    outcome = json.loads(result.read_text())
    assert "error" not in outcome, outcome
    found, expected = outcome["found"], outcome["expected"]
    assert found is not None, f"no unknown-reference diagnostic; expected {expected}"
    assert (found["lnum"], found["col"]) == (expected["lnum"], expected["col"])
    assert expected["name"] in found["message"]
    assert found["source"] == "flowc"


def test_the_other_documented_configuration_is_valid_lua(tmp_path):
    nvim, version = neovim()
    modern, older = documented_snippets()
    snippet = tmp_path / "other.lua"
    snippet.write_text(older if version >= (0, 10) else modern)
    result = tmp_path / "result.txt"
    run_neovim(nvim, ["-u", "NONE", "-c",
                      "lua local f = io.open(os.getenv('SNIPPET')); "
                      "local _, problem = loadstring(f:read('*a')); f:close(); "
                      "local out = io.open(os.getenv('RESULT'), 'w'); "
                      "out:write(problem or 'ok'); out:close()",
                      "-c", "qa!"],
               tmp_path, SNIPPET=str(snippet), RESULT=str(result))
    assert result.read_text() == "ok"
