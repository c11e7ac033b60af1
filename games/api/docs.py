"""A self-contained page documenting the API, built from its OpenAPI schema.

Swagger UI and Redoc load their scripts from a CDN, which a server without
internet access (or a visitor behind a strict proxy) cannot reach; this page
needs nothing but the schema, rendered here as plain HTML.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from drf_spectacular.generators import SchemaGenerator

from druidsite.private_answers import same_for_everyone

METHODS = ("get", "post", "put", "patch", "delete")

# Its style is a static file: the Content-Security-Policy allows no inline style.
STYLESHEET = "css/api-docs.css"


def _ref_name(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[-1] if ref else None


def _type(schema: dict[str, Any]) -> str:
    """A short human form of a JSON schema: string, integer|null, [Move], Challenge..."""
    if not schema:
        return "any"
    name = _ref_name(schema)
    kind = schema.get("type", "object")
    combined = next((key for key in ("oneOf", "anyOf", "allOf") if key in schema), None)
    if name:
        text = format_html('<a href="#schema-{0}">{0}</a>', name)
    elif combined:
        parts = [part for part in schema[combined] if _ref_name(part) != "NullEnum"]
        text = " | ".join(_type(part) for part in parts)
        if len(parts) < len(schema[combined]) and not schema.get("nullable"):
            text += " | null"
    elif kind == "array":
        text = f"[{_type(schema.get('items', {}))}]"
    elif kind == "object" and "additionalProperties" in schema:
        extra = schema["additionalProperties"]
        text = f"{{name: {_type(extra) if isinstance(extra, dict) else 'any'}}}"
    else:
        text = escape(kind)
        if "enum" in schema:
            text += " (" + escape(", ".join(str(v) for v in schema["enum"] if v is not None)) + ")"
    if schema.get("nullable"):
        text += " | null"
    return text


def _properties(schema: dict[str, Any]) -> str:
    props = schema.get("properties") or {}
    if not props:
        return ""
    required = set(schema.get("required", []))
    rows = "".join(
        format_html("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    name, _safe(_type(prop)), "yes" if name in required else "",
                    prop.get("description", ""))
        for name, prop in props.items()
    )
    return format_html("<table><tr><th>field</th><th>type</th><th>required</th>"
                       "<th>meaning</th></tr>{}</table>", _safe(rows))


def _safe(html: str) -> SafeString:
    """Mark HTML built here from escaped parts (format_html, escape) as safe."""
    return mark_safe(html)


def _operation(path: str, method: str, op: dict[str, Any]) -> str:
    parts = [format_html('<div class="op"><h3><span class="m {0}">{0}</span> <code>{1}</code>'
                         "</h3><p>{2}</p>", method, path, op.get("summary", ""))]
    if op.get("description"):
        parts.append(format_html("<p>{}</p>", op["description"]))
    params = [p for p in op.get("parameters", []) if p.get("in") == "query"]
    if params:
        rows = "".join(format_html("<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                                   p["name"], _safe(_type(p.get("schema", {}))),
                                   p.get("description", "")) for p in params)
        parts.append(format_html("<p>Query:</p><table>{}</table>", _safe(rows)))
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    if body.get("schema"):
        parts.append(format_html("<p>Body: {}</p>", _safe(_type(body["schema"]))))
    answers = []
    for code, response in op.get("responses", {}).items():
        schema = response.get("content", {}).get("application/json", {}).get("schema", {})
        answers.append(format_html("<li><b>{}</b> {} {}</li>", code,
                                   _safe(_type(schema)) if schema else "",
                                   response.get("description", "")))
    parts.append(format_html("<p>Answers:</p><ul>{}</ul></div>", _safe("".join(answers))))
    return "".join(parts)


def render_docs(schema: dict[str, Any], schema_url: str) -> str:
    info = schema.get("info", {})
    ops = [
        _operation(path, method, item[method])
        for path, item in schema.get("paths", {}).items()
        for method in METHODS if method in item
    ]
    components = schema.get("components", {}).get("schemas", {})
    shapes = "".join(
        format_html('<h3 id="schema-{0}">{0}</h3><p>{1}</p>{2}', name,
                    component.get("description", ""), _safe(_properties(component)
                    or _type({k: v for k, v in component.items() if k != "description"})))
        for name, component in sorted(components.items())
    )
    return format_html(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>{0}</title>"
        '<link rel="stylesheet" href="{1}"></head><body><h1>{0} {2}</h1><p>{3}</p>'
        '<p>Machine-readable: <a href="{4}">OpenAPI (YAML)</a>, '
        '<a href="{4}?format=json">OpenAPI (JSON)</a>.</p>'
        "<h2>Endpoints</h2>{5}<h2>Shapes</h2>{6}</body></html>",
        info.get("title", "API"), static(STYLESHEET), info.get("version", ""),
        info.get("description", ""), schema_url, _safe("".join(ops)), _safe(shapes),
    )


@lru_cache(maxsize=8)
def _page(language: str, schema_url: str) -> str:
    """The page in one language (the schema is the same for the life of the process)."""
    return render_docs(SchemaGenerator().get_schema(request=None, public=True), schema_url)


@same_for_everyone
@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_page(get_language() or "", reverse("api-schema")))
