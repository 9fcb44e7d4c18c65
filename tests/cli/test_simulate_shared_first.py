"""`simulate` counts the games a seat ended level at the top with others, partners who score alike
or a draw, beside the wins (an outside author writing Doppelkopf saw "wins 3/1/2/0" over 200 games,
194 of which two partners shared the highest score)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from interpreter.frontends.cli import cli
from tests.engine.tiny import HIGH_CARD

# both seats always score alike: every game is a shared first place
LEVEL = HIGH_CARD.replace('returns: "points[seat]"', 'returns: "0"')


def test_simulate_counts_shared_first_places_apart_from_wins(tmp_path: Path) -> None:
    assert LEVEL != HIGH_CARD
    path = tmp_path / "level.yaml"
    path.write_text(LEVEL, encoding="utf-8")
    out = CliRunner().invoke(cli, ["simulate", str(path), "-n", "12"]).output
    head = next(line for line in out.splitlines() if line.strip().startswith("seat"))
    assert "shared first" in head
    rows = [line.split() for line in out.splitlines() if line.startswith("     ")]
    assert [r[:3] for r in rows] == [["0", "0", "12"], ["1", "0", "12"]], out


def test_per_deal_leaves_out_the_score_a_game_begins_with(tmp_path: Path) -> None:
    # (a held-out Blackjack's 100 chips a seat begins with read as 3 chips won a round)
    staked = HIGH_CARD.replace('returns: "points[seat]"', 'returns: "100 + points[seat]"')
    assert staked != HIGH_CARD
    path = tmp_path / "staked.yaml"
    path.write_text(staked, encoding="utf-8")
    out = CliRunner().invoke(cli, ["simulate", str(path), "-n", "20"]).output
    rows = [line.split() for line in out.splitlines() if line.startswith("     ")]
    assert len(rows) == 2 and all(float(r[2]) > 100 for r in rows), out  # the mean: the whole score
    per_deal = [float(r[-1]) for r in rows]  # 3 tricks a game, between the two seats: 1.5 a seat
    assert abs(sum(per_deal) - 1.0) < 1e-9 and all(0 <= p <= 1 for p in per_deal), out
