"""Setting up a game (rulebook p. 4-5, 18, 20-23).

Every player starts with the start buildings and population; Mission 1 adds its start
resources (p. 18). Outside Mission 1 each player is dealt a trait card in secret and may return
it once to draw again (``Deal``, ``Redraw``, ``Redeal``, p. 20); the traits' extra population
applies. Everyone rolls for the start player, ties rolling again (``StartRoll``); then, in
turn order, each draws a Humble Beginnings card (``HumbleBeginnings``, p. 23) and the first
round begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from . import actions as A
from .building import building_cp
from .frames import Deal, HumbleBeginnings, Redeal, Redraw, StartRoll
from .player import RESBLD, SPECBLD, Player
from .production import gain
from .research import grant_research
from .rounds import start_round

if TYPE_CHECKING:
    from .state import InceptumState


def new_game(state: InceptumState) -> None:
    """Start buildings and population for every player, then the first setup decision."""
    c = state.c
    for _ in range(state.n):
        p = Player()
        p.line_count = [0] * len(c.lines)
        state.players.append(p)
    _setup_players(state)
    if state.opt["mode"] == "mission1":
        state.stack.append(StartRoll(tuple(range(state.n)), ()))
    else:
        state.stack.append(Deal(0))


def _setup_players(state: InceptumState) -> None:
    c = state.c
    slots = state.game.start_slots
    for p in state.players:
        for line_idx, slot in zip(c.start_lines, slots):
            line = c.lines[line_idx]
            p.city[slot] = (RESBLD if not line.special else SPECBLD, line_idx, 1, 1)
            p.line_count[line_idx] += 1
            p.cp_buildings += building_cp(state, line.special, 1)
            gain(state, p, line.levels[0].gains, 0)
        p.pop_total = c.rules["start_population"]
        p.pop_free = p.pop_total - len(c.start_lines)
        if state.opt["mode"] == "mission1":
            m1 = state.game.mission1_start
            for r in range(5):
                p.hand[r] += m1[r]


# --- traits (p. 20) ----------------------------------------------------------------------
def trait_outcomes(state: InceptumState) -> list[tuple[Action, float]]:
    """Drawing a trait card from what is left of the deck."""
    total = sum(state.trait_deck)
    return [(state.t.trait[i], cnt / total) for i, cnt in enumerate(state.trait_deck) if cnt]


def apply_deal(state: InceptumState, f: Deal, action: Action, player: int) -> None:
    ti = state.c.trait_index[str(action.args[0])]
    state.trait_deck[ti] -= 1
    state.players[f.seat].trait = ti
    if f.seat + 1 < state.n:
        state.stack[-1] = Deal(f.seat + 1)
    else:
        state.stack[-1] = Redraw((-1,) * state.n)


def legal_redraw(state: InceptumState, f: Redraw, player: int | None) -> list[Action]:
    """Everyone still deciding may keep or redraw (in secret, in any order)."""
    if player is None:
        seats = [i for i, x in enumerate(f.choices) if x < 0]
        if len(seats) != 1:
            return []
        player = seats[0]
    if player < 0 or player >= state.n or f.choices[player] >= 0:
        return []
    return [A.KEEP, A.REDRAW]


def apply_redraw(state: InceptumState, f: Redraw, action: Action, player: int) -> None:
    choices = list(f.choices)
    choices[player] = 1 if action.kind == "redraw" else 0
    if min(choices) < 0:
        state.stack[-1] = Redraw(tuple(choices))
        return
    again = tuple(i for i, x in enumerate(choices) if x == 1)
    for i in again:  # returned cards go back before anyone draws again
        state.trait_deck[state.players[i].trait] += 1
        state.players[i].trait = -1
    if again:
        state.stack[-1] = Redeal(again)
    else:
        _after_traits(state)


def apply_redeal(state: InceptumState, f: Redeal, action: Action, player: int) -> None:
    ti = state.c.trait_index[str(action.args[0])]
    state.trait_deck[ti] -= 1
    state.players[f.seats[0]].trait = ti
    rest = f.seats[1:]
    if rest:
        state.stack[-1] = Redeal(rest)
    else:
        _after_traits(state)


def _after_traits(state: InceptumState) -> None:
    for p in state.players:
        tr = state.c.traits[p.trait]
        if tr.extra_population:
            p.pop_total += tr.extra_population
            p.pop_free += tr.extra_population
    state.stack[-1] = StartRoll(tuple(range(state.n)), ())


# --- the starting player (setup; Mission 1, p. 18) -------------------------------------
def startroll_outcomes(state: InceptumState) -> list[tuple[Action, float]]:
    return state.t.startroll_outcomes


def apply_startroll(state: InceptumState, f: StartRoll, action: Action, player: int) -> None:
    rolls = f.rolls + (int(action.args[0]),)
    contenders = f.contenders
    if len(rolls) < len(contenders):
        state.stack[-1] = StartRoll(contenders, rolls)
        return
    best = max(rolls)
    top = tuple(s for s, r in zip(contenders, rolls) if r == best)
    if len(top) > 1:
        state.stack[-1] = StartRoll(top, ())  # tied players roll again
        return
    start = top[0]
    state.order = tuple((start + i) % state.n for i in range(state.n))
    state.stack.pop()
    if state.opt["mode"] == "mission1":
        start_round(state)
    else:
        state.stack.append(HumbleBeginnings(state.order[0]))


# --- Humble Beginnings (p. 23) --------------------------------------------------------------
def humble_outcomes(state: InceptumState) -> list[tuple[Action, float]]:
    total = sum(state.hb_deck)
    return [(state.t.hb[i], 1 / total) for i, cnt in enumerate(state.hb_deck) if cnt]


def apply_humble(state: InceptumState, f: HumbleBeginnings, action: Action, player: int) -> None:
    hi = state.c.humble_index[str(action.args[0])]
    state.hb_deck[hi] = 0
    _draw_humble(state, f.seat, hi)
    pos = state.order.index(f.seat)
    if pos + 1 < state.n:
        state.stack[-1] = HumbleBeginnings(state.order[pos + 1])
    else:
        state.stack.pop()
        start_round(state)


def _draw_humble(state: InceptumState, seat: int, hb: int) -> None:
    p = state.players[seat]
    card = state.c.humble[hb]
    p.hb = hb
    for r in range(5):
        p.hand[r] += card.resources[r]
    if card.population:
        p.pop_total += card.population
        p.pop_free += card.population
    for adv in card.advances:
        grant_research(state, p, adv)
