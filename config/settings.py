"""Settings for Tutkimusohjelma Classroom.

One module, driven by environment variables. Without any, the app runs embedded on one machine:
SQLite, the in-memory channel layer, a local-memory cache and Celery tasks run in-process. Setting
DATABASE_URL and REDIS_URL (see README) switches to PostgreSQL, the Redis channel layer and cache,
and real Celery workers with beat, so several ASGI processes can serve one city.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import school_signin
from games.registry import GAMES

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TUTKIMUS_VAR_DIR", BASE_DIR / "var"))


def env_flag(name, default):
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=()):
    value = os.environ.get(name, "")
    return [item.strip() for item in value.split(",") if item.strip()] or list(default)


def local_secret_key():
    """A random key kept in var/, so a development install never shares a known key."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_flag("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0.")
    SECRET_KEY = local_secret_key()

# Embedded mode serves tablets on the classroom's network by its address, so any host is accepted.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["*"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must be set when DJANGO_DEBUG=0.")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.openid_connect",
    "config",
    "classroom",
    "games",
    *(f"games.{key}" for key in GAMES),  # each game's package is an app (games/registry.py)
    "debrief",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, so static files carry the policy too: every response has it.
    "config.security.ContentSecurityPolicyMiddleware",
    "config.security.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Last, as its documentation asks: it turns a lockout raised by a backend into the answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "classroom.context_processors.classroom",
            ],
        },
    },
]

# Database ---------------------------------------------------------------------------------------

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Under ASGI every request runs in a thread of its own, so a persistent connection per
        # thread would open one per request and leave it open; a per-process pool reuses them.
        DATABASES["default"]["OPTIONS"] = {"pool": {"min_size": 2, "max_size": 10,
                                                    "timeout": 20}}
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            # WAL lets readers go on while a move is written; IMMEDIATE takes the write lock at the
            # start of a transaction, so two writers queue instead of failing half-way.
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            # Tests use a file too: an in-memory database shared between threads fails racing
            # writers with "table is locked" instead of queueing them as the real file does.
            "TEST": {"NAME": VAR_DIR / "test.sqlite3"},
            # Live consumers share one thread per process: keep its connection open rather than
            # opening a new one (and running the pragmas) for every message.
            "CONN_MAX_AGE": None,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: channel layer, cache and Celery broker ----------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "") or REDIS_URL

if REDIS_URL:
    # Redis publish/subscribe: a group message is one PUBLISH, and each process that has members
    # gets it once and hands it to its sockets. The list-based layer (`core`) costs Redis round
    # trips per member socket (docs/performance.md); it stays available as a fallback.
    CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "capacity": 1000, "expiry": 30},
    } if os.environ.get("TUTKIMUS_CHANNEL_LAYER") == "core" else {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL]},
    }}
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "tutkimus",
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "config.channel_layers.EmbeddedChannelLayer",
                    "CONFIG": {"capacity": 1000}}
    }
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = CELERY_BROKER_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "Europe/Helsinki"

# Periodic jobs. With a broker, Celery beat runs them; without one, the ASGI process's own clock
# (config/clock.py) does, so timers still fire in a one-machine lesson.
CLOCK_IN_PROCESS = env_flag("TUTKIMUS_CLOCK_IN_PROCESS", CELERY_TASK_ALWAYS_EAGER)
PERIODIC_JOBS = {
    # name: (dotted path of a Celery task, seconds between runs)
    "play-due-bots": ("games.tasks.play_due_bots", 1.0),
    "deadlines": ("games.tasks.apply_due_deadlines", 1.0),
    "approval-expiry": ("games.tasks.expire_approvals", 2.0),
    "lesson-clock": ("classroom.tasks.follow_lesson_clocks", 2.0),
    "idle-nudges": ("classroom.tasks.nudge_idle_seats", 5.0),
    "presence-sweep": ("classroom.tasks.sweep_presence", 5.0),
    "data-retention": ("classroom.tasks.purge_expired", 60 * 60),
    "signin-records": ("classroom.tasks.purge_signin_records", 10 * 60),
}

# Authentication ---------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "classroom.signin.ThrottleBackend",  # first: refuses a locked-out account or address
    "classroom.signin.PasswordBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lesson_list"
LOGOUT_REDIRECT_URL = "/"

# Teachers sign in with a password unless TUTKIMUS_PASSWORD_SIGNIN=0 (then only administrators
# do, and teachers use their school account). Self sign-up is the admin's switch
# (ClassroomSettings), off unless TUTKIMUS_SELF_SIGNUP=1 (as `make run` sets for the demo).
PASSWORD_SIGNIN = env_flag("TUTKIMUS_PASSWORD_SIGNIN", True)
SELF_SIGNUP_DEFAULT = env_flag("TUTKIMUS_SELF_SIGNUP", False)
INVITATION_DAYS = int(os.environ.get("TUTKIMUS_INVITATION_DAYS", "7"))

