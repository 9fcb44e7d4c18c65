"""A card's meta int, kept beside its face in every zone.

Bits 8+ hold its deck position in the deal: its place after the deal's
shuffle, or after a later shuffle of the same deal, which numbers its cards
on from the last position used (GameState.next_position), so a search can
re-deal the cards a seat has not seen; bits 1-7 the seat that placed it plus one
(0: nobody), bit 0 whether it lies face up.
"""

from __future__ import annotations

PLACE_MASK = 0xFF
BY_MASK = 0x7F


def meta_by(m: int) -> int:
    """The seat that placed the card, or -1."""
    return ((m >> 1) & BY_MASK) - 1
