"""Teacher accounts: no self sign-up outside the demo; an administrator invites a teacher by a
link that works once and expires."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone

from classroom import invitations
from classroom.auth import hash_secret
from classroom.models import ClassroomSettings, TeacherInvitation

pytestmark = pytest.mark.django_db

PASSWORD = "Pitka-salasana-99"


@pytest.fixture
def admin_client():
    admin = get_user_model().objects.create_superuser("rehtori", "rehtori@example.fi", PASSWORD)
    client = Client()
    client.force_login(admin)
    return client


def accept(client, username="uusi_ope"):
    return client.post("/accounts/invitation/", {
        "username": username, "password1": PASSWORD, "password2": PASSWORD})


def test_self_sign_up_is_off_unless_the_demo_opens_it(settings):
    """A new site refuses self sign-up; TUTKIMUS_SELF_SIGNUP=1 (make run) opens it."""
    closed = Client().get("/accounts/signup/")
    ClassroomSettings.objects.all().delete()
    settings.SELF_SIGNUP_DEFAULT = True
    opened = Client().get("/accounts/signup/")
    assert closed.status_code == 403 and opened.status_code == 200


def test_the_administrator_invites_by_e_mail_and_only_a_hash_is_kept(admin_client):
    """Adding an invitation in the admin mails its link and shows it once; the database keeps
    only the token's hash."""
    response = admin_client.post("/admin/classroom/teacherinvitation/add/", {
        "email": "uusi@example.fi", "expires_at_0": "2099-01-01", "expires_at_1": "12:00:00"},
        follow=True)
    link = re.search(r"http://testserver/accounts/invitation/([\w-]+)/", mail.outbox[0].body)
    invitation = TeacherInvitation.objects.get()
    assert mail.outbox[0].to == ["uusi@example.fi"]
    assert link.group(0) in response.content.decode()
    assert invitation.token_hash == hash_secret(link.group(1))
    assert link.group(1) not in str(list(TeacherInvitation.objects.values()))


def test_an_invitation_link_makes_one_teacher_and_then_stops_working():
    """The link signs up one teacher with the invited address; opened again it is refused,
    and the token never stays in the address bar."""
    _invitation, token = invitations.invitation_create(email="uusi@example.fi")
    client = Client()
    opened = client.get(f"/accounts/invitation/{token}/")
    page = client.get(opened["Location"])
    created = accept(client)
    second = Client()
    second.get(f"/accounts/invitation/{token}/")
    again = second.get("/accounts/invitation/")
    teacher = get_user_model().objects.get(username="uusi_ope")
    assert opened["Location"] == "/accounts/invitation/" and token not in page.content.decode()
    assert created.status_code == 302 and created["Location"] == "/lessons/"
    assert teacher.email == "uusi@example.fi"
    assert TeacherInvitation.objects.get().used_by == teacher
    assert again.status_code == 410
    assert accept(second, "toinen").status_code == 410
    assert not get_user_model().objects.filter(username="toinen").exists()


def test_an_expired_invitation_is_refused():
    """Past its expiry the link makes no account."""
    invitation, token = invitations.invitation_create(email="uusi@example.fi")
    TeacherInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(minutes=1))
    client = Client()
    client.get(f"/accounts/invitation/{token}/")
    assert accept(client).status_code == 410
    assert not get_user_model().objects.filter(username="uusi_ope").exists()


def test_sending_again_replaces_the_link(admin_client):
    """The admin's "send a new link" mails a new link; the old one stops working."""
    invitation, old = invitations.invitation_create(email="uusi@example.fi")
    admin_client.post("/admin/classroom/teacherinvitation/", {
        "action": "send_again", "_selected_action": [invitation.pk]})
    new = re.search(r"/accounts/invitation/([\w-]+)/", mail.outbox[-1].body).group(1)
    for token, status in ((old, 410), (new, 200)):
        client = Client()
        client.get(f"/accounts/invitation/{token}/")
        assert client.get("/accounts/invitation/").status_code == status
