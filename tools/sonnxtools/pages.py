"""The one page builder: every HTML page the tools write is a Jinja2 template of templates/, rendered
with autoescaping on (a value is escaped unless the template marks it safe)."""
import html
import os
import sys
from typing import Any

try:
    import jinja2
except ImportError:  # pragma: no cover - depends on the interpreter
    # Debian's python3-jinja2 (tools/setup installs it) belongs to the system Python; an interpreter
    # first on PATH (a pyenv one, say) may not see it.
    sys.path.append("/usr/lib/python3/dist-packages")
    import jinja2
import markupsafe  # jinja2's own dependency


def _escape(value: Any) -> Any:
    """Every value a template prints, escaped as html.escape does (quotes as &quot; and &#x27;), unless it
    is already markup (the |safe filter, or a Markup value). Autoescaping stays on as well: a value that
    reached the output unescaped would still be escaped by it."""
    if hasattr(value, "__html__"):
        return value
    return markupsafe.Markup(html.escape(str(value)))


TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")

_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    keep_trailing_newline=True,
    finalize=_escape,
    undefined=jinja2.StrictUndefined,  # a value the template names and the caller forgot is an error
)
_ENVIRONMENT.filters["thousands"] = lambda number: f"{int(number):,}"


def render(template: str, **values: Any) -> str:
    """The page `template` (a file of templates/) with `values`."""
    return _ENVIRONMENT.get_template(template).render(**values)


def write(path: str, template: str, **values: Any) -> str:
    """Renders the page into `path` (UTF-8); returns the path."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(render(template, **values))
    return path
