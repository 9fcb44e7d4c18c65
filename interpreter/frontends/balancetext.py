"""`cardrules balance` as text: the figures side by side, what the paired tests found, dead rules.

The figures' names are the report's (English, as in the JSON keys and docs/balance.md); the
sentences around them are the program's words, translated.
"""

from __future__ import annotations

from interpreter.base.i18n import _, ngettext
from interpreter.study.summary import GAME_METRICS

MEASURES = tuple(m for m in GAME_METRICS if m not in ("draw", "deals"))  # draws have their own row


def _cell(value: float | None, ci: list | None = None) -> str:
    if value is None:
        return "-"
    text = f"{value:.3f}"
    return f"{text} [{ci[0]:.3f}, {ci[1]:.3f}]" if ci and ci[0] is not None else text


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows
    ]


def figures(summary: dict) -> list[str]:
    rulesets = summary["rulesets"]
    rows = [["", *(r["id"] for r in rulesets)]]
    alone = len(rulesets[0]["sides"]) == 1  # (a patience: nobody to beat, so no wins or draws)
    for s, side in enumerate(rulesets[0]["sides"]):
        wins = (_cell(None) if alone else _cell(r["sides"][s]["win_rate"], r["sides"][s]["win_ci95"]) for r in rulesets)
        rows.append([f"win {side['side']}", *wins])
        rows.append(
            [
                f"mean {side['side']}",
                *(_cell(r["sides"][s]["score"]["mean"], r["sides"][s]["score"]["ci95"]) for r in rulesets),
            ]
        )
    rows.append(["draw", *(_cell(None) if alone else _cell(r["draws"]["rate"], r["draws"]["ci95"]) for r in rulesets)])
    for m in MEASURES:
        rows.append([m, *(_cell(r["measures"][m]["mean"], r["measures"][m]["ci95"]) for r in rulesets)])
    return _columns(rows)


def found(summary: dict) -> list[str]:
    if not summary["paired"]:  # one ruleset: nothing was compared
        return []
    lines = [_("What the paired tests found (Holm-adjusted p < 0.05):")]
    for pair in summary["paired"]:
        hits = [t for t in pair["tests"] if t["significant"]]
        if not hits:
            lines.append("  " + _("{variant}: no difference found", variant=pair["variant"]))
        for t in sorted(hits, key=lambda t: t["p_holm"]):
            lines.append(
                "  "
                + _(
                    "{variant}: {metric} {diff:+.4f} (95% CI [{low:.4f}, {high:.4f}], p {p:.2g})",
                    variant=pair["variant"],
                    metric=t["metric"],
                    diff=t["diff"],
                    low=t["ci95"][0],
                    high=t["ci95"][1],
                    p=t["p_holm"],
                )
            )
    return lines


def dead_rules(summary: dict) -> list[str]:
    lines = []
    for r in summary["rulesets"]:
        never = r["rules"].get("never_fired")
        if never:
            ids = ", ".join(x["id"] for x in never)
            lines.append(
                ngettext(
                    "{ruleset}: never fired in {n} game (possibly dead): {ids}",
                    "{ruleset}: never fired in {n} games (possibly dead): {ids}",
                    r["games"],
                    ruleset=r["id"],
                    ids=ids,
                )
            )
    return lines


def skill(summary: dict) -> list[str]:
    lines = []
    for r in summary["rulesets"]:
        if r["skill"] and r["measures"]["decisions"]["mean"] == 0:  # (the edges would be the seeds' noise)
            lines.append(
                _("{ruleset}: nobody decides anything in these games, so no agent can play better", ruleset=r["id"])
            )
            continue
        for agent, s in r["skill"].items():
            edge = s["edge"]
            said = dict(ruleset=r["id"], agent=agent, edge=edge["mean"], low=edge["ci95"][0], high=edge["ci95"][1])
            if len(r["sides"]) == 1:  # alone at the table: against the main run's agents on the same deals
                line = ngettext(
                    "{ruleset}: {agent} scores {edge:+.3f} more than {agents} on the same deal "
                    "(95% CI [{low:.3f}, {high:.3f}], {n} game)",
                    "{ruleset}: {agent} scores {edge:+.3f} more than {agents} on the same deals "
                    "(95% CI [{low:.3f}, {high:.3f}], {n} games)",
                    s["games"],
                    agents=summary["agents"],
                    **said,
                )
            else:
                line = ngettext(
                    "{ruleset}: {agent} scores {edge:+.3f} over the other sides (95% CI [{low:.3f}, {high:.3f}], "
                    "{n} game)",
                    "{ruleset}: {agent} scores {edge:+.3f} over the other sides (95% CI [{low:.3f}, {high:.3f}], "
                    "{n} games)",
                    s["games"],
                    **said,
                )
            lines.append(line)
    return lines


def balance_text(summary: dict) -> str:
    run = summary["run"]
    lines = [
        _(
            "{n} games per ruleset, the same seeds for each ({where}, {seconds:.1f} s)",
            n=summary["games"],
            where=run["where"],
            seconds=run["seconds"],
        ),
        *figures(summary),
    ]
    tests = found(summary)
    if tests:
        lines += ["", *tests]
    dead = dead_rules(summary)
    if dead:
        lines += ["", *dead]
    skills = skill(summary)
    if skills:
        lines += ["", *skills]
    return "\n".join(lines)
