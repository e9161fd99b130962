"""The one page builder: every HTML page the tools write is a Jinja2 template of templates/, rendered
with autoescaping on (a value is escaped unless the template marks it safe).

Jinja2 is imported when the first page is rendered, not before: tools/evidence installs what it lacks
(Debian's python3-jinja2 among it) in its first step."""
import html
import importlib
import os
import sys
from types import ModuleType
from typing import Any, List

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
_ENVIRONMENT: List[Any] = []


def _jinja2() -> ModuleType:
    try:
        return importlib.import_module("jinja2")
    except ImportError:
        # Debian's python3-jinja2 (tools/setup installs it) belongs to the system Python; an interpreter
        # first on PATH (a pyenv one, say) may not see it.
        sys.path.append("/usr/lib/python3/dist-packages")
        return importlib.import_module("jinja2")


def _environment() -> Any:
    if not _ENVIRONMENT:
        jinja2 = _jinja2()
        markup = importlib.import_module("markupsafe").Markup  # jinja2's own dependency

        def escape(value: Any) -> Any:
            """Every value a template prints, escaped as html.escape does (quotes as &quot; and &#x27;),
            unless it is already markup (the |safe filter, a macro's output). Autoescaping stays on as
            well: a value that reached the output unescaped would still be escaped by it."""
            if hasattr(value, "__html__"):
                return value
            return markup(html.escape(str(value)))

        environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=True,
            keep_trailing_newline=True,
            finalize=escape,
            undefined=jinja2.StrictUndefined,  # a value the template names and the caller forgot is an error
        )
        environment.filters["thousands"] = lambda number: f"{int(number):,}"
        _ENVIRONMENT.append(environment)
    return _ENVIRONMENT[0]


def render(template: str, **values: Any) -> str:
    """The page `template` (a file of templates/) with `values`."""
    return str(_environment().get_template(template).render(**values))


def write(path: str, template: str, **values: Any) -> str:
    """Renders the page into `path` (UTF-8); returns the path."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(render(template, **values))
    return path
