"""The balance report's pictures, drawn with matplotlib (the extra `cardrules[report]`) as PNG bytes.

Each function takes the summary dictionary (study/summary.py) and returns one PNG; nothing
is computed here that the JSON does not hold.  The Agg backend draws without a display.
"""

from __future__ import annotations

import io
from typing import Any

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
CLIP = 2.0  # standard deviations shown; a larger difference is drawn at the edge with its value
KEY_METRICS = ("draw", "decisions", "deal margin", "lead changes", "decided at", "drama")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=100, bbox_inches="tight")
    _pyplot().close(fig)
    return out.getvalue()


def _labels(summary: dict) -> list[str]:
    return [r["id"] for r in summary["rulesets"]]


def win_rates(summary: dict) -> bytes:
    """Each side's win rate (and the draws) per ruleset, with Wilson 95% intervals."""
    plt = _pyplot()
    rows = summary["rulesets"]
    names = [s["side"] for s in rows[0]["sides"]] + ["draw"]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(rows)
    for i, r in enumerate(rows):
        rates = [s["win_rate"] or 0 for s in r["sides"]] + [r["draws"]["rate"] or 0]
        cis = [s["win_ci95"] for s in r["sides"]] + [r["draws"]["ci95"]]
        low = [max(0.0, v - c[0]) for v, c in zip(rates, cis)]
        high = [max(0.0, c[1] - v) for v, c in zip(rates, cis)]
        xs = [j + (i - (len(rows) - 1) / 2) * width for j in range(len(rates))]
        ax.bar(xs, rates, width, yerr=[low, high], capsize=3, label=r["id"], color=COLOURS[i % len(COLOURS)])
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("share of games")
    ax.set_title("Wins per side and draws (95% CI)")
    ax.legend(fontsize=8)
    return _png(fig)


def _steps(ax: Any, histogram: dict, label: str, colour: str) -> None:
    values = sorted((float(k), v) for k, v in histogram["values"].items())
    total = sum(v for _k, v in values) or 1
    if not values:
        return
    xs = [k for k, _v in values]
    ys = [v / total for _k, v in values]
    if len(xs) > 40:  # many distinct scores: bins, so the shapes can be compared
        ax.hist(xs, bins=40, weights=ys, histtype="step", label=label, color=colour, linewidth=1.5)
    else:
        ax.plot(xs, ys, marker="o", markersize=3, label=label, color=colour, linewidth=1.2)


def distributions(summary: dict, key: str, title: str, xlabel: str, side: int | None = 0) -> bytes:
    """The distribution of one histogram per ruleset (of side `side` when per side)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.4))
    for i, r in enumerate(summary["rulesets"]):
        histogram = r[key][side] if side is not None else r[key]
        _steps(ax, histogram, r["id"], COLOURS[i % len(COLOURS)])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    if ax.get_legend_handles_labels()[0]:  # a histogram may be empty (no decided game)
        ax.legend(fontsize=8)
    return _png(fig)


def paired_effects(summary: dict) -> bytes | None:
    """Each variant's paired differences from the base, in units of the base's spread, with 95% CIs;
    filled markers where the Holm-adjusted test finds a difference."""
    if not summary["paired"]:
        return None
    plt = _pyplot()
    base = summary["rulesets"][0]
    spreads = {m: base["measures"][m]["sd"] for m in KEY_METRICS}
    spreads.update({f"score: {s['side']}": s["score"]["sd"] for s in base["sides"]})
    spreads.update({f"win: {s['side']}": 0.5 for s in base["sides"]})
    metrics = [m for m in (*KEY_METRICS, *(f"win: {s['side']}" for s in base["sides"])) if m in spreads]
    fig, ax = plt.subplots(figsize=(8, 0.5 + 0.32 * len(metrics) * len(summary["paired"])))
    y = 0.0
    ticks: list[float] = []
    labels: list[str] = []
    for v, pair in enumerate(summary["paired"]):
        tests = {t["metric"]: t for t in pair["tests"]}
        for m in metrics:
            t = tests.get(m)
            sd = spreads[m] or 1.0
            if t is None or t["ci95"][0] is None:
                continue
            lo, hi, d = (max(-CLIP, min(CLIP, x / sd)) for x in (t["ci95"][0], t["ci95"][1], t["diff"]))
            colour = COLOURS[(v + 1) % len(COLOURS)]
            ax.plot([lo, hi], [y, y], color=colour, linewidth=2)
            marker = "o" if abs(d) < CLIP else (">" if d > 0 else "<")
            ax.plot([d], [y], marker, color=colour, markerfacecolor=colour if t["significant"] else "white")
            if abs(d) >= CLIP:  # off the scale: say how far
                ax.annotate(f"{t['diff'] / sd:+.1f}", (d, y), textcoords="offset points", xytext=(0, 5), fontsize=7)
            ticks.append(y)
            labels.append(f"{pair['variant']}: {m}")
            y -= 1
        y -= 0.5
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlim(-CLIP * 1.1, CLIP * 1.1)
    ax.set_yticks(ticks, labels, fontsize=7)
    ax.set_xlabel("variant - base, in standard deviations of the base (filled: significant)")
    ax.set_title("Paired differences from the base (95% CI)")
    return _png(fig)


def skill(summary: dict) -> bytes | None:
    """The search agents' edge over the other seats, per ruleset, with 95% CIs."""
    agents = summary["skill_agents"]
    if not agents:
        return None
    plt = _pyplot()
    rows = summary["rulesets"]
    fig, ax = plt.subplots(figsize=(8, 3.2))
    width = 0.8 / len(agents)
    for a, agent in enumerate(agents):
        means, low, high = [], [], []
        for r in rows:
            edge = r["skill"].get(agent, {}).get("edge", {"mean": 0, "ci95": [0, 0]})
            means.append(edge["mean"])
            low.append(edge["mean"] - edge["ci95"][0])
            high.append(edge["ci95"][1] - edge["mean"])
        xs = [j + (a - (len(agents) - 1) / 2) * width for j in range(len(rows))]
        ax.bar(xs, means, width, yerr=[low, high], capsize=3, label=agent, color=COLOURS[(a + 4) % len(COLOURS)])
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(range(len(rows)), _labels(summary), fontsize=8, rotation=12, ha="right")  # long ids overlap
    ax.set_ylabel("points over the other sides")
    ax.set_title(f"Skill: one side played by the agent, the others by {summary['agents']} (95% CI)")
    ax.legend(fontsize=8)
    return _png(fig)


def all_plots(summary: dict) -> list[tuple[str, bytes]]:
    """Every picture of the report, with its caption, in the report's order."""
    shown = [
        ("Wins and draws", win_rates(summary)),
        (
            "Final results",
            distributions(summary, "game_scores", "Final result of the first side", "points at the end of the game"),
        ),
        ("Deal scores", distributions(summary, "deal_scores", "Deal score of the first side", "points in a deal")),
        ("Game length", distributions(summary, "decisions", "Game length", "decisions in a game", side=None)),
        (
            "How late the outcome is decided",
            distributions(
                summary, "decided_at", "When the winner took the lead for good", "share of the game's decisions", None
            ),
        ),
        ("Paired differences", paired_effects(summary)),
        ("Skill", skill(summary)),
    ]
    return [(caption, png) for caption, png in shown if png is not None]
