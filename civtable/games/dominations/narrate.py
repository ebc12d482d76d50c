"""The big moments of a game of Dominations, told in plain words for every player to read.

A moment is ``(title, lines, round)``: the Objectives and Monuments revealed, a Locus completed,
each End of Age (its effects, the Influence leader's assimilation, Influence VP, the Domination
cards, the next Initiative order) and the final scoring. The rules call these functions as things
happen; the state keeps the last :data:`KEEP` moments (public information only, players named
"Player N"), and every view carries them as ``view["moments"]``, newest last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import DOMAINS
from .places import point_name

if TYPE_CHECKING:
    from .state import DominationsState

KEEP = 8
Moment = tuple[str, tuple[str, ...], int]


def name(seat: int) -> str:
    return f"Player {seat + 1}"


def knowledge(counts: list[int] | tuple[int, ...], vest: int = 0) -> str:
    """'4 Trade, 1 Religion' (and Vestigium to assign)."""
    parts = [f"{n} {DOMAINS[c]}" for c, n in enumerate(counts[:6]) if n]
    if vest:
        parts.append(f"{vest} Vestigium")
    return ", ".join(parts) or "nothing"


def round_no(s: DominationsState) -> int:
    """Rounds played before the round the table's header shows (5 an Age): a seat's turn counts
    in its round while it is played — the last seat's turn of a round is in that round, not the
    next — and an Age's end in its last round."""
    per_age, n = int(s.c.rules["turns_per_age"]), max(1, s.n)
    turn = min(s.turn_no, per_age * n)
    return (s.age - 1) * per_age + max(1, -(-turn // n)) - 1


def begin(s: DominationsState, title: str, lines: list[str] | tuple[str, ...] = ()) -> None:
    """A new moment (the oldest beyond :data:`KEEP` is forgotten)."""
    s.moments = (s.moments + ((title, tuple(lines), round_no(s)),))[-KEEP:]


def add(s: DominationsState, *lines: str) -> None:
    """More lines for the newest moment."""
    if not s.moments:
        return
    title, old, rnd = s.moments[-1]
    s.moments = s.moments[:-1] + ((title, old + lines, rnd),)


# ----- the moments ----------------------------------------------------------------------------------
def revealed(s: DominationsState) -> None:
    c = s.c
    begin(s, "Objectives and Monuments revealed", [
        f"{name(q)} keeps the Objective {c.objectives[p.objective].name} and brings the Monument "
        f"{c.monuments[p.monument].name} into play." for q, p in enumerate(s.players)])


def locus(s: DominationsState, seat: int, point: tuple[int, int], counts: list[int], vest: int, cities: int) -> None:
    lines = [f"Six Land tiles now surround the point {point_name(point)}: instead of one edge, "
             f"{name(seat)} scores the six Resources round it.",
             f"It Produces {knowledge(counts, vest)} (Camp included)."]
    if cities:
        lines.append("The City on those tiles Produces for its owner." if cities == 1
                     else f"The {cities} Cities on those tiles Produce for their owners.")
    begin(s, f"{name(seat)} completes a Locus", lines)


def age_end(s: DominationsState) -> None:
    begin(s, f"End of Age {s.age}")


def age_effect(s: DominationsState, seat: int, counts: list[int], vest: int) -> None:
    add(s, f"End-of-Age effects: {name(seat)} Gains {knowledge(counts, vest)}.")


def assimilation(s: DominationsState, seat: int, what: str) -> None:
    add(s, f"{name(seat)} (most Influence, {s.players[seat].influence}) {what}.")


def influence_vp(s: DominationsState) -> None:
    add(s, "Influence scores: " + ", ".join(f"{name(q)} +{p.influence} VP" for q, p in enumerate(s.players)) + ".")


def roles(s: DominationsState, awarded: list[tuple[int, int, int]]) -> None:
    """``awarded``: (Domination card, seat or -1, VP), one line per player who takes cards."""
    for q in range(s.n):
        mine = [(d, vp) for d, seat, vp in awarded if seat == q]
        if mine:
            cards = ", ".join(s.c.dominations[d].name for d, _ in mine)
            add(s, f"{name(q)} takes {cards} (+{sum(vp for _, vp in mine)} VP).")
    nobody = [s.c.dominations[d] for d, seat, _ in awarded if seat < 0]
    if nobody:
        add(s, "Nobody takes " + ", ".join(f"the {d.name} (no {DOMAINS[d.colour]} left)" for d in nobody) + ".")


def standings(s: DominationsState) -> None:
    add(s, "VP now: " + ", ".join(f"{name(q)} {p.vp}" for q, p in enumerate(s.players)) + ".")


def next_age(s: DominationsState) -> None:
    add(s, f"Knowledge is reset. Age {s.age} begins; the order is "
           + ", ".join(name(q) for q in s.initiative) + ".")


def final(s: DominationsState, lines: list[str]) -> None:
    begin(s, "Final scoring", lines)
