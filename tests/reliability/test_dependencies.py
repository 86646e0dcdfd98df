"""Dependencies are pinned, and pinned to versions past the advisories we know of."""

import re
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
REQUIREMENT = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([0-9][0-9A-Za-z.\-+]*)$")

# Oldest versions without known advisories for what faces the network or parses input.
MINIMUM_VERSIONS = {
    "django": (5, 2, 8),
    "channels": (4, 2, 0),
    "uvicorn": (0, 30, 0),
    "websockets": (14, 0),
    "h11": (0, 16, 0),
    "openpyxl": (3, 1, 3),
    "celery": (5, 4, 0),
    "redis": (5, 0, 0),
    "whitenoise": (6, 6, 0),
}


def pinned(path):
    versions = {}
    for line in (BASE_DIR / path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-r")):
            continue
        match = REQUIREMENT.match(line)
        assert match, f"{path}: '{line}' is not pinned with =="
        versions[match.group(1).lower().replace("_", "-")] = match.group(2)
    return versions


def as_tuple(version):
    return tuple(int(part) for part in re.findall(r"\d+", version)[:3])


def test_every_requirement_is_pinned_with_double_equals():
    """Both requirement files pin every package to one exact version."""
    assert len(pinned("requirements.txt")) >= 15
    assert len(pinned("requirements-dev.txt")) >= 5


def test_network_facing_dependencies_are_past_known_advisories():
    """Django, the ASGI server, WebSocket and HTTP parsers are at or above their fixed versions."""
    versions = pinned("requirements.txt")
    for name, minimum in MINIMUM_VERSIONS.items():
        assert name in versions, f"{name} is not pinned"
        assert as_tuple(versions[name]) >= minimum, f"{name} {versions[name]} < {minimum}"
