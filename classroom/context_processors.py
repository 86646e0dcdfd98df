from django.conf import settings

from classroom.models import ClassroomSettings


def classroom(request):
    """`signup_open` for the sign-in page and `school_signin` for the account menu; each is read
    only where a template asks for it."""
    return {"signup_open": lambda: ClassroomSettings.load().self_signup_open,
            "school_signin": lambda: bool(
                settings.SOCIALACCOUNT_PROVIDERS.get("openid_connect", {}).get("APPS"))}
