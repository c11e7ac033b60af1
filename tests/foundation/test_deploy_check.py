"""Production mode passes Django's deployment checklist without a warning."""

from tests.conftest import embedded_env, manage

PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": "k3y-" + "x7Qp9zL2mV8rT4wN6bY1cF5hJ0dS3gK" * 2,
    "ALLOWED_HOSTS": "druids.example.org",
    "SITE_URL": "https://druids.example.org",
}


def test_it_passes_check_deploy_in_production_mode(tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING",
                    env=embedded_env(tmp_path, **PRODUCTION))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_turns_on_secure_cookies_and_headers_in_production(tmp_path):
    code = (
        "from django.conf import settings as s;"
        "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT,"
        " s.SECURE_HSTS_SECONDS > 0, s.STORAGES['staticfiles']['BACKEND'].startswith('whitenoise'))"
    )
    result = manage("shell", "-v", "0", "-c", code, env=embedded_env(tmp_path, **PRODUCTION))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "True", "True", "True", "True"]


def test_it_serves_collected_static_files_in_production(tmp_path):
    env = embedded_env(tmp_path, STATIC_ROOT=str(tmp_path / "static"), **PRODUCTION)
    collected = manage("collectstatic", "--noinput", env=env)
    assert collected.returncode == 0, collected.stderr
    code = (
        "from django.test import Client;"
        "r = Client(HTTP_HOST='druids.example.org').get('/static/css/site.css', secure=True);"
        "print(r.status_code)"
    )
    result = manage("shell", "-v", "0", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "200"
