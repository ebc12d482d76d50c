"""Free actions and the government pause (rulebook p. 24-28).

Free research and free build actions come from a trait's first turn, wonders and government
benefits; they wait in a ``FreeActions`` frame until used or given up. Researching Republic or
Monarchy pauses the turn in a ``Government`` frame: one free research, one free build and one
extra benefit card of the common deck or the player's own government (p. 24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from . import actions as A
from .building import legal_builds, upgrade
from .costs import researchable
from .frames import FreeActions, Government, Slot
from .research import research
from .wonders import take_benefit

if TYPE_CHECKING:
    from .state import InceptumState


def consume_free(state: InceptumState, which: str) -> None:
    """One free ``research``, ``build`` or ``benefit`` of the top frame is used up."""
    f = state.stack[-1]
    if isinstance(f, FreeActions):
        n_research = f.research - 1 if which == "research" else f.research
        n_build = f.build - 1 if which == "build" else f.build
        if n_research == 0 and n_build == 0:
            state.stack.pop()
        else:
            state.stack[-1] = FreeActions(f.seat, n_research, n_build)
    elif isinstance(f, Government):
        n_research = f.research - 1 if which == "research" else f.research
        n_build = f.build - 1 if which == "build" else f.build
        n_benefit = f.benefit - 1 if which == "benefit" else f.benefit
        if n_research == 0 and n_build == 0 and n_benefit == 0:
            state.stack.pop()
        else:
            state.stack[-1] = Government(f.seat, n_research, n_build, n_benefit)


def legal_free(state: InceptumState, f: FreeActions | Government, player: int | None) -> list[Action]:
    seat = f.seat
    if player is not None and player != seat:
        return []
    p = state.players[seat]
    out: list[Action] = []
    if f.research:
        out.extend(state.t.research[a] for a in researchable(state, p))
    if f.build:
        legal_builds(state, p, out, free=True)
    benefits_left = False
    if isinstance(f, Government) and f.benefit:
        for b in state.c.benefits:
            if state.benefit_owner[b.idx] < 0 and b.government in ("common", p.gov):
                out.append(state.t.benefit[b.idx])
                benefits_left = True
    if not benefits_left:
        out.append(A.DONE)
    return out


def apply_free(state: InceptumState, f: FreeActions | Government, action: Action, player: int) -> None:
    seat = f.seat
    kind = action.kind
    c = state.c
    if kind == "done":
        state.stack.pop()
    elif kind == "research":
        adv = c.advance_index[str(action.args[0])]
        # consume before researching: a government found here pauses on top of this frame
        consume_free(state, "research")
        research(state, seat, adv)
    elif kind == "build":
        state.stack.append(Slot(seat, "b", c.line_index[str(action.args[0])], 1))
    elif kind == "upgrade":
        slot = (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1
        upgrade(state, seat, slot, free=True)
        consume_free(state, "build")
    elif kind == "benefit":
        b = c.benefit_index[str(action.args[0])]
        # consume first: the benefit may push a frame of its own (pending free actions that
        # "effects apply immediately" releases), which must not be mistaken for this one
        consume_free(state, "benefit")
        take_benefit(state, seat, b)
