"""Who a student's tablet is: a random token in a signed, HttpOnly cookie; only its hash is stored.

Views and consumers both ask here, so a removed student or a tablet whose seat moved elsewhere is
refused everywhere at once.
"""

import hashlib
import secrets

from django.conf import settings
from django.core import signing
from django.db.models import F

from classroom.models import Student

COOKIE_NAME = "student"
COOKIE_SALT = "classroom.student"


def new_token():
    return secrets.token_urlsafe(32)


def hash_secret(value):
    return hashlib.sha256(value.encode()).hexdigest()


def _signer():
    return signing.get_cookie_signer(salt=COOKIE_NAME + COOKIE_SALT)


def set_student_cookie(response, token):
    response.set_cookie(
        COOKIE_NAME, _signer().sign(token), max_age=settings.STUDENT_COOKIE_MAX_AGE,
        httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE,
    )


def token_from_cookie(value):
    if not value:
        return None
    try:
        return _signer().unsign(value, max_age=settings.STUDENT_COOKIE_MAX_AGE)
    except signing.BadSignature:
        return None


def student_for_token(token):
    if not token:
        return None
    return (
        Student.objects.select_related("lesson", "seat__table")
        .annotate(table_game_id=F("seat__table__game"))  # one query for where the tablet belongs
        .filter(token_hash=hash_secret(token), removed_at__isnull=True)
        .first()
    )


def student_from_request(request):
    return student_for_token(token_from_cookie(request.COOKIES.get(COOKIE_NAME)))


def student_from_scope(scope):
    return student_for_token(token_from_cookie(scope.get("cookies", {}).get(COOKIE_NAME)))


def token_of_scope(scope):
    return token_from_cookie(scope.get("cookies", {}).get(COOKIE_NAME))
