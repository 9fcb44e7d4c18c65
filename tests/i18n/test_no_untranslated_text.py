"""No text a person reads is left out of the catalogs: the front ends and the text package
write every sentence through `_`, `ngettext` or `N_`.

A literal counts as shown text when it holds two words in a row (`"no differences"`), or
when it is written straight to a person: echoed, a prompt read back, a usage error, a help
text.  F-strings cannot be translated at all, so one with words is always reported.
Docstrings, the texts inside `_()` and friends, and lines marked `# i18n-exempt: why` are
left alone.  A module that translates never assigns `_`, which would hide the function.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = sorted((ROOT / "interpreter" / "frontends").glob("*.py")) + sorted(
    (ROOT / "interpreter" / "text").glob("*.py")
)
# Modules whose texts are not the program's words for players:
EXEMPT = {
    "docgen.py": "writes the generated pages of docs/, which stay English",
    "catalogs.py": "the translators' tool, run by developers",
}
# Modules whose texts are not wrapped yet (none now; a module being rewritten may be listed here).
PENDING: set[str] = set()
TRANSLATING = {"_", "N_", "ngettext"}
SINKS = {"echo", "secho", "UsageError", "BadParameter", "ClickException", "read", "style"}
WORDS = re.compile(r"[A-Za-z]{2,}[,;:.!?']?\s+['(]?[A-Za-z]{2,}")
LETTERS = re.compile(r"[A-Za-z]{2,}")


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _direct(node: ast.AST) -> set[int]:
    """The nodes of an argument that make up its text (not the arguments of calls inside it)."""
    out = {id(node)}
    if not isinstance(node, ast.Call):
        for child in ast.iter_child_nodes(node):
            out |= _direct(child)
    return out


def _literal_text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def untranslated(path: Path, root: Path = ROOT) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _docstrings(tree)
    sunk: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            inside = list(node.args) + [k.value for k in node.keywords if k.arg != "help"]
            if _name(node.func) in TRANSLATING:
                for arg in node.args:
                    skip.update(id(n) for n in ast.walk(arg))
            elif _name(node.func) in SINKS:
                for arg in inside:
                    sunk.update(_direct(arg))
            for k in node.keywords:  # click help texts: the catalogs read them from the commands
                if k.arg == "help":
                    skip.update(id(n) for n in ast.walk(k.value) if not isinstance(n, ast.JoinedStr))
    found = []
    for node in ast.walk(tree):
        text = _literal_text(node)
        if text is None or id(node) in skip or "i18n-exempt:" in lines[node.lineno - 1]:
            continue
        if isinstance(node, ast.Constant) and any(
            isinstance(p, ast.JoinedStr) and node in p.values for p in ast.walk(tree)
        ):
            continue  # the f-string is judged whole
        shown = (
            WORDS.search(text)
            or (id(node) in sunk and LETTERS.search(text))
            or (isinstance(node, ast.JoinedStr) and LETTERS.search(text) and id(node) in sunk)
        )
        if shown:
            found.append(f"{path.relative_to(root)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return found


def _params(paths: list[Path]) -> list:
    pending = pytest.mark.xfail(reason="texts not wrapped yet", strict=True)
    return [pytest.param(p, id=p.name, marks=[pending] if p.name in PENDING else []) for p in paths]


@pytest.mark.parametrize("path", _params([p for p in SCANNED if p.name not in EXEMPT]))
def test_every_shown_text_is_translatable(path):
    assert untranslated(path) == []


@pytest.mark.parametrize("path", [p for p in SCANNED if p.name not in PENDING], ids=lambda p: p.name)
def test_a_translating_module_never_assigns_underscore(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    stores = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, (ast.Store, ast.Del))
    ]
    assert stores == []


def test_the_scanner_finds_what_it_should(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import click\n"
        "from interpreter.base.i18n import _\n"
        "def f(x):\n"
        '    """A docstring with words."""\n'
        '    click.echo("no differences")\n'  # two words
        '    click.echo(f"{x}: ok")\n'  # an f-string echoed
        '    click.echo("ok")\n'  # one word, echoed
        '    click.echo(_("no differences"))\n'
        '    key = x["seat"]\n'
        '    click.echo("skipped words")  # i18n-exempt: a test\n',
        encoding="utf-8",
    )
    found = untranslated(probe, tmp_path)
    assert [line.split(":")[1] for line in found] == ["5", "6", "7"]
