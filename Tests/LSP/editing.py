"""What the tests of the editor features share: a module of two files (`main` starts
`Auth`, which `auth` defines), places in them found by text and counted in UTF-16 as LSP
counts, and edits applied as an editor applies them."""
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import ClientServerConfig, client_capabilities

from conftest import FLOWC, Session, uri

# Non-ASCII text (an emoji is two UTF-16 units) stands before names on their lines.
MAIN = """version: 1
coordinators:
  App:
    entry: true
    start: Home
    screens:
      Home:
        on:
          login: { doc: "Début → 🔑", start: Auth, on: { done: { push: Home }, cancelled: stay } }
"""

AUTH = """version: 1
types:
  User: external
coordinators:
  Auth:
    doc: Signs the user in.
    result: { done: User, cancelled: ~ }
    start: Login
    screens:
      Login:
        on:
          ok: { payload: User, finish: done }
          forgot: { doc: "Mot de passe oublié", push: Forgot }
          close: { finish: cancelled }
      Forgot: { on: { back: pop, sent: { push: Login } } }
"""


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def at(text, needle, occurrence=0, offset=0):
    """The LSP position `offset` characters into the `occurrence`-th `needle` of `text`."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=utf16(text[start:index]))


def spelled(text, range_):
    """The text a range spans on its line."""
    line = text.splitlines()[range_.start.line]
    units = line.encode("utf-16-le")
    return units[2 * range_.start.character:2 * range_.end.character].decode("utf-16-le")


def offset(text, position):
    """The index into `text` of an LSP position."""
    lines = text.splitlines(keepends=True)
    before = sum(len(line) for line in lines[:position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = line.encode("utf-16-le")[:2 * position.character]
    return before + len(units.decode("utf-16-le"))


def apply(text, edits):
    """`text` with `edits` (TextEdits of it) applied, the last first."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                       reverse=True):
        text = text[:offset(text, edit.range.start)] + edit.new_text + \
            text[offset(text, edit.range.end):]
    return text


def document(session, name):
    return types.TextDocumentIdentifier(uri=session.uri(name))


def write_module(root, files):
    flows = root / "flows"
    flows.mkdir(exist_ok=True)
    for path in flows.iterdir():
        path.unlink()
    for name, text in files.items():
        (flows / name).write_text(text)


@pytest_asyncio.fixture
async def two_files(tmp_path):
    """A server on a workspace of `main` and `auth`, neither of them opened."""
    write_module(tmp_path, {"main.flow.yaml": MAIN, "auth.flow.yaml": AUTH})
    client = await ClientServerConfig(server_command=[FLOWC, "lsp"]).start()
    session = Session(client, tmp_path)
    # The answer to `initialize`, for its capabilities.
    session.initialized = await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=uri(tmp_path),
        workspace_folders=[types.WorkspaceFolder(uri=uri(tmp_path), name="ws")],
        initialization_options={"debounceMilliseconds": 20}))
    yield session
    await client.shutdown_session()
    await client.stop()
