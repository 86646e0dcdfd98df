"""The Content-Security-Policy and the Permissions-Policy of every response.

The policy itself is `settings.CONTENT_SECURITY_POLICY` (django-csp). Two parts depend on the
request or on the school sign-in providers, and are added here: the page's own WebSocket origins
in `connect-src`, and the providers' origins in `form-action`.
"""

from csp.middleware import CSPMiddleware, PolicyParts
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils.deprecation import MiddlewareMixin

from config.school_signin import form_action_origins


def socket_origins(request):
    """The page's own socket origin: its host (checked against ALLOWED_HOSTS), ws: or wss:."""
    try:
        host = request.get_host()
    except DisallowedHost:
        return []
    return [f"{'wss' if request.is_secure() else 'ws'}://{host}"]


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    def get_policy_parts(self, request, response, report_only=False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if report_only:
            return parts
        update = dict(parts.update or {})
        update["connect-src"] = [*update.get("connect-src", []), *socket_origins(request)]
        providers = form_action_origins(getattr(settings, "SOCIALACCOUNT_PROVIDERS", {}))
        if providers:
            update["form-action"] = [*update.get("form-action", []), *providers]
        parts.update = update
        return parts


def permissions_policy_header(policy):
    """`camera=(), microphone=()` from {"camera": [], "microphone": []}."""
    return ", ".join(f"{feature}=({' '.join(allow)})" for feature, allow in policy.items())


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Sync and async alike (MiddlewareMixin), so ASGI requests need no thread for it."""

    def process_response(self, request, response):
        response.headers.setdefault("Permissions-Policy",
                                    permissions_policy_header(settings.PERMISSIONS_POLICY))
        return response
