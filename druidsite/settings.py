"""druidsite settings: everything comes from the environment, read in one place.

Two shapes share this module:
- embedded (no DATABASE_URL, no REDIS_URL): SQLite in DATA_DIR, the in-memory
  channel layer, and an in-process Celery worker and beat;
- services: PostgreSQL from DATABASE_URL, Redis from REDIS_URL for the channel
  layer, the cache, the Celery broker and results, with separate worker and
  beat processes.
DJANGO_ENV=production switches on the secure defaults (check --deploy clean).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from druidsite.env import Env

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env()

DJANGO_ENV = env.choice("DJANGO_ENV", ("development", "production", "test"), "development")
PRODUCTION = DJANGO_ENV == "production"

DATA_DIR = Path(env.str("DATA_DIR", str(BASE_DIR / "data")))

_DEV_SECRET = "druidsite-development-secret-key-not-for-production-use-0123456789"
if PRODUCTION:
    SECRET_KEY = env.required("SECRET_KEY", "production needs its own secret key")
    if len(SECRET_KEY) < 50 or SECRET_KEY == _DEV_SECRET:
        raise ImproperlyConfigured("SECRET_KEY must be a random string of at least 50 characters")
else:
    SECRET_KEY = env.str("SECRET_KEY", _DEV_SECRET)

# Django's debug pages (a traceback, or every URL pattern on a 404) only when a developer
# asks with DEBUG=1; otherwise, also under `make run`, the site's own error pages.
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in production (comma separated)")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", [])
# How many proxies in front of the web process append to X-Forwarded-For: the one
# setting by which the client's address is found (druidsite.client_address). 0: the
# header is ignored and the client is the socket peer.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", 0, minimum=0)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "allauth",
    "allauth.account",
    "axes",
    "accounts",
    "games",
    "ladders",
    "notices",
    "social",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "druidsite.csp.ContentSecurityPolicyMiddleware",
    # Before anything reads a body: one over DATA_UPLOAD_MAX_MEMORY_SIZE is a 413;
    # a NUL character in the path, the query or a form is a 400.
    "druidsite.limits.RequestLimitsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every answer to a signed-in visitor: Cache-Control private, no-store (see the module).
    "druidsite.private_answers.PrivateAnswersMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # After authentication: applies a player's saved language once they log in.
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
    # Innermost and synchronous only: the chain above runs on one thread (see the module).
    "druidsite.sync_chain.SynchronousChainMiddleware",
]

ROOT_URLCONF = "druidsite.urls"
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
                "accounts.context_processors.header",
                "druidsite.site_url.remember",
            ],
        },
    },
]
ASGI_APPLICATION = "druidsite.asgi.application"
WSGI_APPLICATION = None

# --- Database -----------------------------------------------------------------
_database = env.database("DATABASE_URL")
if _database is None:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    _database = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": DATA_DIR / "db.sqlite3",
        # WAL and immediate transactions let the web and the in-process worker
        # threads write without "database is locked" errors.
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # A file, not shared memory, so that concurrent test threads wait for
        # each other's locks instead of failing at once.
        # One file per test process, so that parallel runs never share one.
        "TEST": {"NAME": str(DATA_DIR / f"test-{os.getpid()}.sqlite3")},
    }
else:
    # A web process serves every request in a thread of its own, so without a
    # pool its connections grow with its concurrent requests until PostgreSQL
    # refuses more ("too many clients"). The pool bounds them per process;
    # requests beyond it wait for a free connection.
    _pool_size = env.int("DATABASE_POOL_SIZE", 8, minimum=0)
    if _pool_size and _database["ENGINE"].endswith("postgresql"):
        _database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1, "max_size": _pool_size,
            "timeout": env.int("DATABASE_POOL_TIMEOUT", 20, minimum=1),
        }
        _database["CONN_MAX_AGE"] = 0  # the pool keeps the connections
        # Prepared statements: PostgreSQL plans a statement once per connection
        # instead of at every execution (planning was most of its CPU for the
        # handshakes' and moves' small queries, docs/storm.md). Django leaves
        # them off for poolers outside the process (PgBouncer in transaction
        # mode); this pool is in the process, its connections its own.
        if env.bool("DATABASE_PREPARED_STATEMENTS", True):
            _database["OPTIONS"]["server_side_binding"] = True
            _database["OPTIONS"]["prepare_threshold"] = env.int(
                "DATABASE_PREPARE_THRESHOLD", 2, minimum=0)
    else:
        _database.setdefault("CONN_MAX_AGE", env.int("DATABASE_CONN_MAX_AGE", 60, minimum=0))
        _database.setdefault("CONN_HEALTH_CHECKS", True)
DATABASES = {"default": _database}
# Threads per web process for the sockets' database work (druidsite.socket_threads):
# as many as the process's database connections, so none waits for one.
SOCKET_THREADS = env.int(
    "SOCKET_THREADS",
    _database.get("OPTIONS", {}).get("pool", {}).get("max_size") or 4, minimum=1,
)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# --- Redis: channel layer, cache, Celery ---------------------------------------
REDIS_URL = env.redis_url("REDIS_URL")
EMBEDDED_SERVICES = REDIS_URL is None

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "druidsite.channel_layer.PooledRedisChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL], "prefix": "druidsite:channels",
                "max_connections": env.int("CHANNEL_LAYER_CONNECTIONS", 200, minimum=1),
                # Messages a web process's sockets may have waiting before a group
                # send drops one (druidsite.channel_layer.PROCESS_CHANNELS).
                "process_capacity": env.int("CHANNEL_LAYER_PROCESS_CAPACITY", 20_000,
                                            minimum=100),
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "druidsite.cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "druidsite",
            # One pool for all the request threads of a process: beyond its
            # connections a request waits (up to 5 s) rather than failing.
            "OPTIONS": {"pool_class": "redis.BlockingConnectionPool",
                        "max_connections": 50, "timeout": 5},
        }
    }
    CELERY_BROKER_URL = env.redis_url("CELERY_BROKER_URL") or REDIS_URL
    CELERY_RESULT_BACKEND = CELERY_BROKER_URL
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = "cache+memory://"

CELERY_IMPORTS = ["druidsite.tasks", "games.tasks", "ladders.tasks", "tournaments.tasks",
                  "notices.tasks"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", 60, minimum=1)
CELERY_TASK_SOFT_TIME_LIMIT = max(1, CELERY_TASK_TIME_LIMIT - 5)
# CPU seconds per move granted to the strongest AI level (a search: it uses what
# it is granted); 0 keeps each game's own default. More cores, more to grant.
AI_CPU_SECONDS = env.float("AI_CPU_SECONDS", 0.0, minimum=0.0)
if AI_CPU_SECONDS >= CELERY_TASK_SOFT_TIME_LIMIT:
    raise ImproperlyConfigured(
        f"AI_CPU_SECONDS must stay below the task's soft time limit "
        f"({CELERY_TASK_SOFT_TIME_LIMIT} s), got {AI_CPU_SECONDS}"
    )
# CPU seconds of one hint (the strongest level's best moves for a player, computed in
# the request): small, a hint is asked while the player waits.
HINT_CPU_SECONDS = env.float("HINT_CPU_SECONDS", 0.5, minimum=0.05)
if HINT_CPU_SECONDS > 5:
    raise ImproperlyConfigured(f"HINT_CPU_SECONDS must be at most 5, got {HINT_CPU_SECONDS}")
# CPU seconds the strongest AI level spends on each decision of a game's review (a
# task: a Druidenwalzer game of about 40 decisions takes 40 times this, and more).
REVIEW_CPU_SECONDS = env.float("REVIEW_CPU_SECONDS", 0.3, minimum=0.05)
if REVIEW_CPU_SECONDS > 5:
    raise ImproperlyConfigured(f"REVIEW_CPU_SECONDS must be at most 5, got {REVIEW_CPU_SECONDS}")
CELERY_RESULT_EXPIRES = timedelta(hours=1)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Late acknowledgement on Redis: a task taken by a worker that dies before
# acknowledging it is delivered again once CELERY_VISIBILITY_TIMEOUT seconds have
# passed since it was taken (Redis has no consumer connection to notice the death).
# It must be longer than any task may hold its message: the hard time limit of
# every task (CELERY_TASK_TIME_LIMIT; games.bot_move has 40 s), or a task still
# running would be delivered a second time. Shorter brings a killed
# worker's task back sooner; the default of five minutes bounds that wait.
_visibility_timeout = env.int("CELERY_VISIBILITY_TIMEOUT", 300, minimum=1)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": _visibility_timeout,
    # How often workers look for such tasks (kombu's default is every 100 s).
    "unacked_restore_interval": max(1, min(10, _visibility_timeout // 10)),
    "unacked_restore_throttle": 1,
}
if EMBEDDED_SERVICES:
    # The in-memory transport polls; a short interval keeps task latency low.
    CELERY_BROKER_TRANSPORT_OPTIONS["polling_interval"] = 0.05
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
# Marks each tick in the cache, for /healthz (druidsite.beat).
CELERY_BEAT_SCHEDULER = "druidsite.beat:HeartbeatScheduler"
HEARTBEAT_SECONDS = env.int("HEARTBEAT_SECONDS", 30, minimum=1)
# /healthz fails (503) when no worker ran the heartbeat task for this long, or the
# beat has not ticked for this long (it ticks at least every 5 s).
WORKER_STALE_SECONDS = env.int("WORKER_STALE_SECONDS", 3 * HEARTBEAT_SECONDS + 15, minimum=2)
BEAT_STALE_SECONDS = env.int("BEAT_STALE_SECONDS", 60, minimum=2)
CELERY_BEAT_SCHEDULE: dict = {
    "heartbeat": {
        "task": "druidsite.heartbeat",
        "schedule": timedelta(seconds=HEARTBEAT_SECONDS),
    },
    "expire-deadlines": {"task": "games.expire_deadlines", "schedule": timedelta(minutes=1)},
    # Queues again the AI moves and accepts whose task was lost (a broker outage).
    "requeue-bot-tasks": {"task": "games.requeue_bot_tasks", "schedule": timedelta(minutes=1)},
    "end-exhausted-vacations": {
        "task": "games.end_exhausted_vacations", "schedule": timedelta(minutes=10),
    },
    "turn-mails": {"task": "games.send_turn_mails", "schedule": timedelta(minutes=1)},
    "mine-puzzles": {"task": "games.mine_puzzles", "schedule": timedelta(minutes=30)},
    "held-pushes": {"task": "notices.release_held_pushes", "schedule": timedelta(minutes=5)},
    "turn-digests": {"task": "games.send_digests", "schedule": crontab(hour=7, minute=0)},
    "ladders-drop-inactive": {"task": "ladders.drop_inactive", "schedule": timedelta(hours=1)},
    "ladders-catch-up": {"task": "ladders.catch_up", "schedule": timedelta(minutes=10)},
    "tournaments-catch-up": {"task": "tournaments.catch_up", "schedule": timedelta(minutes=10)},
    # Starts when registration closes, round times and deadlines (tournaments.schedule).
    "tournaments-schedules": {"task": "tournaments.run_schedules",
                              "schedule": timedelta(minutes=1)},
}
# Turn mails wait this long (games.send_turn_mails looks every minute), so a player
# who answers at once gets none.
NOTIFY_DELAY_SECONDS = env.int("NOTIFY_DELAY_SECONDS", 120, minimum=0)
# Web push (notices.push): the VAPID key pair (`manage.py webpush_keys` makes one) and a
# contact for the push services (mailto: or https:). Without all three, push is off.
WEBPUSH_VAPID_PUBLIC_KEY = env.str("WEBPUSH_VAPID_PUBLIC_KEY", "")
WEBPUSH_VAPID_PRIVATE_KEY = env.str("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_CONTACT = env.str("WEBPUSH_CONTACT", "")
if WEBPUSH_CONTACT and not WEBPUSH_CONTACT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured("WEBPUSH_CONTACT must start with mailto: or https://")
WEBPUSH_ENABLED = bool(WEBPUSH_VAPID_PUBLIC_KEY and WEBPUSH_VAPID_PRIVATE_KEY and WEBPUSH_CONTACT)
# Push endpoints must be https; only tests bring their own endpoint on loopback.
WEBPUSH_ALLOW_LOOPBACK = False
VACATION_DAYS_PER_YEAR = env.int("VACATION_DAYS_PER_YEAR", 30, minimum=0)
# A player may dispute a result for this many days after the end of the game.
DISPUTE_DAYS = env.int("DISPUTE_DAYS", 7, minimum=0)
# /healthz?probe=1 queues a task: for staff, or a monitor sending this token in the
# X-Health-Probe-Token header (unset: staff only).
HEALTH_PROBE_TOKEN = env.str("HEALTH_PROBE_TOKEN")
if HEALTH_PROBE_TOKEN is not None and len(HEALTH_PROBE_TOKEN) < 16:
    raise ImproperlyConfigured("HEALTH_PROBE_TOKEN must be at least 16 characters")
# The site's public address, for links in mails (sent by the worker, with no
# request at hand). Required in production; in development, when unset, the
# address the site was last visited at is used (druidsite.site_url).
if PRODUCTION:
    env.required("SITE_URL", "production mails link to the site, e.g. https://druids.example.org")
SITE_URL = env.site_url("SITE_URL")
# The embedded shape runs a worker and beat inside the web process; tests and
# management commands that need none can turn it off.
EMBEDDED_WORKER = EMBEDDED_SERVICES and env.bool("EMBEDDED_WORKER", default=True)

# --- Passwords, i18n, static ---------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", "UTC")
# One way to write a date per language, everywhere (druidsite.formats, druidsite.dates).
FORMAT_MODULE_PATH = ["druidsite.formats"]
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Collected files exist only where collectstatic ran (production); in development
# the finders serve static/ directly.
STATIC_ROOT = (
    Path(env.str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
    if PRODUCTION or env.is_set("STATIC_ROOT")
    else None
)
WHITENOISE_USE_FINDERS = not PRODUCTION
# In development WhiteNoise serves static/ (runserver's own static serving is off,
# whitenoise.runserver_nostatic) and picks up edited files, with or without DEBUG.
WHITENOISE_AUTOREFRESH = not PRODUCTION
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Email -------------------------------------------------------------------
_email = env.email("EMAIL_URL")
if _email is None:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    vars().update(_email)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", "druidsite <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Accounts (django-allauth), vacation --------------------------------------
# Sign up with username, email and password; log in with either name or email.
# Verification is optional: a new player can play at once and sees a reminder
# banner until the address is confirmed (mails go through EMAIL_URL above).
AUTHENTICATION_BACKENDS = [
    # First: refuses any login of a locked-out account and address (django-axes).
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
# At most 30 characters, no look-alike of a taken or reserved name (accounts.usernames,
# applied by the adapter); the form shows the limit.
ACCOUNT_FORMS = {"signup": "accounts.signup.SignupForm"}
# Names that would read like the site speaking in lists of players.
ACCOUNT_USERNAME_BLACKLIST = ["admin", "druidsite", "staff", "system", "anonymous"]
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[druidsite] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if PRODUCTION else "http"
LOGIN_URL = "account_login"
# A newcomer lands at home, where "New here? Learn a game first" is; ?next= still wins.
LOGIN_REDIRECT_URL = "/"
ACCOUNT_SIGNUP_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
# VACATION_DAYS_PER_YEAR (with the clocks' settings above) sets the vacation allowance.

# --- Login throttling (django-axes) -------------------------------------------
# Five failed logins of one account from one address lock that pair out for 15
# minutes (a successful login before that starts the count again). The site's
# login form, the admin's and POST /api/token/ all count. Per account and
# address, so that guessing from elsewhere cannot lock a player out.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A login by username or email address, in any case, counts for the one account.
AXES_USERNAME_CALLABLE = "accounts.lockout.login_name"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
# The client's address behind the trusted proxies only, never X-Forwarded-For's leftmost.
AXES_CLIENT_IP_CALLABLE = "druidsite.client_address.client_ip"
AXES_VERBOSE = False  # no banner at every start; lockouts are still logged
# allauth counts by the client's address of druidsite.client_address (its adapter).
# allauth's own count of failed logins per account would refuse the sixth try
# with its own words (and never start again on a success): the count per
# account is axes'; allauth keeps its cap per address on guessing many names.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip"}

# --- Security ----------------------------------------------------------------
SESSION_COOKIE_SECURE = PRODUCTION
CSRF_COOKIE_SECURE = PRODUCTION
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Scripts, styles, images, fonts and sockets from the site itself only; no inline
# script or style, no plugins, no framing (druidsite.csp sets it on every answer).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'none'",
])
if PRODUCTION:
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", 31536000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
    if env.bool("BEHIND_TLS_PROXY", default=True):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Bodies larger than this are refused before a view sees them.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", 256 * 1024, minimum=1024)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # Every login writes a few routine lines; failures and lockouts are warnings.
        "axes": {"level": "WARNING"},
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Per client (IP for visitors, account for players): generous for pages and
    # bots; "token" limits password guessing at POST /api/token/. The first two
    # let requests through while Redis (their counters) is down.
    "DEFAULT_THROTTLE_CLASSES": [
        "druidsite.throttling.AnonRateThrottle",
        "druidsite.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {"anon": "300/minute", "user": "1200/minute", "token": "20/minute"},
    # The site's throttles count by druidsite.client_address; this keeps DRF's own
    # (should a view name one) from counting by the whole X-Forwarded-For header.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "druidsite API",
    "DESCRIPTION": (
        "Correspondence board games for scripts and bots. Authenticate with "
        "'Authorization: Token <key>' (POST /api/token/) or a session (CSRF enforced). "
        "Errors are {\"error\": message, \"code\": code}."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": "games.api.serializers.seat_names",
        "HandicapCardEnum": "games.api.serializers.HANDICAP_CHOICES",
        "GameStatusEnum": "games.models.Match.Status",
        "ChallengeStatusEnum": "games.models.Challenge.Status",
        "DaysPerMoveEnum": "games.models.DAYS_LABELS",
    },
}
