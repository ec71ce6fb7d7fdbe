"""The protocol itself, over raw bytes: the lifecycle, exit codes, and what a broken
message gets."""
import json
import subprocess

from conftest import FLOWC


def frame(body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def messages(output):
    """The JSON messages of a framed output."""
    found = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        found.append(json.loads(rest[:length]))
        output = rest[length:]
    return found


def run(*chunks, root=None):
    done = subprocess.run([FLOWC, "lsp"], input=b"".join(chunks), capture_output=True,
                          timeout=60, cwd=root)
    return done.returncode, messages(done.stdout)


def request(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return frame(message)


def notification(method, params=None):
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return frame(message)


def answer(found, id):
    [message] = [m for m in found if m.get("id") == id and "method" not in m]
    return message


INITIALIZE = request(1, "initialize", {"capabilities": {}, "rootUri": None})


def test_initialize_shutdown_exit_exits_zero(tmp_path):
    status, found = run(INITIALIZE, notification("initialized"), request(2, "shutdown"),
                        notification("exit"), root=tmp_path)
    assert status == 0
    capabilities = answer(found, 1)["result"]["capabilities"]
    assert capabilities["textDocumentSync"]["change"] == 1
    assert answer(found, 2)["result"] is None


def test_exit_without_shutdown_and_end_of_input_exit_one(tmp_path):
    assert run(INITIALIZE, notification("exit"), root=tmp_path)[0] == 1
    assert run(INITIALIZE, root=tmp_path)[0] == 1


def test_a_request_before_initialize_is_refused(tmp_path):
    _, found = run(request(1, "shutdown"), notification("exit"), root=tmp_path)
    assert answer(found, 1)["error"]["code"] == -32002


def test_unknown_methods(tmp_path):
    status, found = run(INITIALIZE, notification("no/such"), request(2, "no/such"),
                        notification("$/cancelRequest", {"id": 9}), request(3, "shutdown"),
                        notification("exit"), root=tmp_path)
    assert status == 0
    assert answer(found, 2)["error"]["code"] == -32601
    assert answer(found, 3)["result"] is None


def test_malformed_messages_get_the_protocol_errors_and_the_server_goes_on(tmp_path):
    status, found = run(
        INITIALIZE,
        frame(b"{not json"),
        frame(b"[1, 2]"),
        frame({"jsonrpc": "2.0", "id": 5, "method": 7}),
        frame({"jsonrpc": "1.0", "id": 6, "method": "shutdown"}),
        frame(b"[" * 100000),
        b"Content-Type: x\r\n\r\n",
        request(7, "shutdown"), notification("exit"), root=tmp_path)
    assert status == 0
    errors = [m["error"]["code"] for m in found if "error" in m]
    assert errors.count(-32700) == 2
    assert errors.count(-32600) == 3
    assert answer(found, 5)["error"]["code"] == -32600
    assert answer(found, 6)["error"]["code"] == -32600
    assert answer(found, 7)["result"] is None


def test_requests_after_shutdown_are_invalid(tmp_path):
    status, found = run(INITIALIZE, request(2, "shutdown"), request(3, "shutdown"),
                        notification("exit"), root=tmp_path)
    assert status == 0
    assert answer(found, 3)["error"]["code"] == -32600