# Password guessing (django-axes): an account, or an address, that fails AXES_FAILURE_LIMIT
# times is refused for AXES_COOLOFF_TIME; each further failure while refused starts the wait
# again. An address is kept only as a keyed pseudonym, and no user agent is kept
# (classroom/signin.py). Attempts are deleted after the cool-off; the failure log after the
# retention period (debrief.tasks.purge_expired).
AXES_FAILURE_LIMIT = int(os.environ.get("TUTKIMUS_SIGNIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("TUTKIMUS_SIGNIN_COOLOFF_MINUTES", "15")))
SIGNIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("TUTKIMUS_SIGNIN_ADDRESS_FAILURE_LIMIT", "20"))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one alone locks
AXES_CLIENT_IP_CALLABLE = "classroom.signin.address_pseudonym"
AXES_LOCKOUT_CALLABLE = "classroom.signin.lockout_response"
AXES_HANDLER = "classroom.signin.SignInAttemptHandler"
AXES_USERNAME_FORM_FIELD = "username"
# A sign-in clears its own account's attempts only (classroom/signin.py), never its address's.
AXES_RESET_ON_SUCCESS = False
AXES_DISABLE_ACCESS_LOG = True  # successful sign-ins are not recorded
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_VERBOSE = False
AXES_SENSITIVE_PARAMETERS = ["username", "password", "csrfmiddlewaretoken", "next"]

# School sign-in by OpenID Connect (django-allauth): providers come from environment variables
# alone (config/school_signin.py, README). Password pages stay Django's own; allauth serves only
# the providers' redirects, so SOCIALACCOUNT_ONLY keeps its password pages out.
SOCIALACCOUNT_ONLY = True
SOCIALACCOUNT_ADAPTER = "classroom.school_signin.SchoolAccountAdapter"
ACCOUNT_ADAPTER = "classroom.school_signin.TeacherAccountAdapter"
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*"]
ACCOUNT_LOGOUT_REDIRECT_URL = LOGOUT_REDIRECT_URL
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION = False  # an e-mail address alone never links an account
SOCIALACCOUNT_EMAIL_AUTHENTICATION_AUTO_CONNECT = False
SOCIALACCOUNT_STORE_TOKENS = False
SOCIALACCOUNT_QUERY_EMAIL = False
SOCIALACCOUNT_REQUESTS_TIMEOUT = 10
SOCIALACCOUNT_PROVIDERS = {"openid_connect": {
    "OAUTH_PKCE_ENABLED": True,
    "APPS": school_signin.providers_from_environment(os.environ),
}}

EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("DJANGO_EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "tutkimusohjelma@localhost")

# Internationalisation -----------------------------------------------------------------------------

LANGUAGE_CODE = "fi"
LANGUAGES = [("fi", _("Finnish")), ("sv", _("Swedish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Helsinki"
USE_I18N = True
USE_TZ = True
FORMAT_MODULE_PATH = ["config.formats"]  # dates as written in Finland (config/formats/)

# Static files -----------------------------------------------------------------------------------

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
MEDIA_ROOT = VAR_DIR / "media"
# Development and tests serve static files straight from the source folders; production from the
# collected, compressed and hashed copies (`manage.py collectstatic`).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_MAX_AGE = 0 if DEBUG else 3600

# Security ---------------------------------------------------------------------------------------

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# No inline script or style anywhere: every script and style sheet is a static file. Sockets are
# the page's own host (config/security.py adds its ws: and wss: origins for older Safari, where
# 'self' does not cover them); a form may post to this site and, for school sign-in, to the
# providers' own sign-in pages (a redirect after a POST is checked against form-action).
CONTENT_SECURITY_POLICY = {"DIRECTIVES": {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
}}
# What the app never uses, switched off for its pages and for anything they might embed.
PERMISSIONS_POLICY = {feature: [] for feature in (
    "accelerometer", "ambient-light-sensor", "autoplay", "bluetooth", "camera", "display-capture",
    "encrypted-media", "geolocation", "gyroscope", "hid", "magnetometer", "microphone", "midi",
    "payment", "picture-in-picture", "publickey-credentials-get", "screen-wake-lock", "serial",
    "usb", "xr-spatial-tracking", "browsing-topics")}
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env_flag("DJANGO_BEHIND_TLS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Logging: requests are logged without query strings, so nothing secret lands in a log line.

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # Celery logs every task it runs; the bots' clock job runs every second.
        "celery.app.trace": {"level": "WARNING"},
        # A line for every sign-in attempt is noise; failures and lockouts are warnings.
        "axes": {"level": "WARNING"},
    },
}

# Classroom ---------------------------------------------------------------------------------------

DATA_RETENTION_DAYS = int(os.environ.get("TUTKIMUS_RETENTION_DAYS", "30"))
LIVE_DIAGNOSTICS = env_flag("TUTKIMUS_LIVE_DIAGNOSTICS", False)
CLASSROOM_MAX_STUDENTS = int(os.environ.get("TUTKIMUS_MAX_STUDENTS", "40"))
JOIN_MISSES_PER_MINUTE = 10
RESEAT_CODE_MINUTES = 15
STUDENT_COOKIE_MAX_AGE = 12 * 60 * 60

# Live play ---------------------------------------------------------------------------------------

# A bot acts this long after the state where it must act, so the students can follow its moves.
GAME_BOT_DELAY_SECONDS = float(os.environ.get("TUTKIMUS_BOT_DELAY_SECONDS", "1.5"))

# Debrief ---------------------------------------------------------------------------------------

EXPORTS_DIR = VAR_DIR / "exports"
EXPORT_KEEP_HOURS = 24
