"""Password reset by e-mail, through Django's own views, against a real SMTP server (aiosmtpd)
started by the test; embedded, the mail goes to the console."""

import os
import re
import subprocess
import sys
import time
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model
from django.test import Client

from tests.servers import BASE_DIR, free_port

pytestmark = pytest.mark.django_db


class Inbox:
    """An aiosmtpd handler keeping every message it is given."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content,
                                                                    policy=policy.default)))
        return "250 OK"

    def wait(self, count=1, timeout=10):
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = False
    yield inbox
    controller.stop()


def test_a_reset_link_by_smtp_sets_a_new_password_once(smtp):
    """The teacher asks for a link, gets it by SMTP, chooses a new password with it and signs
    in with that; the old password and a second use of the link no longer work."""
    get_user_model().objects.create_user("maija", "maija@example.fi", "Vanha-salasana-1")
    client = Client(REMOTE_ADDR="198.51.100.20")
    response = client.post("/accounts/password_reset/", {"email": "maija@example.fi"})
    assert response.status_code == 302
    (recipients, mail), = smtp.wait()
    link = re.search(r"https?://\S+/accounts/reset/\S+/", mail.get_content()).group(0)
    assert recipients == ["maija@example.fi"]
    form = client.get(link, follow=True)
    set_password_url = form.redirect_chain[-1][0]
    assert "set-password" in set_password_url and 'name="new_password1"' in form.content.decode()
    done = client.post(set_password_url, {"new_password1": "Uusi-salasana-22",
                                          "new_password2": "Uusi-salasana-22"})
    assert done.status_code == 302
    again = Client().get(link, follow=True).content.decode()
    old = Client().post("/accounts/login/", {"username": "maija",
                                             "password": "Vanha-salasana-1"})
    new = Client().post("/accounts/login/", {"username": "maija",
                                             "password": "Uusi-salasana-22"})
    assert 'name="new_password1"' not in again
    assert old.status_code == 200 and new.status_code == 302


def test_an_unknown_address_gets_the_same_answer_and_no_mail(smtp):
    """Asking for an address no account has answers as for a known one, and sends nothing."""
    response = Client().post("/accounts/password_reset/", {"email": "nobody@example.fi"})
    assert response.status_code == 302 and response["Location"].endswith("/done/")
    assert smtp.wait(timeout=0.5) == []


@pytest.mark.parametrize(("host", "backend"), [
    ("", "django.core.mail.backends.console.EmailBackend"),
    ("smtp.example.fi", "django.core.mail.backends.smtp.EmailBackend"),
])
def test_mail_goes_to_the_console_when_embedded(host, backend, tmp_path):
    """Without DJANGO_EMAIL_HOST mail is printed on the console; with it, sent by SMTP."""
    env = {**os.environ, "DJANGO_EMAIL_HOST": host, "TUTKIMUS_VAR_DIR": str(tmp_path),
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    printed = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.EMAIL_BACKEND)"],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert printed == backend
