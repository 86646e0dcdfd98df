"""WebSockets through the real ASGI server: origins are checked, group messages are relayed."""

import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.servers import uvicorn_process


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {
        "TUTKIMUS_VAR_DIR": str(tmp_path_factory.mktemp("var")),
        "TUTKIMUS_LIVE_DIAGNOSTICS": "1",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    with uvicorn_process(env) as (base_url, _):
        yield base_url


def ws_url(base_url, path):
    return base_url.replace("http://", "ws://") + path


def test_websocket_from_a_foreign_origin_is_refused(server):
    """A page on another site cannot open a socket to the app (Origin checked against hosts)."""
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(server, "/ws/diagnostics/"), origin="http://evil.example", open_timeout=5)
    assert refused.value.response.status_code == 403


def test_group_message_reaches_every_socket_of_the_group(server):
    """A broadcast from one socket arrives at another socket in the same group."""
    origin = server
    with connect(ws_url(server, "/ws/diagnostics/"), origin=origin) as listener, \
            connect(ws_url(server, "/ws/diagnostics/"), origin=origin) as speaker:
        speaker.send(json.dumps({"type": "broadcast", "text": "hello"}))
        received = json.loads(listener.recv(timeout=5))
    assert received["type"] == "diagnostic"
    assert received["text"] == "hello"


def test_malformed_messages_get_a_clear_error_and_the_socket_stays_open(server):
    """Bad JSON and unknown types are refused with an error message, not a crash."""
    with connect(ws_url(server, "/ws/diagnostics/"), origin=server) as socket:
        socket.send("{not json")
        first = json.loads(socket.recv(timeout=5))
        socket.send(json.dumps({"type": "launch_missiles", "id": "a1"}))
        second = json.loads(socket.recv(timeout=5))
        socket.send(json.dumps({"type": "broadcast", "text": "still here"}))
        third = json.loads(socket.recv(timeout=5))
    assert first["type"] == "error" and first["code"] == "bad_message"
    assert second["type"] == "error" and second["ref"] == "a1"
    assert third["text"] == "still here"


def test_oversized_message_closes_the_socket(server):
    """A message over the size limit closes the socket instead of being parsed."""
    with connect(ws_url(server, "/ws/diagnostics/"), origin=server) as socket:
        socket.send(json.dumps({"type": "broadcast", "text": "x" * 40_000}))
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=5)
    assert socket.close_code in (1009, 1006)
