"""The balance report as one HTML file: tables and PNG plots embedded, readable offline.

Everything shown comes from the summary dictionary (study/summary.py), the same one
`--format json` prints.  No script, no font or style sheet from elsewhere: the file can be
mailed, archived or opened from a disk.
"""

from __future__ import annotations

import base64
import html
from typing import Any

from interpreter.study.summary import GAME_METRICS

STYLE = """
body { font-family: sans-serif; max-width: 70em; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.4em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.found td { background: #fff3c4; }
img { max-width: 100%; display: block; margin: 0.5em 0 1.5em; }
.note { color: #555; font-size: 0.9em; }
code { background: #f3f3f3; padding: 0 0.2em; }
"""

DEFINITIONS = [
    ("win", "a side (a team, else a seat) wins a game when its result is the sole best; otherwise it is a draw"),
    ("balance", "1 - (highest side win rate - lowest); 1 is perfectly even (Ludii's balance, on win rates)"),
    ("deal margin", "the mean over a game's deals of the best side's deal score minus the worst's"),
    ("lead changes", "how often the sole leader of the running totals changes between deal ends, per deal gap"),
    (
        "decided at",
        "share of a decided game's decisions made when the winner took the lead for good (1: the last deal)",
    ),
    ("drama", "the winner's mean deficit in points at the deal ends where it did not lead; 0 if it always led"),
    ("comebacks", "decided games whose winner trailed at the end of some deal"),
    ("skill edge", "a side played by the search agent: its result minus the mean of the other sides"),
    ("paired test", "variant - base on the same seeds, z test on the per-game differences, Holm-adjusted p"),
]


def _e(value: Any) -> str:
    return html.escape(str(value))


def _num(x: Any, digits: int = 3) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return f"{x:,}" if isinstance(x, int) else _e(x)


def _ci(ci: list) -> str:
    return "-" if not ci or ci[0] is None else f"[{_num(ci[0])}, {_num(ci[1])}]"


