"""Run the test provider: `python -m tests.oidc_provider.serve PORT CLIENT_ID SECRET REDIRECT_URI
USER…` where each USER is `username:password:email`. Prints `ready` when it answers."""

import os
import sys


def main(port, client_id, secret, redirect_uri, *users):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.oidc_provider.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from oauth2_provider.models import Application

    call_command("migrate", verbosity=0, interactive=False)
    for user in users:
        username, password, email = user.split(":", 2)
        get_user_model().objects.create_user(username, email, password)
    Application.objects.create(
        name="Research Programme", client_id=client_id, client_secret=secret,
        client_type=Application.CLIENT_CONFIDENTIAL, redirect_uris=redirect_uri,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        algorithm=Application.RS256_ALGORITHM, skip_authorization=True)

    import uvicorn
    from django.core.asgi import get_asgi_application

    uvicorn.run(get_asgi_application(), host="127.0.0.1", port=int(port), log_level="warning",
                lifespan="off")


if __name__ == "__main__":
    main(*sys.argv[1:])
