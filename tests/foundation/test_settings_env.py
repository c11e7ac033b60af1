"""Settings come from the environment; a bad value stops the start, naming the variable."""

import json

import pytest
from django.core.exceptions import ImproperlyConfigured

from druidsite.env import Env
from tests.conftest import embedded_env, manage


def test_it_reads_booleans_strictly():
    assert Env({"DEBUG": "yes"}).bool("DEBUG", default=False) is True
    assert Env({}).bool("DEBUG", default=True) is True
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        Env({"DEBUG": "maybe"}).bool("DEBUG", default=False)


def test_it_refuses_a_database_url_of_another_kind():
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        Env({"DATABASE_URL": "mysql://root@localhost/x"}).database("DATABASE_URL")


def test_it_parses_a_postgres_url():
    config = Env({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/druidsite"}).database(
        "DATABASE_URL"
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "druidsite"


def test_it_refuses_a_redis_url_without_host():
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        Env({"REDIS_URL": "localhost:6379"}).redis_url("REDIS_URL")
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        Env({"REDIS_URL": "redis://localhost:notaport/0"}).redis_url("REDIS_URL")


def test_it_refuses_a_bad_integer_naming_it():
    with pytest.raises(ImproperlyConfigured, match="CELERY_TASK_TIME_LIMIT"):
        Env({"CELERY_TASK_TIME_LIMIT": "soon"}).int("CELERY_TASK_TIME_LIMIT", 60)


def test_it_refuses_an_unknown_email_url():
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        Env({"EMAIL_URL": "pigeon://loft"}).email("EMAIL_URL")


@pytest.mark.parametrize(
    "variable, value",
    [
        ("DEBUG", "maybe"),
        ("DATABASE_URL", "oracle://x@y/z"),
        ("REDIS_URL", "not-a-url"),
        ("DJANGO_ENV", "staging"),
        ("EMAIL_URL", "pigeon://loft"),
        ("TRUSTED_PROXY_COUNT", "two"),
        ("TRUSTED_PROXY_COUNT", "-1"),
        ("HEALTH_PROBE_TOKEN", "short"),
        ("AI_CPU_SECONDS", "1000"),  # beyond the task's time limit
        ("HINT_CPU_SECONDS", "60"),  # a hint is asked while the player waits
        ("REVIEW_CPU_SECONDS", "nan"),
    ],
)
def test_it_stops_the_process_naming_the_variable(tmp_path, variable, value):
    result = manage("check", env=embedded_env(tmp_path, **{variable: value}))
    assert result.returncode != 0
    assert variable in result.stderr


def test_it_needs_a_secret_key_in_production(tmp_path):
    env = embedded_env(tmp_path, DJANGO_ENV="production", ALLOWED_HOSTS="example.org")
    env.pop("SECRET_KEY", None)
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_it_uses_sqlite_in_the_data_folder_without_database_url(tmp_path):
    result = manage(
        "shell", "-v", "0", "-c",
        "from django.conf import settings; print(settings.DATABASES['default']['NAME'])",
        env=embedded_env(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(tmp_path / "db.sqlite3")


def test_it_bounds_the_connections_of_a_process_with_services(tmp_path):
    """A pool each for PostgreSQL, the cache and the channel layer: a burst waits."""
    script = (
        "from django.conf import settings as s; import json; print(json.dumps(["
        "s.DATABASES['default']['OPTIONS']['pool'], s.DATABASES['default']['CONN_MAX_AGE'],"
        "s.CACHES['default']['OPTIONS'], s.CHANNEL_LAYERS['default']['BACKEND'],"
        "s.CHANNEL_LAYERS['default']['CONFIG']['max_connections']]))"
    )
    env = embedded_env(tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:5432/unused",
                       REDIS_URL="redis://127.0.0.1:6379/0", DATABASE_POOL_SIZE="6")
    result = manage("shell", "-v", "0", "-c", script, env=env)
    assert result.returncode == 0, result.stderr
    pool, max_age, cache, layer, layer_connections = json.loads(result.stdout)
    assert (pool["max_size"], max_age) == (6, 0)
    assert cache["pool_class"] == "redis.BlockingConnectionPool"
    assert layer == "druidsite.channel_layer.PooledRedisChannelLayer"
    assert layer_connections == 200


def test_it_reads_a_cpu_budget_as_a_number_naming_it():
    assert Env({"AI_CPU_SECONDS": "2.5"}).float("AI_CPU_SECONDS", 0.0, minimum=0.0) == 2.5
    assert Env({}).float("AI_CPU_SECONDS", 0.0, minimum=0.0) == 0.0
    for bad in ("soon", "nan", "-1"):
        with pytest.raises(ImproperlyConfigured, match="AI_CPU_SECONDS"):
            Env({"AI_CPU_SECONDS": bad}).float("AI_CPU_SECONDS", 0.0, minimum=0.0)


@pytest.mark.parametrize(("setting", "binding", "threshold"),
                         [(None, True, 2), ("1", True, 2), ("0", None, None)])
def test_it_prepares_statements_on_the_pools_connections(tmp_path, setting, binding, threshold):
    script = ("import json; from django.conf import settings as s; o = s.DATABASES['default']"
              "['OPTIONS']; print(json.dumps([o.get('server_side_binding'), "
              "o.get('prepare_threshold')]))")
    extra = {} if setting is None else {"DATABASE_PREPARED_STATEMENTS": setting}
    env = embedded_env(tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:5432/unused",
                       REDIS_URL="redis://127.0.0.1:6379/0", **extra)
    result = manage("shell", "-v", "0", "-c", script, env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [binding, threshold]


def test_the_site_reads_postgresql_through_prepared_statements(db):
    """The suite runs on the production's setting: a query the site repeats is prepared."""
    from django.db import connection

    from games.models import Match

    if connection.vendor != "postgresql":
        pytest.fail("DATABASE_URL is not PostgreSQL")
    for _ in range(3):
        list(Match.objects.filter(pk=-1))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        assert cursor.fetchone()[0] >= 1
