"""What one finished game says: its sides' results, lengths, lead changes, drama, decisiveness.

A *side* is a team in a team game, else a seat.  The measures follow the match table the
engine keeps (`end_deal` scores and totals, docs/language.md), so they are defined at the
ends of deals (docs/balance.md gives each definition and where it comes from):

* lead: the side with the strictly highest running total after a deal (none on a tie);
* lead changes: how often the lead passes from one side to another, ties skipped, divided
  by the deals after the first (CardStock's and Browne's lead change, per deal);
* decided at: the share of the game's decisions made when the eventual winner took the lead
  for good (1.0: only the last deal settled it; Ludii's and Browne's decisiveness threshold);
* drama: the winner's mean deficit, in points, at the ends of deals where it did not lead
  (Browne's drama, in points rather than a heuristic's scale); 0 when it always led.

A one-deal game has no lead changes and is decided at its end: these measures need a
match of several deals.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from interpreter.base.records import dataclass, field

MAX_CATEGORIES = 16  # values of one record field told apart (the rest count as "other")


@dataclass
class GameFacts:
    """The measures of one game, as plain numbers."""

    returns: list[float]  # per side
    winner: int | None  # the side with the sole best result, None for a draw
    decisions: int
    deal_decisions: list[int] = field(default_factory=list)
    deal_scores: list[list[float]] = field(default_factory=list)  # per deal, per side
    lead_changes: float = 0.0
    decided_at: float = 1.0
    drama: float = 0.0
    comeback: bool = False  # the winner trailed at the end of some deal
    records: Counter = field(default_factory=Counter)  # (field, value) -> deals with it
    record_count: int = 0

    @property
    def deals(self) -> int:
        return max(1, len(self.deal_decisions))

    def deal_margin(self) -> float:
        """The mean, over deals, of the best side's deal score minus the worst's."""
        if not self.deal_scores:
            return 0.0
        return sum(max(s) - min(s) for s in self.deal_scores) / len(self.deal_scores)


def sides(rs: Any) -> tuple[list[str], list[int]]:
    """The sides' names and the first seat of each (teams if the ruleset has them, else seats)."""
    if rs.team_ids:
        return list(rs.team_ids), [rs.team_of_seat.index(t) for t in range(len(rs.team_ids))]
    return [f"seat {s}" for s in range(rs.num_players)], list(range(rs.num_players))


def per_side(values: tuple, rs: Any, firsts: list[int]) -> list[float] | None:
    """A deal's scores or totals per side (given per team or per seat), None if neither."""
    if len(values) == len(firsts):
        return [float(v) for v in values]
    if len(values) == rs.num_players:
        return [float(values[s]) for s in firsts]
    return None


def facts(rs: Any, st: Any, deal_ends: list[int]) -> GameFacts:
    """The measures of the finished game `st`; `deal_ends`: the decisions made when each deal ended."""
    _names, firsts = sides(rs)
    returns = st.returns()
    result = [float(returns[s]) for s in firsts]
    best = max(result)
    winner = result.index(best) if result.count(best) == 1 else None
    out = GameFacts(result, winner, st.decisions)
    previous = 0
    for end in deal_ends:
        out.deal_decisions.append(end - previous)
        previous = end
    totals: list[list[float]] = []
    running = [0.0] * len(firsts)
    for deal in st.deals:
        if "label" in deal:  # (a bonus row when the game ends: no deal)
            continue
        scores = per_side(deal.get("scores", ()), rs, firsts)
        if scores is not None:
            out.deal_scores.append(scores)
            running = [a + b for a, b in zip(running, scores)]
        total = per_side(deal.get("totals", ()), rs, firsts)
        totals.append(total if total is not None else list(running))
    _trajectory(out, totals, deal_ends, winner)
    _records(out, st.records)
    return out


def _leader(total: list[float]) -> int | None:
    best = max(total)
    return total.index(best) if total.count(best) == 1 else None


def _trajectory(out: GameFacts, totals: list[list[float]], deal_ends: list[int], winner: int | None) -> None:
    if not totals:
        return
    leaders = [_leader(t) for t in totals]
    held = [x for x in leaders if x is not None]
    changes = sum(1 for a, b in zip(held, held[1:]) if a != b)
    out.lead_changes = changes / (len(totals) - 1) if len(totals) > 1 else 0.0
    if winner is None:
        return
    first_for_good = len(leaders)
    while first_for_good > 0 and leaders[first_for_good - 1] == winner:
        first_for_good -= 1
    if first_for_good < len(leaders) and len(deal_ends) == len(totals) and out.decisions:
        out.decided_at = deal_ends[first_for_good] / out.decisions
    deficits = [max(t) - t[winner] for t, lead in zip(totals, leaders) if lead != winner]
    if deficits:
        out.drama = sum(deficits) / len(deficits)
        out.comeback = any(d > 0 for d in deficits)


def _records(out: GameFacts, records: list[dict]) -> None:
    """Counts of each scalar value of each record field (a win type, a winner of -1 for none)."""
    for record in records:
        out.record_count += 1
        for key, value in record.items():
            if isinstance(value, (str, bool, int)):
                out.records[(key, _category(value))] += 1


def _category(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else "(none)"
