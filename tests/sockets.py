"""Who a test's socket is, opening it and reading it: the cookies a teacher's browser and a
student's tablet send, Channels' communicator on an application, and waiting for a message."""

from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from classroom import auth


def session_cookie(user):
    """The session cookie of a teacher signed in as `user`."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "classroom.signin.PasswordBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def student_cookie(token):
    """The signed cookie of a tablet holding the seat token `token`."""
    return f"{auth.COOKIE_NAME}={auth._signer().sign(token)}"


async def open_socket(application, path, cookie="", timeout=1):
    """A connected communicator; the test fails if the socket is refused."""
    headers = [(b"cookie", cookie.encode())] if cookie else []
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=timeout)
    assert connected, f"{path} refused the socket"
    return communicator


async def until(socket, predicate, timeout=5):
    """Read messages until one satisfies `predicate`; returns it."""
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        if predicate(message):
            return message
