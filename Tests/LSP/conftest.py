"""End-to-end tests of `flowc lsp` with a real LSP client (pytest-lsp).

Run from the Swift suite (`LanguageServerEndToEndTests`), which passes the built binary as
FLOWC; by hand: `FLOWC=.build/debug/flowc .build/venv/bin/python -m pytest Tests/LSP`.
Each test gets a workspace of its own in a temporary directory and a server of its own.
"""
import asyncio
import os
import pathlib
import shutil

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import ClientServerConfig, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FLOWC = os.environ.get("FLOWC", str(ROOT / ".build" / "debug" / "flowc"))
FLOWS = ROOT / "flows"

# How long a test waits for the server to say something before it fails.
TIMEOUT = 30

CLEAN = """version: 1
coordinators:
  App:
    entry: true
    start: Home
    screens:
      Home: { on: { next: { push: Detail } } }
      Detail: { on: { back: pop } }
"""


def uri(path):
    return pathlib.Path(path).resolve().as_uri()


class Session:
    """A running server, its client and its workspace."""

    def __init__(self, client, root):
        self.client = client
        self.root = root
        self.versions = {}

    def path(self, name):
        return self.root / name

    def uri(self, name):
        return uri(self.path(name))

    def open(self, name, text=None):
        if text is None:
            text = self.path(name).read_text()
        self.versions[name] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=self.uri(name), language_id="yaml", version=1, text=text)))

    def change(self, name, text):
        self.versions[name] = self.versions.get(name, 1) + 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(
                uri=self.uri(name), version=self.versions[name]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))

    def save(self, name, text):
        self.path(name).write_text(text)
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=self.uri(name))))

    def close(self, name):
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=self.uri(name))))

    def diagnostics(self, name):
        return self.client.diagnostics.get(self.uri(name))

    async def wait_for(self, name, predicate, what):
        """Waits until the diagnostics of `name` satisfy `predicate`, and returns them."""
        async def wait():
            while True:
                found = self.diagnostics(name)
                if found is not None and predicate(found):
                    return found
                await self.client.wait_for_notification("textDocument/publishDiagnostics")
        try:
            return await asyncio.wait_for(wait(), TIMEOUT)
        except asyncio.TimeoutError:
            pytest.fail(f"{name}: never got {what}; last: {self.diagnostics(name)}")


def codes(diagnostics):
    return sorted(d.code for d in diagnostics)


async def start(root, arguments=(), debounce=20):
    config = ClientServerConfig(server_command=[FLOWC, "lsp", *arguments])
    client = await config.start()
    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=uri(root),
        workspace_folders=[types.WorkspaceFolder(uri=uri(root), name="ws")],
        initialization_options={"debounceMilliseconds": debounce}))
    return client


@pytest.fixture
def workspace(tmp_path):
    """A temporary workspace with a copy of the repository's flows/."""
    shutil.copytree(FLOWS, tmp_path / "flows")
    return tmp_path


@pytest_asyncio.fixture
async def session(workspace):
    client = await start(workspace)
    yield Session(client, workspace)
    await client.shutdown_session()
    await client.stop()
