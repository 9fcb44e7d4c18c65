"""`cardrules rules` (a ruleset as a rules page) and `cardrules diff` (a variant's differences)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from interpreter.frontends.cli import cli
from tests.engine.tiny import HIGH_CARD

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
VARIANTS = sorted((ROOT / "rulesets" / "variants").glob("*.yaml"))


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt", ["md", "text"])
def test_rules_page_carries_every_rule_and_action(path: Path, fmt: str) -> None:
    page = run("rules", path, "--format", fmt)
    root = yaml.safe_load(path.read_text(encoding="utf-8"))
    for rule in root.get("rules", []):
        assert rule["id"] in page, rule["id"]
    for action in root.get("actions", {}):
        assert action in page, action
    for heading in ("Players", "The cards", "Flow of play", "Moves"):
        assert (heading if fmt == "md" else heading.upper()) in page


RANKED = HIGH_CARD.replace(
    """functions:
  strength:""",
    """functions:
  face_value:
    id: T-9
    text: cards rank by their value, the 1 counts as 7
    params: {c: card}
    value: "7 if c.value == 1 else c.value"
  leading_value:
    id: T-10
    text: depends on the round, so it has no fixed table
    params: {c: card}
    value: "c.value + rounds"
  strength:""",
)


def test_rules_page_shows_rankings_of_card_functions_and_int_attributes(tmp_path: Path) -> None:
    path = tmp_path / "ranked.yaml"
    path.write_text(RANKED, encoding="utf-8")
    page = run("rules", path, "--format", "text")
    assert "CARD RANKINGS AND VALUES" in page
    assert "1 [7] > 6 [6] > 5 [5] > 4 [4] > 3 [3] > 2 [2]" in page  # face_value, highest first
    assert "6 [6] > 5 [5] > 4 [4] > 3 [3] > 2 [2] > 1 [1]" in page  # the int attribute `value`
    assert "leading_value(card)" not in page.split("RULES")[0]  # reads a variable: no table


def test_rules_page_ranks_a_place_from_the_lowest_value_where_the_ruleset_says_so(tmp_path: Path) -> None:
    """A function giving a card's place from the top (1 the best) was listed under "Highest first"
    with the worst card first (found by an outside author writing Skat: `tpos`, a trump's place)."""
    text = RANKED.replace("  face_value:\n", "  face_value:\n    order: lowest_first\n").replace(
        "  attributes: {value: {type: int, default: 0}}",
        "  attributes: {value: {type: int, default: 0, order: lowest_first}}",
    )
    path = tmp_path / "placed.yaml"
    path.write_text(text, encoding="utf-8")
    rankings = run("rules", path, "--format", "md").split("## Card rankings and values")[1].split("\n## ")[0]
    assert "(T-9) (lowest first: the lowest value ranks highest)" in rankings
    assert "  - 2 [2] > 3 [3] > 4 [4] > 5 [5] > 6 [6] > 1 [7]" in rankings
    assert "  - 1 [1] > 2 [2] > 3 [3] > 4 [4] > 5 [5] > 6 [6]" in rankings  # the attribute too
    assert "6 [6] > 5 [5]" not in rankings


def test_rules_page_leaves_out_a_number_that_is_no_ranking(tmp_path: Path) -> None:
    """A card's category as a number (Koi-Koi's kind: bright 0 ... chaff 3) was listed as a ranking,
    "Chaff [3] > ... > Bright [0]"; `order: none` leaves it out of the rankings."""
    text = RANKED.replace("  face_value:\n", "  face_value:\n    order: none\n").replace(
        "  attributes: {value: {type: int, default: 0}}", "  attributes: {value: {type: int, default: 0, order: none}}"
    )
    path = tmp_path / "unranked.yaml"
    path.write_text(text, encoding="utf-8")
    page = run("rules", path, "--format", "md")
    assert "## Card rankings and values" not in page
    assert "face_value" in page  # still among the formulas


TURNED = (
    RANKED.replace("  rounds: {type: int}\n", "  rounds: {type: int}\n  flipped: {type: bool}\n")
    .replace(
        """  strength:""",
        """  turned_value:
    id: T-11
    text: after a reversal the low cards rank high
    params: {c: card}
    value: "7 - c.value if flipped else c.value"
  strength:""",
    )
    .replace(
        "variables:",
        """constants:
  bonus: {value: [1, 2, 3], id: T-12}
  opening: {type: "list[card]", value: [s-1, s-6], id: T-13}
  helper: 9
  steps: {type: "list[list[int]]", value: [[1, 2], [3]], id: T-14}
variables:""",
        1,
    )
)


def test_rules_page_shows_a_ranking_for_each_value_of_a_yes_no_variable_it_reads(tmp_path: Path) -> None:
    path = tmp_path / "turned.yaml"
    path.write_text(TURNED, encoding="utf-8")
    rankings = run("rules", path, "--format", "md").split("## Card rankings and values")[1].split("\n## ")[0]
    assert "- `turned_value(card)`: after a reversal the low cards rank high (T-11)" in rankings
    assert "  - `flipped = true`: 1 [6] > 2 [5] > 3 [4] > 4 [3] > 5 [2] > 6 [1]" in rankings
    assert "  - `flipped = false`: 6 [6] > 5 [5] > 4 [4] > 3 [3] > 2 [2] > 1 [1]" in rankings
    assert "leading_value" not in rankings  # reads an int variable: no order of its own


def test_rules_page_shows_a_ranking_for_each_trump_suit_it_reads(tmp_path: Path) -> None:
    text = (
        TURNED.replace("  flipped: {type: bool}\n", "  flipped: {type: bool}\n  trump: {type: suit}\n")
        .replace(
            """  strength:""",
            """  trump_value:
    id: T-15
    text: trumps rank above every other suit
    params: {c: card}
    value: "c.value + (10 if c.suit == trump else 0)"
  strength:""",
        )
        .replace("suits: [{id: s}]", "suits: [{id: s, name: Stars}, {id: m, name: Moons}]")
    )
    path = tmp_path / "trumped.yaml"
    path.write_text(text, encoding="utf-8")
    rankings = run("rules", path, "--format", "md").split("## Card rankings and values")[1].split("\n## ")[0]
    assert "  - `trump = Stars`: 6 (Stars) [16] > " in rankings
    assert "  - `trump = Moons`: 6 (Moons) [16] > " in rankings


def test_rules_page_lists_the_fixed_values_with_a_rule_by_their_words(tmp_path: Path) -> None:
    path = tmp_path / "turned.yaml"
    path.write_text(TURNED, encoding="utf-8")
    page = run("rules", path, "--format", "md")
    fixed = page.split("## Fixed values")[1].split("\n## ")[0]
    assert "- `bonus` = 1, 2, 3 (T-12)" in fixed
    assert "- `opening` = s 1, s 6 (T-13)" in fixed  # cards by their names
    assert "- `steps` = [1, 2], [3] (T-14)" in fixed
    assert "helper" not in fixed  # no rule: a helper, left out


def test_rules_page_lists_the_helpers_a_listed_formula_calls(tmp_path: Path) -> None:
    """A formula on the page names no function the page leaves out (found by an outside author
    writing Cribbage: `fifteens` called `bit(m, i)`)."""
    text = HIGH_CARD.replace(
        """functions:
  strength:""",
        """functions:
  doubled:
    id: T-16
    text: a card counts twice
    params: {c: card}
    value: "twice(c.value) + 1"
  twice:
    params: {x: int}
    value: "inner(x) * 2"
  inner:
    params: {x: int}
    value: "x + 0"
  unused:
    params: {x: int}
    value: "x * 3"
  strength:""",
    )
    path = tmp_path / "helpers.yaml"
    path.write_text(text, encoding="utf-8")
    formulas = run("rules", path, "--format", "md").split("## Scoring and formulas")[1].split("\n## ")[0]
    assert "- `doubled(c)` = `twice(c.value) + 1` - a card counts twice (T-16)" in formulas
    assert "- `twice(x)` = `inner(x) * 2`" in formulas and "- `inner(x)` = `x + 0`" in formulas
    assert "unused" not in formulas


def test_hm22_hm23_rules_page_lists_trump_and_plain_orders() -> None:
    page = run("rules", ROOT / "rulesets" / "hachinin_meri.yaml")
    trumps = next(line for line in page.splitlines() if line.strip().startswith("- Sun [20]"))
    assert trumps.strip().startswith(
        "- Sun [20] > Un [19] > Sota [18] > Robai (Pao) [17] > "
        "Robai (Isu, Koppu, Ouru, Guru) [16] > Rei [15] > Kaba [14] > "
        "9 (Pao, Isu) = 1 (Koppu, Ouru, Guru) [9]"
    )
    plain = next(line for line in page.splitlines() if line.strip().startswith("- Sun [30]"))
    assert (
        "2 (Pao, Isu) = 8 (Koppu, Ouru, Guru) [4] > Robai (Pao, Isu) [3] > "
        "1 (Pao, Isu) = 9 (Koppu, Ouru, Guru) [2]" in plain
    )  # the plain long Robai between 2 and 1


def test_rules_page_in_japanese_uses_japanese_names() -> None:
    page = run("rules", ROOT / "rulesets" / "hachinin_meri.yaml", "--lang", "ja")
    assert "八人メリ" in page


LABELLED = HIGH_CARD.replace(
    """variables:""",
    """options:
  bonus:
    type: int
    default: 2
    label: {en: Round bonus, ja: ラウンドボーナス}
    description: {en: Points for a won round., ja: 勝ったラウンドの点。}
  plain: {type: bool, default: false, description: An option without a label.}
variables:""",
)


def test_rules_page_lists_an_options_label_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "labelled.yaml"
    path.write_text(LABELLED, encoding="utf-8")
    page = run("rules", path)
    assert "- Round bonus (`bonus`, default 2): Points for a won round." in page
    assert "- plain (default false): An option without a label." in page  # no label: the name, as before
    assert "- Round bonus (bonus, default 2): Points for a won round." in run("rules", path, "--format", "text")
    assert "- ラウンドボーナス（`bonus`、既定値 2）: 勝ったラウンドの点。" in run("rules", path, "--lang", "ja")


def test_shipped_rules_pages_show_option_labels() -> None:
    page = run("rules", ROOT / "rulesets" / "hachinin_meri.yaml")
    assert "- Deals (`deals`, default 8): Deals in a match. (HM-7)" in page
    page = run("rules", ROOT / "rulesets" / "hachinin_meri.yaml", "--lang", "ja")
    assert "- 回数（`deals`、既定値 8）" in page


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_diff_names_every_rule_the_variant_adds_or_changes(path: Path) -> None:
    root = yaml.safe_load(path.read_text(encoding="utf-8"))
    base = (path.parent / root["extends"]).resolve()
    out = run("diff", base, path)
    assert out.strip(), "no differences reported"
    for rule in root.get("rules", []):
        assert rule["id"] in out, rule["id"]


def test_diff_of_a_ruleset_with_itself_is_empty() -> None:
    path = ROOT / "rulesets" / "duzihu.yaml"
    out = run("diff", path, path)
    assert "no differences" in out.lower() or not out.strip()


def test_rules_page_lists_an_option_without_words_by_its_name_and_default(tmp_path: Path) -> None:
    """An option without a description printed as "- min_bid (default 300): " with nothing after it."""
    path = tmp_path / "bare.yaml"
    path.write_text(HIGH_CARD.replace("variables:", "options:\n  min_bid: {type: int, default: 300}\nvariables:", 1))
    lines = run("rules", path).splitlines()
    assert "- min_bid (default 300)" in lines, lines


MELDED = HIGH_CARD.replace(
    """actions:""",
    """melds:
  kinds:
    run: {label: {en: straight, ja: 順子}, shape: run, size: 3, sequence: value, member_if: "card.value != 6", id: T-5}
    two: {shape: set, size: 2}
  shapes:
    best: {groups: 1, pairs: 1, group_kinds: [run], pair_kinds: [two], id: T-6}
    lone: {groups: 1, group_kinds: [two]}
actions:""",
    1,
)


def test_rules_page_lists_the_groups_and_the_hands_made_of_them(tmp_path: Path) -> None:
    path = tmp_path / "melded.yaml"
    path.write_text(MELDED, encoding="utf-8")
    page = run("rules", path)
    section = page.split("## Groups and hands")[1].split("\n## ")[0]
    assert "- straight (`run`): 3 cards in a row by `value`, all of one `suit` (T-5)" in section
    assert "  - only cards for which `card.value != 6`" in section
    assert "- `two`: 2 identical cards" in section  # no label: the name alone
    assert "- hand `best`: 1 group (straight) and 1 pair (two) (T-6)" in section
    assert "- hand `lone`: 1 group (two)" in section
    assert "順子 (`run`)：`value` が連続する 3 枚" in run("rules", path, "--lang", "ja")
    assert "Groups and hands" not in run("rules", ROOT / "rulesets" / "hearts.yaml")  # a game without groups
    unnamed = tmp_path / "unnamed.yaml"  # a run kind with no ruleset-wide `sequence`: it forms no hand
    unnamed.write_text(MELDED.replace(" sequence: value,", ""), encoding="utf-8")
    assert "- straight (`run`): a run of 3 cards, named only (no `sequence` to count by) (T-5)" in run("rules", unnamed)


def test_rules_page_names_the_seats_of_each_team_by_their_names(tmp_path: Path) -> None:
    # a held-out Spades named its seats North, East...; the page said "North-South: seats 0, 2"
    text = HIGH_CARD.replace(
        "players: {count: 2}",
        "players:\n  count: 2\n  seat_names: [South, North]\n  teams: [{id: ns, name: North-South, seats: [0, 1]}]",
    )
    path = tmp_path / "named.yaml"
    path.write_text(text, encoding="utf-8")
    page = run("rules", path, "--format", "md")
    assert "North-South: seats South (0), North (1)" in page


def test_rules_page_heads_each_phase_with_its_title() -> None:
    # a held-out Spades gave its trick phase a title, shown at the table but not on the rules page
    page = run("rules", "duzihu", "--format", "md")
    assert "### Phase 'deal': Dealing\n" in page


HANA = """
cardrules: 1
id: hana
name: Hana
players: {count: 2}
deck:
  attributes: {kind: {type: str, default: chaff}}
  suits: [{id: pine, name: Pine}, {id: plum, name: Plum}]
  cards:
    - {id: pine-crane, name: Pine Crane, suit: pine, attrs: {kind: bright}}
    - {id: pine-chaff, name: Pine Chaff, suit: pine}
    - {id: plum-chaff, name: Plum Chaff, suit: plum}
    - {id: joker, name: Joker}
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
actions:
  play:
    text: Play.
    param: {name: card, from: "hand(player)"}
    effect: [{move: {from: "hand(player)", to: deck, cards: card}}]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - turn: {player: 0, actions: [play]}
result: {returns: "0"}
"""


def test_rules_page_lists_a_pack_of_suits_without_ranks_by_suit(tmp_path: Path) -> None:
    """A hanafuda pack (months without ranks) was listed as "Other cards: ..." without its months."""
    path = tmp_path / "hana.yaml"
    path.write_text(HANA, encoding="utf-8")
    cards = run("rules", path, "--format", "md").split("## The cards")[1].split("\n## ")[0]
    assert "Pine: Pine Crane, Pine Chaff. Plum: Plum Chaff. Other cards: Joker." in cards
