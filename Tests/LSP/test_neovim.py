"""A headless Neovim with its built-in LSP client: a misspelt screen in a file of flows/
gets `unknown-reference` at its place."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import FLOWC, FLOWS

HERE = os.path.dirname(os.path.abspath(__file__))


def test_neovim_shows_a_misspelt_screen_at_its_place(tmp_path):
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.fail("nvim is not installed; run 'scripts/install-deps.sh --tests'")
    shutil.copytree(FLOWS, tmp_path / "flows")
    result = tmp_path / "result.json"
    environment = dict(os.environ, FLOWC=FLOWC, ROOT=str(tmp_path),
                       FLOW_FILE=str(tmp_path / "flows" / "account.flow.yaml"),
                       RESULT=str(result), XDG_STATE_HOME=str(tmp_path / "state"),
                       XDG_DATA_HOME=str(tmp_path / "data"))
    subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "-u",
                    os.path.join(HERE, "neovim_smoke.lua")],
                   cwd=tmp_path, env=environment, timeout=120, stdin=subprocess.DEVNULL,
                   capture_output=True)
    assert result.exists(), "Neovim wrote no result"
    outcome = json.loads(result.read_text())
    assert "error" not in outcome, outcome
    found, expected = outcome["found"], outcome["expected"]
    assert found is not None, f"no unknown-reference diagnostic; expected {expected}"
    assert (found["lnum"], found["col"]) == (expected["lnum"], expected["col"])
    assert expected["name"] in found["message"]
    assert found["source"] == "flowc"
