"""Item 11: the production settings pass `manage.py check --deploy` with no issue, and every
dependency is pinned to a version past the advisories known for it.

Advisories are checked against MINIMUM_VERSIONS, a table kept in this file, not against an
online advisory database: the suite must give the same answer without a network (pip-audit
needs one for its database). Raise a row when an advisory is published for a pinned package.
"""

import importlib.metadata
import re
import secrets
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
REQUIREMENT = re.compile(r"^([A-Za-z0-9_.\-]+)==([0-9][0-9A-Za-z.\-+]*)$")
ISSUES = re.compile(r"System check identified (no|\d+) issues?")

# The first version without a known advisory, for every pinned package that ever had one.
MINIMUM_VERSIONS = {
    "django": "5.2.8",            # CVE-2025-64459, CVE-2025-64458 and earlier
    "daphne": "4.2.2",
    "channels": "3.0.3",          # CVE-2020-35681
    "uvicorn": "0.11.7",          # CVE-2020-7694, CVE-2020-7695
    "h11": "0.16.0",              # CVE-2025-43859
    "websockets": "9.1",          # CVE-2021-33880
    "celery": "5.2.2",            # CVE-2021-23727
    "redis": "4.5.4",             # CVE-2023-28858, CVE-2023-28859
    "whitenoise": "5.3.0",        # path traversal on Windows
    "openpyxl": "3.1.3",
    "pyyaml": "5.4",              # CVE-2020-14343
    "idna": "3.7",                # CVE-2024-3651
    "anyio": "4.4.0",             # GHSA-9f3v-2w4p-v4c3 thread race
    "sqlparse": "0.5.0",          # CVE-2024-4340
    "twisted": "24.7.0",          # CVE-2024-41671, CVE-2024-41810
    "cryptography": "44.0.1",     # CVE-2024-12797
    "pyopenssl": "24.3.0",
    "autobahn": "20.12.3",        # CVE-2020-35678
    "ujson": "5.4.0",             # CVE-2022-31116, CVE-2022-31117
    "pygments": "2.15.0",         # CVE-2022-40896
    "python-dotenv": "0.19.0",
    "psutil": "5.6.6",            # CVE-2019-18874
    "pyjwt": "2.10.1",            # CVE-2024-53861 (issuer checked as a substring)
    "requests": "2.32.4",         # CVE-2024-47081
    "urllib3": "2.5.0",           # CVE-2025-50181, CVE-2025-50182
    "certifi": "2024.7.4",        # CVE-2024-39689
    "oauthlib": "3.2.1",          # CVE-2022-36087
    "jwcrypto": "1.5.6",          # CVE-2024-28102
    "aiosmtpd": "1.4.6",          # CVE-2024-27305, CVE-2024-34083
}


def normalised(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(file_name):
    found = {}
    for line in (BASE_DIR / file_name).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-r ")):
            continue
        match = REQUIREMENT.match(line)
        assert match, f"{file_name}: {line!r} is not pinned with =="
        found[normalised(match.group(1))] = match.group(2)
    return found


def version_tuple(version):
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+")[0])[:4])


def test_manage_check_deploy_with_production_settings_finds_no_issue(tmp_path):
    """DJANGO_DEBUG=0 with a real secret, allowed hosts and HTTPS behind a proxy: 0 issues."""
    env = {"PATH": "/usr/bin:/bin", "DJANGO_DEBUG": "0",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
           "DJANGO_ALLOWED_HOSTS": "tutkimus.example.fi",
           "DJANGO_CSRF_TRUSTED_ORIGINS": "https://tutkimus.example.fi",
           "DJANGO_BEHIND_TLS_PROXY": "1", "TUTKIMUS_VAR_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120)
    output = result.stdout + result.stderr
    counted = ISSUES.search(output)
    assert counted, output
    issues = 0 if counted.group(1) == "no" else int(counted.group(1))
    print(f"FIGURE check_deploy_issues={issues}")
    assert issues == 0 and result.returncode == 0, output


def test_every_dependency_is_pinned_and_installed_as_pinned():
    """Both requirement files pin each package with ==, and the environment runs those pins."""
    runtime, development = pins("requirements.txt"), pins("requirements-dev.txt")
    everything = {**runtime, **development}
    mismatched = {name: (version, importlib.metadata.version(name))
                  for name, version in everything.items()
                  if importlib.metadata.version(name) != version}
    print(f"FIGURE pinned_packages={len(everything)} installed_differently={len(mismatched)}")
    assert len(runtime) >= 30 and len(development) >= 10
    assert mismatched == {}


def test_no_pinned_dependency_is_older_than_its_last_known_advisory():
    """Daphne 4.2.2 or newer, Django past its latest security release we know of, and so on."""
    everything = {**pins("requirements.txt"), **pins("requirements-dev.txt")}
    checked = {name: minimum for name, minimum in MINIMUM_VERSIONS.items() if name in everything}
    vulnerable = {name: everything[name] for name, minimum in checked.items()
                  if version_tuple(everything[name]) < version_tuple(minimum)}
    print(f"FIGURE advisory_packages_checked={len(checked)} vulnerable_pins={len(vulnerable)}")
    assert {"django", "daphne", "channels", "uvicorn", "websockets", "h11"} <= set(checked)
    assert vulnerable == {}
