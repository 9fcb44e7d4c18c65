"""Strings and tensors of what one seat may see, derived only from `observation(seat)`.

Nothing here reads the game state itself: every string and tensor is made
from the plain data `GameState.observation(seat)` returns, where a card the
seat may not see is None.  So no string or tensor can hold another seat's
hidden card (tests/openspiel/test_no_leaks.py checks it on every ruleset).

* The *information-state string* is the observation as compact JSON (keys
  sorted), history included: the seat's whole record of decisions as it saw
  them, the zones, variables and deal results it may see, and its legal moves.
* The *observation string* is the same without the history.
* The *tensors* are fixed-size float32 pieces (named, as OpenSpiel observers
  name them); see `Layout` and docs/openspiel.md.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from interpreter.engine.dealmark import deals_played

SKIPPED = ("events",)  # the adapter plays without a story (events), as search does: always empty


def info_state_string(obs: dict) -> str:
    return json.dumps({k: v for k, v in obs.items() if k not in SKIPPED}, sort_keys=True, separators=(",", ":"))


def observation_string(obs: dict) -> str:
    return json.dumps(
        {k: v for k, v in obs.items() if k not in SKIPPED and k != "history"}, sort_keys=True, separators=(",", ":")
    )


def _inner(type_name: str) -> str | None:
    for head in ("list[", "set["):
        if type_name.startswith(head) and type_name.endswith("]"):
            return type_name[len(head) : -1]
    return None


class Layout:
    """The tensor pieces of one ruleset: (name, shape) in order, and how to fill them from an observation.

    Observation tensor:
      player (P): the observing seat, one-hot;  to_act (P+1): the seat to act, the last entry when it
      is not known (another seat answers a claim window) or nobody acts;  flags (2): claim window, game over;
      "zone NAME" (instances, F+1): per zone (one row per seat for per-seat zones) the number of visible
      copies of each face, and in the last column the number of cards the seat cannot see;
      "placed NAME" (F, P): for shared zones everybody sees, which seat placed each visible face there;
      "var NAME": each visible variable (per seat or team: one block per seat or team; a hidden entry is
      all zero): a name (card, suit, rank, team, meld kind, zone, shape, action) one-hot, a list or set of
      names as counts, a number or bool as its value, each followed by a 1 when the value is known;
      other values (lists of numbers, records) are only in the strings;
      deals (P+1): deals finished and the running totals after the last one.
    Information-state tensor: the same, and
      "seen decisions" (P, A+2): per seat, how many decisions of each action kind (then pass, then pick)
      it made that the observing seat saw;  "seen cards" (P, F): per seat, the faces its decisions showed.
    """

    def __init__(self, rs: Any, perfect_recall: bool):
        self.rs = rs
        self.P, self.F = rs.num_players, rs.cards.count
        self.tables: dict[str, dict[Any, int]] = {
            "card": {c: i for i, c in enumerate(rs.cards.ids)},
            "suit": {s: i for i, s in enumerate(rs.cards.suit_ids)},
            "rank": {r: i for i, r in enumerate(rs.cards.rank_ids)},
            "team": {t: i for i, t in enumerate(rs.team_ids)},
            "kind": {k: i for i, k in enumerate(rs.kind_names)},
            "zone": {z.name: i for i, z in enumerate(rs.zones)},
            "shape": {s: i for i, s in enumerate(rs.shapes)},
            "action": {**{a.name: i for i, a in enumerate(rs.actions)}, "pass": len(rs.actions)},
        }
        P, F = self.P, self.F
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (P,)), ("to_act", (P + 1,)), ("flags", (2,))]
        self.zones = []
        for info in rs.zones:
            rows = P if info.per == "seat" else 1
            pieces.append((f"zone {info.name}", (rows, F + 1)))
            self.zones.append((info.name, info.per == "seat"))
        self.placed = [info.name for info in rs.zones if info.per == "shared" and info.visibility == "all"]
        pieces += [(f"placed {name}", (F, P)) for name in self.placed]
        self.variables = []
        for v in rs.variables:
            if v.visibility == "none":
                continue
            blocks = P if v.per == "seat" else len(rs.team_ids) if v.per == "team" else 1
            width = self._width(v.type_name)
            pieces.append((f"var {v.name}", (blocks, width)))
            self.variables.append((v.name, v.type_name, v.per != "game"))
        pieces.append(("deals", (P + 1,)))
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.kinds = {a.name: i for i, a in enumerate(rs.actions)}
            self.card_actions = {a.name for a in rs.actions if a.param_kind == "card"}
            pieces += [("seen decisions", (P, len(rs.actions) + 2)), ("seen cards", (P, F))]
        self.pieces = pieces
        self.size = sum(int(np.prod(shape)) for _, shape in pieces)

    def _width(self, type_name: str) -> int:
        table = self.tables.get(type_name)
        if table is not None:
            return len(table) + 1
        inner = _inner(type_name)
        if inner is not None and inner in self.tables:
            return len(self.tables[inner]) + 1
        if inner is not None:
            return 1
        return 2  # a number (ints, seats, bools): value, known

    def new_views(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed flat tensor and its named, reshaped views (they share its memory)."""
        tensor = np.zeros(self.size, np.float32)
        views, at = {}, 0
        for name, shape in self.pieces:
            n = int(np.prod(shape))
            views[name] = tensor[at : at + n].reshape(shape)
            at += n
        return tensor, views

    def fill(self, obs: dict, tensor: np.ndarray, views: dict[str, np.ndarray]) -> None:
        """Write an observation into the tensor (zeroed first)."""
        tensor.fill(0)
        P, F = self.P, self.F
        card = self.tables["card"]
        views["player"][obs["seat"]] = 1
        to_act = obs["to_act"]
        views["to_act"][to_act if to_act is not None and not obs["terminal"] else P] = 1
        views["flags"][:] = (float(obs["claim_window"]), float(obs["terminal"]))
        zones = obs["zones"]
        for name, per_seat in self.zones:
            view = views[f"zone {name}"]
            rows = zones[name] if per_seat else {0: zones[name]}
            for r, cards in rows.items():
                row = view[int(r)]
                for c in cards:
                    row[F if c is None else card[c]] += 1
        placed = obs["placed_by"]
        for name in self.placed:
            view = views[f"placed {name}"]
            for c, by in zip(zones[name], placed[name]):
                if c is not None and 0 <= by < P:
                    view[card[c], by] = 1
        values = obs["variables"]
        for name, type_name, blocked in self.variables:
            view = views[f"var {name}"]
            value = values.get(name)
            if blocked:
                for i, v in enumerate(value or ()):
                    self._element(view[i], type_name, v)
            else:
                self._element(view[0], type_name, value)
        deals = obs["deals"]
        views["deals"][0] = deals_played(deals)
        if deals:
            totals = [float(x) for x in deals[-1]["totals"][:P] if isinstance(x, (int, float))]
            views["deals"][1 : 1 + len(totals)] = totals
        if self.perfect_recall:
            self._history(obs["history"], views["seen decisions"], views["seen cards"])

    def _element(self, row: np.ndarray, type_name: str, value: Any) -> None:
        if value is None:
            return
        row[-1] = 1  # known
        table = self.tables.get(type_name)
        if table is not None:
            i = table.get(value)
            if i is not None:
                row[i] = 1
            return
        inner = _inner(type_name)
        if inner is not None:
            table = self.tables.get(inner)
            if table is not None:
                for v in value:
                    i = table.get(v)
                    if i is not None:
                        row[i] += 1
            return
        if isinstance(value, (bool, int, float)):
            row[0] = float(value)

    def _history(self, history: list, decisions: np.ndarray, cards: np.ndarray) -> None:
        kinds, card = self.kinds, self.tables["card"]
        A = len(kinds)
        for entry in history:
            seat, words = entry["seat"], str(entry["action"]).split()
            if not 0 <= seat < self.P or not words:
                continue
            name = words[0]
            if name == "pass" and len(words) == 1:
                decisions[seat, A] += 1
                continue
            k = kinds.get(name)
            if k is None:
                continue
            values = words[1:]
            if values and values[0].startswith("+"):
                decisions[seat, A + 1] += 1
                values = [values[0][1:]]
            else:
                decisions[seat, k] += 1
            if name in self.card_actions:
                for v in values:
                    i = card.get(v)
                    if i is not None:
                        cards[seat, i] += 1
