"""The house: stages import only the stages below them, no import circles, small modules,
an engine that names no game, and a repository that stands alone.

Each package of `interpreter/` says in its `__init__` docstring which packages it
may import (`May import: base, expr.`); this test reads that line and holds every
import of every module to it, lazy imports inside functions included.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "interpreter"
MAX_LINES = 600

# Words that belong to one game, never to the generic engine (DESIGN principle 1).
GAME_WORDS = re.compile(
    r"\b(hachinin|meri|monchi|robai|tenka|okie|sota|kaba|pao|isu|koppu|ouru|guru"
    r"|unsun|karuta|duzihu|nantong|myriads?|pong|kong|hezi|wenqian|biaohu|tajihu|piaohu|qinghu"
    r"|qingfu|white[-_ ]flower|red[-_ ]flower|old[-_ ]generals?|three[-_ ]elders"
    r"|hearts|scopa|primiera|settebello)\b",
    re.IGNORECASE,
)


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The interpreter modules `name` imports anywhere in its text (resolved to modules we have)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t if t in MODULES else base for t in subs]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("interpreter"):
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (PACKAGE / parts[1] / "__init__.py").exists() else None


def _allowed(stage: str) -> set[str]:
    doc = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text(encoding="utf-8"))) or ""
    found = re.search(r"^May import: (.*)\.$", doc, re.M)
    assert found, f"interpreter/{stage}/__init__.py must say 'May import: ...' in its docstring"
    words = found.group(1)
    return set() if words.startswith("nothing") else {w.strip() for w in words.split(",")}


STAGES = sorted({s for s in map(_stage, MODULES) if s})


def test_the_package_is_only_stages():
    """`ls interpreter/` reads like the architecture: packages, the public API and `__main__`."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert loose == []
    assert {
        "base",
        "loading",
        "checking",
        "model",
        "expr",
        "engine",
        "compiling",
        "agents",
        "text",
        "frontends",
    } <= set(STAGES)


@pytest.mark.parametrize("stage", STAGES)
def test_each_stage_imports_only_what_its_init_allows(stage):
    allowed = _allowed(stage) | {stage}
    wrong = [
        f"{m} imports {t}"
        for m, targets in GRAPH.items()
        if _stage(m) == stage
        for t in sorted(targets)
        if _stage(t) is not None and _stage(t) not in allowed
    ]
    assert wrong == []


def test_the_stages_form_a_ladder():
    """What a stage may import may not import it back, directly or through others."""
    allowed = {s: _allowed(s) for s in STAGES}
    for stage in STAGES:
        seen, todo = set(), list(allowed[stage])
        while todo:
            lower = todo.pop()
            assert lower != stage, f"{stage} may import itself through {sorted(seen)}"
            if lower not in seen:
                seen.add(lower)
                todo.extend(allowed.get(lower, ()))


def test_no_import_circles():
    """Tarjan's strongly connected components over every import (lazy ones too): all of size one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert circles == []


def test_a_module_never_imports_its_own_package():
    """Submodules import the module that defines a name, not their package's re-exports."""
    wrong = [
        f"{m} imports {t}"
        for m, targets in GRAPH.items()
        for t in targets
        if m.startswith(t + ".") and t != "interpreter"
    ]
    assert wrong == []


def test_modules_stay_small():
    big = {
        str(p.relative_to(ROOT)): n
        for p in MODULES.values()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert big == {}


def test_the_engine_names_no_game():
    hits = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted(PACKAGE.rglob("*"))
        if p.suffix in (".py", ".lark", ".json", ".po", ".html", ".js", ".css") and p.is_file()
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if GAME_WORDS.search(line)
    ]
    assert hits == []


def test_the_repository_stands_alone():
    """Nothing a user gets points outside the repository (the source notes are in docs/sources.md)."""
    outside = re.compile(r"\.\./shared|shared/(rules|checks|seeds|DESIGN|HOUSE_STYLE)|/work/")
    hits = []
    for folder in ("interpreter", "rulesets", "docs", "tests", "benchmarks", "tools", "grammar", ".ci"):
        for p in sorted((ROOT / folder).rglob("*")):
            hidden = any(part.startswith(".") for part in p.relative_to(ROOT / folder).parts)  # e.g. a venv
            if (
                p.is_file()
                and p.suffix not in (".png", ".svg", ".mo", ".pyc")
                and "fixtures" not in p.parts
                and not hidden
            ):
                for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                    if outside.search(line) and p != Path(__file__):
                        hits.append(f"{p.relative_to(ROOT)}:{n}")
    for name in ("README.md", "pyproject.toml", "CHANGELOG.md"):
        if (ROOT / name).exists() and outside.search((ROOT / name).read_text(encoding="utf-8")):
            hits.append(name)
    assert hits == []