def _table(head: list[str], rows: list[list[str]], classes: list[str] | None = None) -> str:
    out = ["<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    return "\n".join(out) + "</table>"


def _overview(summary: dict) -> str:
    rows = summary["rulesets"]
    head = [""] + [r["id"] for r in rows]
    lines: list[list[str]] = [["games", *(_num(r["games"]) for r in rows)]]
    lines.append(["failed games", *(_num(r["failed"]) for r in rows)])
    for s, side in enumerate(rows[0]["sides"]):
        lines.append(
            [f"win rate: {_e(side['side'])}"]
            + [f"{_num(r['sides'][s]['win_rate'])} {_ci(r['sides'][s]['win_ci95'])}" for r in rows]
        )
        lines.append(
            [f"mean result: {_e(side['side'])}"]
            + [f"{_num(r['sides'][s]['score']['mean'])} {_ci(r['sides'][s]['score']['ci95'])}" for r in rows]
        )
    lines.append(["draws", *(f"{_num(r['draws']['rate'])} {_ci(r['draws']['ci95'])}" for r in rows)])
    lines.append(["balance", *(_num(r["balance"]) for r in rows)])
    lines.append(["comebacks", *(f"{_num(r['comebacks']['rate'])} {_ci(r['comebacks']['ci95'])}" for r in rows)])
    for m in GAME_METRICS[1:]:
        lines.append([m, *(f"{_num(r['measures'][m]['mean'])} {_ci(r['measures'][m]['ci95'])}" for r in rows)])
    return _table(head, lines)


def _records(summary: dict) -> str:
    fields = sorted({f for r in summary["rulesets"] for f in r["records"]})
    if not fields:
        return ""
    lines = []
    for f in fields:
        values = sorted({v for r in summary["rulesets"] for v in r["records"].get(f, {})})
        for v in values:
            cells = []
            for r in summary["rulesets"]:
                stat = r["records"].get(f, {}).get(v)
                cells.append(_num(stat["mean"]) if stat else "-")
            lines.append([f"<code>{_e(f)}</code> = {_e(v)}", *cells])
    head = ["recorded value (share of deals)", *(r["id"] for r in summary["rulesets"])]
    return "<h2>What the deals recorded</h2>" + _table(head, lines)


def _paired(summary: dict) -> str:
    out = []
    for pair in summary["paired"]:
        out.append(f"<h3>{_e(pair['variant'])} against {_e(pair['base'])}</h3>")
        tests = sorted(
            pair["tests"], key=lambda t: (not t["significant"], t["p_holm"] if t["p_holm"] is not None else 2)
        )
        rows, classes = [], []
        for t in tests:
            rows.append(
                [
                    _e(t["metric"]),
                    _num(t["diff"], 4),
                    _ci(t["ci95"]),
                    _num(t["p"], 4) if t["p"] is not None else "-",
                    _num(t["p_holm"], 4) if t["p_holm"] is not None else "-",
                    "yes" if t["significant"] else "",
                ]
            )
            classes.append("found" if t["significant"] else "")
        out.append(_table(["metric", "variant - base", "95% CI", "p", "Holm p", "difference found"], rows, classes))
        for agent, t in pair["skill"].items():
            out.append(
                f'<p class="note">Skill edge of {_e(agent)}: variant - base {_num(t["diff"])} {_ci(t["ci95"])}, '
                f"p {_num(t['p'], 4) if t['p'] is not None else '-'}.</p>"
            )
    return "<h2>Paired tests</h2>" + "\n".join(out) if out else ""


def _rules(summary: dict) -> str:
    out = ["<h2>Rules that fired</h2>"]
    for r in summary["rulesets"]:
        rules = r["rules"]
        if not rules.get("counted"):
            out.append(f"<p>{_e(r['id'])}: not counted (<code>--no-rule-counts</code>).</p>")
            continue
        never = ", ".join(f"{_e(x['id'])} ({_e(x['kind'])})" for x in rules["never_fired"]) or "none"
        out.append(
            f"<h3>{_e(r['id'])}</h3><p><b>Never fired in {_num(r['games'])} games (possibly dead):</b> {never}.</p>"
        )
        rows = [
            [_e(x["id"]), _e(x["kind"]), _num(x["times"]), f"{x['games'] / max(1, r['games']):.3f}"]
            for x in rules["fired"]
        ]
        out.append(_table(["rule", "attached to", "times", "share of games"], rows))
        if rules["not_counted"]:
            out.append(
                '<p class="note">Not counted (functions, options, invariants or rule texts, which work inside '
                f"expressions): {_e(', '.join(rules['not_counted']))}.</p>"
            )
    return "\n".join(out)


def _skill(summary: dict) -> str:
    if not summary["skill_agents"]:
        return ""
    rows = []
    for r in summary["rulesets"]:
        for agent, s in r["skill"].items():
            rows.append(
                [
                    _e(r["id"]),
                    _e(agent),
                    _num(s["games"]) + (f" ({_num(s['failed'])} failed)" if s.get("failed") else ""),
                    f"{_num(s['edge']['mean'])} {_ci(s['edge']['ci95'])}",
                    f"{_num(s['win_rate'])} {_ci(s['win_ci95'])}",
                    _num(s["even_win_rate"]),
                ]
            )
    head = ["ruleset", "agent", "games", "edge (points)", "its win rate", "even win rate"]
    note = (
        f"<p class='note'>One side (rotating with the game number) is played by the agent, the others by "
        f"{_e(summary['agents'])}. An edge whose interval holds 0 means skill did not show in this many games.</p>"
    )
    return "<h2>Does skill matter?</h2>" + note + _table(head, rows)


def render(summary: dict, plots: list[tuple[str, bytes]]) -> str:
    """The report page."""
    run = summary["run"]
    names = ", ".join(_e(r["id"]) for r in summary["rulesets"])
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance: {names}</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance: {names}</h1>",
        f"<p>{_num(summary['games'])} games per ruleset from seed {_num(summary['seed'])}, the same seeds for "
        f"every ruleset, agents <code>{_e(summary['agents'])}</code>; {_e(run['where'])}, "
        f"{_num(run['seconds'], 1)} s.</p>",
    ]
    if run["interrupted"]:
        parts.append(f"<p><b>Interrupted:</b> {_num(run['finished'])} of {_num(run['games'])} games finished.</p>")
    if run["retries"] or run["lost"]:
        items = "".join(f"<li>ran again: {_e(x)}</li>" for x in run["retries"])
        items += "".join(f"<li>given up: {_e(x)}</li>" for x in run["lost"])
        parts.append(f"<p>Workers died during the run:</p><ul>{items}</ul>")
    parts += ["<h2>Side by side</h2>", _overview(summary)]
    for caption, png in plots:
        data = base64.b64encode(png).decode("ascii")
        parts.append(f"<h3>{_e(caption)}</h3><img alt='{_e(caption)}' src='data:image/png;base64,{data}'>")
    parts += [_records(summary), _paired(summary), _skill(summary), _rules(summary)]
    parts.append("<h2>Definitions</h2>" + _table(["term", "meaning"], [[_e(a), _e(b)] for a, b in DEFINITIONS]))
    parts.append("</body></html>")
    return "\n".join(p for p in parts if p)
