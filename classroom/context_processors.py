from classroom.models import ClassroomSettings


def classroom(request):
    """`signup_open` for the sign-in page; read only where a template asks for it."""
    return {"signup_open": lambda: ClassroomSettings.load().self_signup_open}
