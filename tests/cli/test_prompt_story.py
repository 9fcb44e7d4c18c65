"""The prompt tells the whole story (issue 12): seat names, forced moves, undo, last, score, rules,
choices of several cards, claims told once, draws shown to the drawer, the match kept by `next`,
the verdict, logs that replay after an undo and a resume, and the commands around the prompt
(`saves`, `diff`, shipped variants by name, `replay | head`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import interpreter
from interpreter.agents.spec import make_agents
from interpreter.frontends.cli import cli
from interpreter.frontends.prompt import Session
from interpreter.frontends.replay import replay_log
from interpreter.text.render import Renderer
from interpreter.text.story import StoryWriter
from tests.engine.tiny import HIGH_CARD, compile_text

ROOT = Path(__file__).resolve().parents[2]
HM = ROOT / "rulesets" / "hachinin_meri.yaml"
DZ = ROOT / "rulesets" / "duzihu.yaml"


def session(rs, lines, tmp_path, seat=0, seed=3, options=None, **extra) -> tuple[Session, list[str]]:
    """A session whose person types `lines` (then end of input), printing into a list."""
    out: list[str] = []
    script = iter(lines)

    def read(prompt: str) -> str | None:
        line = next(script, None)
        out.append(prompt + (line if line is not None else "<end of input>"))
        return line

    s = Session(
        rs=rs,
        ruleset_path=str(rs.path),
        seat=seat,
        agents=make_agents("random", rs, seed),
        agent_spec="random",
        seed=seed,
        options=rs.check_options(options or {}),
        renderer=extra.pop("renderer", None) or Renderer(rs),
        echo=out.append,
        read=read,
        save_path=tmp_path / "save.json",
        **extra,
    )
    return s, out


def run(*args, input=None, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, catch_exceptions=False)


# ----- seats, forced moves, the screen -------------------------------------------------------------
def test_the_person_is_you_and_the_others_are_named_by_seat_whatever_seat_is_taken(dz, tmp_path):
    s, out = session(dz, ["1"] * 5, tmp_path, seat=2)
    s.run()
    text = "\n".join(out)
    assert "You are Seat 2" in text and "Seat 0" in text and "Seat 1" in text
    assert "AI1" not in text and "You: done" in text and "Seat 2:" not in text


def test_team_games_name_your_team_and_partners_and_each_seat_with_its_team(hm, tmp_path):
    s, out = session(hm, ["1"], tmp_path, seat=3, options={"deals": 1})
    s.run()
    text = "\n".join(out)
    assert "You are Seat 3, Team B, with Seat 1, Seat 5, Seat 7" in text
    assert "Seat 4 (Team A)" in text


def test_a_forced_move_plays_itself_and_says_so_unless_confirm_forced(hm, tmp_path):
    s, out = session(hm, ["1"] * 14, tmp_path, seat=0, seed=3, options={"deals": 2})
    s.run()
    forced = [line for line in out if line.startswith("Your only legal move")]
    assert forced and "--confirm-forced" in forced[0]
    s, out = session(hm, ["1"] * 40, tmp_path, seat=0, seed=3, options={"deals": 2}, confirm_forced=True)
    s.run()
    assert not any(line.startswith("Your only legal move") for line in out)
    assert any(line.strip() == "1) pass" for line in out)


def test_a_deal_an_ai_seat_opens_shows_the_table_before_any_ai_thinks_and_each_ai_move_as_made(hm, tmp_path):
    """The first screen comes before the AI seats search: the person's hand, then who plays first;
    each AI move is on the screen before the next AI seat is asked (issue 14: the first screen)."""
    s, out = session(hm, ["1"] * 3, tmp_path, seat=3, seed=3, options={"deals": 1})
    asked: list[int] = []
    for agent in s.agents:
        original = agent.choose

        def choose(state, original=original):
            asked.append(len(out))  # how much was on the screen when this seat began to think
            return original(state)

        agent.choose = choose
    s.run()
    first = next(i for i, line in enumerate(out) if "plays next; the AI seats play until it is your turn" in line)
    assert asked and asked[0] == first + 1
    assert any(line.startswith("Your hand (") for line in out[:first])
    assert "You are Seat 3" in "\n".join(out[:first])
    prompt = next(i for i, line in enumerate(out) if line.startswith("> "))
    before = [a for a in asked if a < prompt]
    assert len(before) >= 2 and all(b > a for a, b in zip(before, before[1:]))  # each move told before the next


def test_hands_are_wrapped_to_the_width_and_honours_sorted(dz, tmp_path):
    s, out = session(dz, ["1"] * 2, tmp_path, seat=0, seed=4, columns=60)
    s.run()
    assert all(len(line) <= 60 for line in out if line.startswith(("Your hand", "    ")))
    hand = [line for line in out if line.startswith("Your hand")][-1]
    names = [n for n in ("Thousand", "White Flower", "Red Flower") if n in hand]
    assert [hand.index(n) for n in names] == sorted(hand.index(n) for n in names)  # DZ: honours in order


def test_an_events_text_is_wrapped_between_words_never_inside_a_cards_name():
    """Found by an outside author writing Cribbage: "with the starter Clubs" / "5: 8."."""
    rs = compile_text(HIGH_CARD)
    r = Renderer(rs, viewer=0)
    name = r.card("s-5")
    assert " " in name
    text = {
        "en": [
            "Seat 1 counts the hand with the starter ",
            {"card": "s-5"},
            ": 8 points, and ",
            {"list": [{"card": "s-1"}, {"card": "s-2"}]},
            ".",
        ]
    }
    for columns in range(14, 70):
        lines = StoryWriter(r, columns).lines({"kind": "note", "text": text})
        joined = " ".join(line.strip() for line in lines)
        assert f"{name}: 8 points" in joined, (columns, lines)
        assert all(name.split(" ")[0] != line.split(" ")[-1] for line in lines), (columns, lines)
        assert "\u00a0" not in joined


def test_status_lines_name_the_trump_and_the_rule_in_force(hm, tmp_path):
    s, out = session(hm, ["1"] * 6, tmp_path, seat=0, seed=3, options={"deals": 1})
    s.run()
    text = "\n".join(out)
    assert "trumps Pao" in text and "koppu" not in text.replace("Koppu", "")
    assert "Led: " in text and ("Meri:" in text or "Monchi:" in text or "no Meri yet" in text)
    assert ">> Trick 1 of 9: you to play" in text


# ----- the story ----------------------------------------------------------------------------------
def test_hm_every_trick_with_its_cards_and_winner_the_ninth_too_and_a_deal_summary(hm, tmp_path):
    s, out = session(hm, ["1"] * 12, tmp_path, seat=0, seed=3, options={"deals": 1})
    s.run()
    text = "\n".join(out)
    for n in range(1, 10):
        assert f"Trick {n} goes to " in text
    assert "Deal 1 is over: Team A" in text
    assert "Tricks won" in text and "Points moved by combinations" in text and "Match table:" in text


def test_dz_claim_prompt_names_the_discard_and_discarder_and_a_claim_is_told_once(dz, tmp_path):
    s, out = session(dz, ["1"] * 60, tmp_path, seat=0, seed=4)
    s.run()
    text = "\n".join(out)
    assert "discarded " in text and ": claim it?" in text
    assert "You drew " in text  # the drawer is told its draw
    for i, line in enumerate(out[:-1]):
        if line.endswith("You claimed: pong"):
            assert "You: pong" not in out[i - 1]


def test_melds_show_their_kind_in_observations_and_on_screen(dz):
    st = dz.new_game(seed=3, story=True)
    import random

    rng = random.Random(1)
    while not st.is_terminal() and not any(st.observation(0)["groups"]["melds"].values()):
        st.apply_action(rng.choice(st.legal_actions()))
    groups = [g for seat in st.observation(0)["groups"]["melds"].values() for g in seat]
    assert groups and all(g["kind"] in dz.kind_names and len(set(g["cards"])) == 1 for g in groups)


def test_score_prints_the_match_table_and_next_keeps_the_scores(dz, tmp_path):
    s, out = session(dz, ["1"] * 120 + ["score", "next"] + ["1"] * 150 + ["score"], tmp_path, seat=0, seed=5)
    s.run()
    first = s.earlier
    assert len(first) == 1
    tables = [i for i, line in enumerate(out) if line == "Match table:"]
    assert len(tables) >= 2
    second = out[tables[-1] : tables[-1] + 6]
    assert any(line.strip().startswith("2 ") for line in second) or s.state.observation(0)["deals"] == []
    if s.state.observation(0)["deals"]:  # the second deal is over: its totals include the first deal's
        totals = s.state.observation(0)["deals"][-1]["totals"]
        assert [a + b for a, b in zip(first[0]["totals"], s.state.observation(0)["deals"][-1]["scores"])] == totals


def test_a_tie_for_first_is_no_win(tmp_path, dz, hm):
    s, _ = session(dz, [], tmp_path, seat=0)
    assert s.verdict([30, 30, -60]) == "You share first place."
    assert s.verdict([60, -30, -30]) == "You win!"
    assert s.verdict([0, 0, 0]) == "A draw."
    assert s.verdict([-60, 30, 30]) == "You lose."
    s, _ = session(hm, [], tmp_path, seat=0)
    assert s.verdict([10, 8] * 4) == "You win!"  # partners share your score


def test_last_shows_the_last_trick_and_rules_go_through_the_pager(hm, tmp_path):
    pages: list[str] = []
    s, out = session(hm, ["1", "1", "last", "rules"], tmp_path, seat=0, seed=3, options={"deals": 1}, page=pages.append)
    s.run()
    at = out.index("> last")
    assert out[at + 1].startswith("Trick ") and " goes to " in out[at + 1]
    assert len(pages) == 1 and "HM-28" in pages[0]


def test_last_after_resume_shows_the_last_trick_told_before_the_save(hm, tmp_path):
    """A resumed game starts with the events told before its save as shown (the save's `shown`):
    `last` still finds the last trick among them (found by an outside author writing Euchre)."""
    first, out = session(hm, ["1", "1", "1", "last"], tmp_path, seat=0, seed=3, options={"deals": 1})
    first.run()
    told = out[out.index("> last") + 1]
    assert told.startswith("Trick ") and " goes to " in told
    resumed, out = session(
        hm, ["last"], tmp_path, seat=0, seed=3, options={"deals": 1}, state=first.clean.clone(), shown=first.shown
    )
    resumed.run()
    assert out[out.index("> last") + 1] == told


def test_last_after_undo_shows_the_last_trick_completed_before_the_move_taken_back(hm, tmp_path):
    s, out = session(hm, ["1", "1", "1", "undo", "last"], tmp_path, seat=0, seed=3, options={"deals": 1})
    s.run()
    at = out.index("> last")
    assert out[at + 1].startswith("Trick ") and " goes to " in out[at + 1]


# ----- choices of several cards ---------------------------------------------------------------------
PASSING = """
cardrules: 1
id: passing
name: Passing
players: {count: 2}
deck:
  suits: [{id: red}, {id: blue}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner, sort: "card.suit_order * 10 + card.rank_order"}
  pile: {visibility: all}
actions:
  give:
    label: {en: give, ja: 渡す}
    param: {name: cards, from: "hand(player)", count: 2}
    effect:
      - move: {from: "hand(player)", to: pile, cards: cards}
flow:
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - turn: {player: 0, actions: [give]}
  - turn: {player: 1, actions: [give]}
result:
  returns: "0"
"""


def test_a_choice_of_several_cards_is_typed_whole_in_any_order_by_name_or_number(tmp_path):
    rs = compile_text(PASSING)
    hand = rs.new_game(seed=1).observation(0)["zones"]["hand"][0]
    names = [rs.cards.names[rs.cards.index()[c]].get("en") for c in hand]
    s, out = session(rs, [f"give {names[2]} {names[0]}"], tmp_path, seat=0, seed=1)
    s.run()
    assert sorted(s.state.observation(0)["zones"]["pile"][:2]) == sorted([hand[0], hand[2]])
    s, out = session(rs, ["give 2 1"], tmp_path, seat=0, seed=1)
    s.run()
    assert len(s.state.observation(0)["zones"]["pile"]) >= 2


def test_a_hint_on_a_choice_of_several_cards_names_the_whole_choice(tmp_path):
    """The advisor's search answers one pick; the person is told the whole choice it starts."""
    rs = compile_text(PASSING)
    s, out = session(rs, ["hint"], tmp_path, seat=0, seed=1)
    s.run()
    told = next(line for line in out if line.startswith("hint: "))
    hand = rs.new_game(seed=1).observation(0)["zones"]["hand"][0]
    named = [c for c in hand if rs.cards.names[rs.cards.index()[c]].get("en") in told]
    assert told.startswith("hint: give ") and len(named) >= 2, told
    assert "+" not in told  # (a pick is written "+card")


def test_undo_after_resuming_in_the_middle_of_a_choice_goes_back_to_where_the_game_resumed(tmp_path):
    rs = compile_text(PASSING_TWICE)
    first, _ = session(rs, ["1"], tmp_path, seat=0, seed=1)
    first.run()  # (end of input: one card picked, then saved)
    s, out = session(rs, ["1", "undo"], tmp_path, seat=0, seed=1, state=first.clean.clone())
    s.run()
    said = [line for line in out if line.startswith("Took back")]
    assert said == ["Took back your move (2 moves in all, the others' moves after it included)."], said
    assert [entry[1] for entry in s.state.history] == [entry[1] for entry in first.clean.history]


# ----- undo and logs --------------------------------------------------------------------------------
PASSING_TWICE = PASSING.replace(
    "  - turn: {player: 1, actions: [give]}\n",
    "  - turn: {player: 1, actions: [give]}\n  - turn: {player: 0, actions: [give]}\n",
)


def test_undo_in_the_middle_of_a_choice_takes_back_its_picks_only(tmp_path):
    rs = compile_text(PASSING)
    s, out = session(rs, ["1", "undo"], tmp_path, seat=0, seed=1)
    s.run()
    assert "Took back the cards you had picked for this move." in out
    assert s.state.history == [] and s.state.current_player() == 0


def test_undo_after_a_choice_takes_it_back_whole_as_one_move(tmp_path):
    """Picking two cards one by one is one move: undo goes back to before the first pick and counts
    the choice once (with the other seat's move after it: 2 moves)."""
    rs = compile_text(PASSING_TWICE)
    s, out = session(rs, ["1", "1", "undo"], tmp_path, seat=0, seed=1)
    s.run()
    said = [line for line in out if line.startswith("Took back")]
    assert said == ["Took back your move (2 moves in all, the others' moves after it included)."], said
    assert s.state.history == [] and not s.undo_points


def test_undo_takes_back_the_move_and_the_agents_after_it_and_the_log_replays(hm, tmp_path):
    log = tmp_path / "game.jsonl"
    s, out = session(hm, ["1", "1", "undo", "2", "undo", "undo", "3", "1", "quit"], tmp_path, options={"deals": 1})
    s.log_path = str(log)
    s.run()
    assert sum(line.startswith("Took back your move") for line in out) == 3
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert sum(x["type"] == "undo" for x in lines) == 3
    report = replay_log(log, check=True)
    assert report.ok, report.problems
    # the log ends where the game stands: replayed, it has the same moves as the session
    assert report.games == 1


def test_undo_past_a_deal_end_replays_with_its_deck_and_results(hm, tmp_path):
    log = tmp_path / "game.jsonl"
    s, out = session(hm, ["1"] * 11 + ["undo", "undo"] + ["1"] * 6 + ["quit"], tmp_path, options={"deals": 2})
    s.log_path = str(log)
    s.run()
    report = replay_log(log, check=True)
    assert report.ok, report.problems


def test_a_resumed_game_continues_its_log_and_log_new_writes_the_whole_game(tmp_path):
    env = {"CARDRULES_SAVE_DIR": str(tmp_path), "NO_COLOR": "1"}
    log = tmp_path / "one.jsonl"
    first = run(
        "play", HM, "--agents", "random", "--seed", "2", "--option", "deals=1", "--log", log, input="1\n1\n", env=env
    )
    save = first.output.split("--resume ")[1].split()[0]
    run("play", "--resume", save, input="1\nundo\n1\n", env=env)
    run("play", "--resume", save, input="1\n" * 20 + "quit\n", env=env)
    report = replay_log(log, check=True)
    assert report.ok and report.games == 1, report.problems
    fresh = tmp_path / "two.jsonl"
    run("play", "--resume", save, "--log", fresh, input="quit\n", env=env)
    assert fresh.is_file()
    report = replay_log(fresh, check=True)
    assert report.ok and report.games == 1, report.problems


def test_replay_into_head_ends_quietly(tmp_path):
    log = tmp_path / "sim"
    run("simulate", HM, "-n", "1", "--option", "deals=1", "--log-dir", log)
    path = next(log.glob("*.jsonl"))
    done = subprocess.run(
        f"set -o pipefail; {sys.executable} -m interpreter replay {path} | head -2",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0 and done.stderr == "" and len(done.stdout.splitlines()) == 2


# ----- commands around the prompt ---------------------------------------------------------------
def test_saves_lists_the_saved_games_and_deletes_them(tmp_path):
    env = {"CARDRULES_SAVE_DIR": str(tmp_path)}
    run("play", "duzihu", "--agents", "random", "--seed", "1", input="quit\n", env=env)
    listed = run("saves", env=env).output
    assert "duzihu" in listed and "game 1, deal 1" in listed and "1." in listed
    assert "deleted" in run("saves", "--delete", "1", env=env).output
    assert "No saved games" in run("saves", env=env).output


def test_level_picks_the_agents_budget_and_refuses_agents_beside_it(tmp_path):
    from interpreter.frontends.cli import LEVELS

    env = {"CARDRULES_SAVE_DIR": str(tmp_path)}
    result = run("play", "duzihu", "--level", "easy", "--seed", "1", input="quit\n", env=env)
    assert result.exit_code == 0, result.output
    assert f'"agents":"{LEVELS["easy"]}"' in next(tmp_path.glob("*.json")).read_text()
    both = run("play", "duzihu", "--level", "hard", "--agents", "random", input="quit\n", env=env)
    assert both.exit_code == 2 and "--level" in both.output
    assert run("play", "duzihu", "--level", "expert", env=env).exit_code == 2


def _shipped() -> list[str]:
    from interpreter.base.resources import shipped_names

    return sorted(shipped_names())


@pytest.mark.parametrize("name", _shipped())
def test_every_shipped_name_plays_and_diffs(name, tmp_path):
    result = run(
        "play", name, "--agents", "random", "--seed", "1", input="quit\n", env={"CARDRULES_SAVE_DIR": str(tmp_path)}
    )
    assert result.exit_code == 0 and "game saved" in result.output
    assert run("diff", "hachinin_meri", name).exit_code == 0


def test_diff_shows_an_expression_change_whole_as_a_word_diff():
    out = run("diff", "hachinin_meri", "hachinin_meri_counterclockwise").output
    line = next(x for x in out.splitlines() if "function 'trump_power', value:" in x)
    assert "[-c.rank == 'sota'-] {+is_native_sota(c)+}" in line and line.endswith("number_power(c)")
    assert "Options:" in run("diff", "hachinin_meri", "hachinin_meri_short").output
    assert "option 'deals': default 8 -> 4" in run("diff", "hachinin_meri", "hachinin_meri_short").output


def test_the_top_level_help_is_current():
    out = run("--help").output
    assert "as the engine grows" not in out and "saves" in out and "diff" in out


def test_a_status_list_with_conditions_in_two_languages(tmp_path):
    rs = compile_text(
        PASSING.replace(
            'result:\n  returns: "0"\n',
            'result:\n  returns: "0"\ndisplay:\n  status:\n    - {en: "Pile {len(pile)}", ja: "山 {len(pile)}"}\n'
            '    - {text: "Something on the pile", if: "len(pile) > 0"}\n',
        )
    )
    st = rs.new_game(seed=1)
    status = st.observation(0)["status"]
    assert status == [{"en": ["Pile ", {"int": 0}], "ja": ["山 ", {"int": 0}]}]
    hand = st.observation(0)["zones"]["hand"][0]
    st.apply_action(f"give {hand[0]} {hand[1]}")
    assert len(st.observation(0)["status"]) == 2
    hm = interpreter.load(HM)
    assert hm.new_game(seed=1).observation(0)["status"][0]["ja"][0] == "第"


@pytest.mark.parametrize(
    ("parts", "viewer", "lang", "written"),
    [
        ([{"seat": 0}, " takes trick 3."], 0, "en", "You take trick 3."),
        (
            [{"seat": 0}, " plays ", {"seat": 1}, " a card and takes it."],
            0,
            "en",
            "You play Seat 1 a card and take it.",
        ),
        ([{"seat": 0}, " has 3 cards; ", {"seat": 1}, " passes."], 0, "en", "You have 3 cards; Seat 1 passes."),
        ([{"seat": 1}, " takes trick 3 and wins."], 0, "en", "Seat 1 takes trick 3 and wins."),
        (
            [{"seat": 0}, " carries it, which takes nothing and stays."],
            0,
            "en",
            "You carry it, which takes nothing and stays.",
        ),
        ([{"seat": 0}, " 26"], 0, "en", "You 26"),
        ([{"seat": 0}, " takes trick 3."], 0, "ja", "You take trick 3."),  # no Japanese text: the English one
        ([{"seat": 0}, "'s trick: ", {"seat": 1}, " takes it."], 0, "en", "Your trick: Seat 1 takes it."),
        ([{"seat": 1}, " wins ", {"seat": 0}, "\u2019s card."], 0, "en", "Seat 1 wins your card."),
        ([{"seat": 1}, "'s trick."], 0, "en", "Seat 1's trick."),
        ([{"seat": 0}, " puts 4 cards and says Kings."], 0, "en", "You put 4 cards and say Kings."),
        # the second verb before a full stop or a comma (found by writing President from the docs)
        ([{"seat": 0}, " holds the 3 of clubs and leads."], 0, "en", "You hold the 3 of clubs and lead."),
        ([{"seat": 0}, " takes the trick and leads, as before."], 0, "en", "You take the trick and lead, as before."),
        ([{"seat": 0}, " takes it and leadsmen cheer."], 0, "en", "You take it and leadsmen cheer."),
        (
            [{"seat": 0}, " played Clubs 5 and chooses what it takes."],
            0,
            "en",
            "You played Clubs 5 and choose what it takes.",
        ),
        ([{"seat": 0}, " 26 and takes"], 0, "en", "You 26 and takes"),
        # an aside between "You" and its verb (found by writing Daifugo from the docs)
        ([{"seat": 0}, " (Daifugo) gives two cards back."], 0, "en", "You (Daifugo) give two cards back."),
        (
            [{"seat": 0}, " (", {"seat": 0}, ", the dealer) has it and takes it."],
            0,
            "en",
            "You (you, the dealer) have it and take it.",
        ),
        ([{"seat": 0}, " (", "x", ") takes it."], 0, "en", "You (x) take it."),
        ([{"seat": 1}, " (Daifugo) gives two cards back."], 0, "en", "Seat 1 (Daifugo) gives two cards back."),
        ([{"seat": 0}, " (Daifugo) 26 and takes"], 0, "en", "You (Daifugo) 26 and takes"),
        ([{"seat": 0}, " (unclosed takes"], 0, "en", "You (unclosed takes"),
        # a past verb without "ed", and a list of verbs (found by writing Euchre from the docs)
        ([{"seat": 0}, " won the trick and leads next."], 0, "en", "You won the trick and lead next."),
        ([{"seat": 0}, " made Diamonds trumps and goes alone."], 0, "en", "You made Diamonds trumps and go alone."),
        ([{"seat": 0}, " wins, leads and plays on."], 0, "en", "You win, lead and play on."),
        ([{"seat": 0}, " cannot play and says go."], 0, "en", "You cannot play and say go."),  # (Cribbage)
        # a verb after "or" (a held-out Gin Rummy read "You discard or knocks")
        ([{"seat": 0}, " discards or knocks."], 0, "en", "You discard or knock."),
        ([{"seat": 0}, " draws and discards, or knocks."], 0, "en", "You draw and discard, or knock."),
        (["It was a lie. ", {"seat": 0}, " takes the pile."], 0, "en", "It was a lie. You take the pile."),  # (Cheat)
        (["It was ", {"seat": 0}, "."], 0, "en", "It was you."),
        ([{"seat": 0}, " wins ", {"seat": 1}, ", leads and plays on."], 0, "en", "You win Seat 1, lead and play on."),
        ([{"seat": 1}, " wins, leads and plays on."], 0, "en", "Seat 1 wins, leads and plays on."),
        (
            [{"seat": 0}, " takes it. Seat 2 plays, wins and leads."],
            0,
            "en",
            "You take it. Seat 2 plays, wins and leads.",
        ),
        (
            [{"seat": 0}, " takes it and leads; Seat 2 passes and wins."],
            0,
            "en",
            "You take it and lead; Seat 2 passes and wins.",
        ),
    ],
)
def test_a_verb_written_for_any_seat_agrees_with_you_in_english(parts, viewer, lang, written):
    rs = compile_text(HIGH_CARD)
    r = Renderer(rs, lang=lang, viewer=viewer)
    assert r.fill({"en": parts}) == written


def test_other_languages_are_written_as_given():
    rs = compile_text(HIGH_CARD)
    r = Renderer(rs, lang="hu", viewer=0)
    assert r.fill({"en": [{"seat": 0}, " takes it."], "hu": [{"seat": 0}, " takes it."]}) == r.seat(0) + " takes it."


def test_a_refused_move_lists_the_legal_moves_as_the_menu_writes_them(hm, tmp_path):
    """A card typed that is not in the hand is refused with the legal moves written by card name, as in
    the menu ("play Guru Sun"), never by card id ("play guru-sun")."""
    probe = hm.new_game(seed=3, options={"deals": 1})
    renderer = Renderer(hm)
    while probe.current_player() != 0 or not all(a.text.startswith("play ") for a in probe.legal_actions()):
        probe.apply_action(probe.legal_actions()[0])
    mine = {a.value for a in probe.legal_actions()}
    foreign = next(c for c in range(hm.cards.count) if c not in mine and c not in probe.zones[hm.zones[1].base])
    for words in (renderer.action, None):
        text = hm.explain(probe, f"play {hm.cards.ids[foreign]}", words)
        legal = set(text.rsplit("legal: ", 1)[-1].split(", "))
        assert legal == {(words or str)(a.text) for a in probe.legal_actions()}
    assert "play " + renderer.card(hm.cards.ids[next(iter(mine))]) not in {a.text for a in probe.legal_actions()}


TEAM_ROWS = """
cardrules: 1
id: team_rows
name: Team rows
players:
  count: 4
  teams: [{id: a, seats: [0, 2]}, {id: b, seats: [1, 3]}]
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
variables:
  bid: {type: int, per: seat, initial: 3}
  bags: {type: int, per: team}
  score: {type: int, per: team}
actions:
  go: {text: Go.}
flow:
  - set: {bags: "[5, 7]"}
  - turn: {player: 0, actions: [go]}
  - end_deal:
      scores: score
      totals: score
      rows:
        - {label: Bids, value: bid}
        - {label: Bags, value: bags}
result:
  returns: "score[team_of(seat)]"
"""


def test_a_row_per_team_in_a_deal_summary_of_seats_shows_each_seat_its_teams_value():
    """A per-team row under per-seat columns was one cell, "5, 7", under the first seat."""
    rs = compile_text(TEAM_ROWS)
    st = rs.new_game(seed=1, story=True)
    st.apply_action("go")
    writer = StoryWriter(Renderer(rs), columns=100)
    lines = writer.lines(st.observation(0)["events"][-1])
    bags = next(line for line in lines if line.strip().startswith("Bags"))
    assert bags.split()[1:] == ["5", "7", "5", "7"], lines


def test_the_web_table_agrees_verbs_with_you_as_the_prompt_does():
    """table.js keeps its own copies of the English agreement rules: the same verbs after "and", the
    same irregular verbs."""
    import re

    from interpreter.text import render

    js = (ROOT / "interpreter" / "frontends" / "web" / "static" / "table.js").read_text(encoding="utf-8")
    listed = re.search(r"const AND_VERBS = \[([^\]]*)\]", js)
    assert listed is not None
    assert tuple(re.findall(r'"(\w+)"', listed.group(1))) == render._AND_VERBS
    for name in ("FIRST_WORD", "OPENS_ASIDE"):  # the same patterns, anchored in JavaScript
        pattern = getattr(render, "_" + name).pattern
        assert f"const {name} = /^{pattern.removeprefix('^')}/;" in js, name
    assert f"const SENTENCE_END = /{render._SENTENCE_END.pattern}/;" in js
    past = re.search(r"const PAST_VERBS = new Set\(\[([^\]]*)\]\)", js)
    assert past is not None and set(re.findall(r'"(\w+)"', past.group(1))) == render._PAST_VERBS
    for verb, agreed in render._YOU_IRREGULAR.items():
        assert f'{verb}: "{agreed}"' in js or f'"{verb}": "{agreed}"' in js or f"{verb}: '{agreed}'" in js, verb


ROUND_AND_ROUND = """
cardrules: 1
id: round_and_round
name: Round and round
players: {count: 2}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
variables:
  ticks: {type: int}
actions:
  tick:
    effect:
      - add: {ticks: 1}
flow:
  - repeat:
      until: "ticks >= 500"
      steps:
        - turn: {player: 0, actions: [tick]}
        - turn: {player: 1, actions: [tick]}
result:
  returns: "0"
"""


def test_forced_moves_that_go_round_stop_and_wait_for_the_person(tmp_path):
    """A game whose only move comes back again and again no longer plays itself to its move limit:
    after FORCED_RUN moves in a row the person is asked (found by an outside author writing Klondike:
    about 1,950 moves played with no input)."""
    from interpreter.frontends.prompt import FORCED_RUN

    rs = compile_text(ROUND_AND_ROUND)
    s, out = session(rs, ["1"], tmp_path, seat=0, seed=1)
    s.run()
    forced = [i for i, line in enumerate(out) if line.startswith("Your only legal move")]
    asked = [i for i, line in enumerate(out) if "have played themselves in a row" in line]
    assert len(forced) == 2 * FORCED_RUN and len(asked) == 2, (len(forced), len(asked))
    typed = out.index("> 1")
    assert asked[0] < typed < asked[1]  # the typed move starts a new run
    assert s.state.observation(0)["variables"]["ticks"] == 2 * (2 * FORCED_RUN + 1)


CALL_IT = """
cardrules: 1
id: call_it
name: Call it
players: {count: 3}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}, {id: "5"}, {id: "6"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
  call:
    label: call it
    effect:
      - event: {kind: call, text: "Called."}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [2]}
  - repeat:
      times: 2
      steps:
        - turn: {player: 1, actions: [play]}
        - claim: {players: "[0, 2]", actions: [call]}
result:
  returns: "0"
"""


def test_the_persons_own_claim_is_told_once_when_a_seat_answers_after_it(tmp_path):
    # The person answers first and is told "You: call it" at once; another seat answers after, and
    # the claim applied was told again as "You claimed: call it" (a held-out bluffing game).
    rs = compile_text(CALL_IT, "call_it.yaml")
    rs.path = tmp_path / "call_it.yaml"
    s, out = session(rs, ["call it", "pass"], tmp_path, seat=0, seed=2)
    s.run()
    text = "\n".join(out)
    assert text.count("You: call it") == 1 and "You claimed" not in text, text
    assert "Called." in text


def test_last_after_another_seats_play_shows_that_play_not_an_earlier_pile_turned_up(tmp_path):
    # A pile turned up to check a claim names who placed each card, as a trick does; `last` took it for
    # the last trick and showed it again after the next seat's play (a held-out bluffing game).
    text = CALL_IT.replace("to: pile, cards: card}", "to: pile, cards: card, face: down}")
    text = text.replace('      - event: {kind: call, text: "Called."}', "      - reveal: pile")
    rs = compile_text(text, "call_it.yaml")
    rs.path = tmp_path / "call_it.yaml"
    s, out = session(rs, ["call it", "last"], tmp_path, seat=0, seed=2)
    s.run()
    asked = next(i for i, line in enumerate(out) if line.endswith("last"))
    assert "Turned face up" in "\n".join(out[:asked])  # (the first call turned the pile up)
    shown = out[asked + 1 : out.index("", asked)]
    # what happened since the person's move, up to that play (before: the pile turned up, alone)
    assert shown[0] == "  You: call it" and shown[-1] == "  Seat 1: play [##]", shown


def test_a_precedence_naming_an_unknown_or_unoffered_action_points_at_that_name():
    # a held-out author's unknown action in `precedence` was placed at the `claim:` key
    from interpreter.compiling.pipeline import check_text

    text = CALL_IT.replace("actions: [call]}", "actions: [call], precedence: [call, calll]}")
    [error] = check_text(text, "call_it.yaml").diagnostics
    assert error.message == "unknown action 'calll'" and error.hint == "did you mean 'call'?"
    assert text.splitlines()[error.span.line - 1][error.span.col - 1 :].startswith("calll]")
    text = CALL_IT.replace("actions: [call]}", "actions: [call], precedence: [call, play]}")
    [error] = check_text(text, "call_it.yaml").diagnostics
    assert error.message == "precedence names 'play', which is not offered in this claim"
    assert error.hint == "offered: call"
    assert text.splitlines()[error.span.line - 1][error.span.col - 1 :].startswith("play]")


SOLO = """
cardrules: 1
id: solo
name: Solo
players: {count: 1}
deck:
  suits: [{id: s}]
  ranks: [{id: "1"}, {id: "2"}, {id: "3"}, {id: "4"}]
zones:
  deck: {visibility: none}
  hand: {per: seat, visibility: owner}
  pile: {visibility: all}
actions:
  play:
    param: {name: card, from: "hand(player)"}
    effect:
      - move: {from: "hand(player)", to: pile, cards: card}
  tap:
    effect: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, seats: seats, packets: [4]}
  - repeat:
      times: 3
      steps:
        - turn: {player: 0, actions: [play]}
        - turn: {player: 0, actions: [tap]}
result:
  returns: "0"
"""


def test_undo_in_a_game_for_one_speaks_of_no_other_players(tmp_path):
    # a held-out one-player patience was told "the others' moves after it included"
    rs = compile_text(SOLO, "solo.yaml")
    rs.path = tmp_path / "solo.yaml"
    s, out = session(rs, ["1", "1", "undo"], tmp_path, seat=0, seed=1)
    s.run()
    text = "\n".join(out)
    assert "Took back your move (2 moves in all, those that played themselves after it included)." in text
    assert "others" not in text


def test_an_action_told_in_the_story_by_its_told_words_not_its_menu_label(tmp_path):
    # a held-out Spades: the menu's "look at your cards" was told as "East: look at your cards"
    told = CALL_IT.replace("    label: call it\n", "    label: call it\n    told: called it\n")
    rs = compile_text(told, "call_it.yaml")
    rs.path = tmp_path / "call_it.yaml"
    s, out = session(rs, ["call it", "pass"], tmp_path, seat=0, seed=2)
    s.run()
    text = "\n".join(out)
    assert "   1) call it" in text  # (the menu keeps its label)
    assert "  You: called it" in text and "  You: call it" not in text


def test_a_game_for_one_names_no_seat_in_its_greeting_or_header(tmp_path):
    # a held-out patience: "Klondike: you play Seat 0", "== Klondike == You are Seat 0"
    rs = compile_text(SOLO, "solo.yaml")
    rs.path = tmp_path / "solo.yaml"
    s, out = session(rs, ["1"], tmp_path, seat=0, seed=1)
    s.run()
    assert out[0] == "Solo. Type 'help' for commands."
    assert "== Solo ==" in out and not any("Seat 0" in line for line in out)


def test_log_tells_the_persons_own_claim_once_as_the_game_did(tmp_path):
    # `log` wrote every event again: "You: call it", then "You claimed: call it"
    rs = compile_text(CALL_IT, "call_it.yaml")
    rs.path = tmp_path / "call_it.yaml"
    s, out = session(rs, ["call it", "log"], tmp_path, seat=0, seed=2)
    s.run()
    logged = out[next(i for i, line in enumerate(out) if line.endswith("log")) :]
    assert "  You: call it" in logged and "  You claimed: call it" not in logged, logged
