import json
import os

from django.contrib.auth.views import LoginView
from django.http import JsonResponse
from django.urls import include, path, re_path
from oauth2_provider.views import ConnectDiscoveryInfoView


def discovery(request):
    """The provider's discovery document; OIDC_TEST_CLAIMED_ISSUER makes it claim to be another
    issuer (as its tokens then do), with its own endpoints."""
    document = json.loads(ConnectDiscoveryInfoView.as_view()(request).content)
    if os.environ.get("OIDC_TEST_CLAIMED_ISSUER"):
        document["issuer"] = os.environ["OIDC_TEST_CLAIMED_ISSUER"]
    return JsonResponse(document)


urlpatterns = [
    path("login/", LoginView.as_view(template_name="registration/provider_login.html")),
    re_path(r"^o/\.well-known/openid-configuration/?$", discovery),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
]
