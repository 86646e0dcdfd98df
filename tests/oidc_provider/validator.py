import os

from oauth2_provider.oauth2_validators import OAuth2Validator


class SchoolValidator(OAuth2Validator):
    """A school's claims: a stable subject (the user's id here), name and e-mail."""

    oidc_claim_scope = None  # every claim for every scope, as a school's service would

    def get_additional_claims(self, request):
        user = request.user
        return {"email": user.email, "email_verified": True,
                "preferred_username": user.username, "given_name": user.first_name,
                "family_name": user.last_name}

    def get_oidc_issuer_endpoint(self, request):
        claimed = os.environ.get("OIDC_TEST_TOKEN_ISSUER") or os.environ.get(
            "OIDC_TEST_CLAIMED_ISSUER")
        return claimed or super().get_oidc_issuer_endpoint(request)
