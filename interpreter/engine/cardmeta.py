"""A card's meta int, kept beside its face in every zone.

Bits 8+ hold its deck position in the deal: its place after the deal's
shuffle, or after a later shuffle of the same deal, which numbers its cards
on from the last position used (GameState.next_position), so a search can
re-deal the cards a seat has not seen; bits 1-7 the seat that placed it plus one
(0: nobody), bit 0 whether it lies face up.  With its zone's visibility they say
who sees the card (`face_down_sight`): observations, events and samples all ask here.
"""

from __future__ import annotations

from typing import Any

PLACE_MASK = 0xFF
BY_MASK = 0x7F


def meta_by(m: int) -> int:
    """The seat that placed the card, or -1."""
    return ((m >> 1) & BY_MASK) - 1


SEES_ALL, SEES_PLACED, SEES_NONE = range(3)  # which face-down cards of a zone a seat sees


def face_down_sight(rs: Any, z: int, seat: int) -> int:
    """Which face-down cards of zone z `seat` sees: all of them (SEES_ALL: an `owner` zone of its
    own, an `others` zone of another seat), those it placed there (SEES_PLACED: an `all` zone), or
    none (SEES_NONE: another seat's `owner` zone, its own `others` zone, a `none` zone).  Face-up
    cards everyone sees."""
    visibility = rs.zones[rs.zone_index[z]].visibility
    if visibility == "owner":
        return SEES_ALL if rs.zone_owner[z] == seat else SEES_NONE
    if visibility == "others":
        return SEES_NONE if rs.zone_owner[z] == seat else SEES_ALL
    return SEES_PLACED if visibility == "all" else SEES_NONE


def card_visible(rs: Any, z: int, meta: int, seat: int) -> bool:
    """Whether `seat` sees the card with this meta in zone z (face up, or by `face_down_sight`)."""
    if meta & 1:
        return True
    sight = face_down_sight(rs, z, seat)
    return sight == SEES_ALL or (sight == SEES_PLACED and ((meta >> 1) & BY_MASK) == seat + 1)
