"""Helpers that build Inceptum states directly for rule tests.

Setup is played through the checked ``apply`` with fixed chance outcomes; positions deeper in a
game are made by granting research and placing buildings with the engine's own bookkeeping
functions (so PTP, CP and population stay consistent), after which the rule under test is
driven through the checked ``apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from civtable.core import CHANCE, Action, IllegalAction, make_game
from civtable.games.inceptum.building import build_new, upgrade
from civtable.games.inceptum.content import RES_INDEX, RESOURCES
from civtable.games.inceptum.game import Inceptum
from civtable.games.inceptum.production import gain
from civtable.games.inceptum.research import grant_research
from civtable.games.inceptum.state import SPECBLD, WONDER, InceptumState, Player
from civtable.games.inceptum.wonders import activate, build_wonder


def new_game(mode: str = "journey", players: int = 2, **opts: Any) -> Inceptum:
    game = make_game("inceptum", {"players": players, "mode": mode, **opts})
    assert isinstance(game, Inceptum)
    return game


def chance(s: InceptumState, text: str) -> None:
    """Apply a chance outcome through the checked boundary."""
    s.apply(Action.parse(text), CHANCE)


def act(s: InceptumState, text: str, seat: int | None = None) -> None:
    """Apply a player action through the checked boundary (the single deciding seat by default)."""
    s.apply(Action.parse(text), seat)


def setup(
    game: Inceptum,
    traits: Sequence[str] | None = None,
    hbs: Sequence[str] | None = None,
    start_rolls: Sequence[int] | None = None,
) -> InceptumState:
    """Play setup with fixed outcomes: seat i draws ``traits[i]`` and keeps it, the start rolls
    are ``start_rolls`` (default: seat 0 rolls 12, the others 2, so seat 0 starts), and seat i
    draws Humble Beginnings ``hbs[i]``. Returns the state at the first decision of round 1."""
    n = game.num_players
    s = game.new_initial_state()
    mode = game.options["mode"]
    if mode != "mission1":
        traits = traits or ["scientific", "expansionist", "cultural", "united"][:n]
        for t in traits:
            chance(s, f"trait {t}")
        for seat in range(n):
            act(s, "keep", seat)
    rolls = list(start_rolls or [12] + [2] * (n - 1))
    for r in rolls:
        chance(s, f"startroll {r}")
    if mode != "mission1":
        hbs = list(hbs or plain_cards(game)[:n])
        for seat in s.order:
            chance(s, f"hb {hbs[seat]}")
    return s


def skip_free(s: InceptumState) -> None:
    """Decline pending free actions (the Scientific free research, wonder free actions)."""
    while s.decision().kind == "free":
        act(s, "done")


def roll(s: InceptumState, black: int = 1, white: int = 4) -> None:
    """Roll the bonus dice (default 1,4: a slot the tests leave empty, no prayers)."""
    assert s.decision().kind == "dice", s.decision()
    chance(s, f"dice {black} {white}")


def to_actions(s: InceptumState, black: int = 1, white: int = 4) -> int:
    """From the start of a turn, decline free actions, roll, and return the acting seat."""
    skip_free(s)
    roll(s, black, white)
    d = s.decision()
    assert d.kind == "turn", d
    return d.players[0]


def end_turn(s: InceptumState) -> None:
    act(s, "end")


def next_turn(s: InceptumState, black: int = 1, white: int = 4) -> int:
    """End the current turn and bring the next seat to its action phase."""
    end_turn(s)
    return to_actions(s, black, white)


def hand(s: InceptumState, seat: int, **amounts: int) -> None:
    """Set a seat's hand (unnamed resources become 0)."""
    s.players[seat].hand = [amounts.get(r, 0) for r in RESOURCES]


def give(s: InceptumState, seat: int, **amounts: int) -> None:
    """Add to a seat's hand."""
    for r, x in amounts.items():
        s.players[seat].hand[RES_INDEX[r]] += x


def grant(s: InceptumState, seat: int, *advances: str) -> None:
    """Mark advances researched with all their effects (PTP, CP, population); advances already
    researched are skipped."""
    p = s.players[seat]
    for a in advances:
        idx = s.c.advance_index[a]
        if not p.researched & s.c.advances[idx].bit:
            grant_research(s, p, idx)


def set_government(s: InceptumState, seat: int, gov: str) -> None:
    """Research a government without its pause (prerequisites granted first)."""
    idx = s.c.advance_index[gov]
    adv = s.c.advances[idx]
    p = s.players[seat]
    for k, a in enumerate(s.c.advances):
        if adv.requires >> k & 1 and not p.researched & a.bit:
            grant_with_prereqs(s, seat, a.id)
    grant_research(s, p, idx)
    p.gov = gov


def grant_with_prereqs(s: InceptumState, seat: int, ident: str) -> None:
    """Grant an advance and, first, everything it needs (Republic for requires_any)."""
    p = s.players[seat]
    c = s.c
    a = c.advances[c.advance_index[ident]]
    if p.researched & a.bit:
        return
    if a.requires_any and not a.requires_any & p.researched:
        gov = "monarchy" if p.gov == "monarchy" else "republic"
        set_government(s, seat, gov)
    for k, b in enumerate(c.advances):
        if a.requires >> k & 1:
            grant_with_prereqs(s, seat, b.id)
    if not p.researched & a.bit:
        grant_research(s, p, a.idx)


def same_frame(a: object, b: object) -> bool:
    """Frames are equal if they are of the same kind with the same fields (``Turn(0)`` and
    ``Dice(0)`` are equal as tuples but are not the same frame)."""
    return type(a) is type(b) and a == b


def slot_index(row: int, col: int) -> int:
    return (row - 1) * 5 + col - 1


def place(s: InceptumState, seat: int, line: str, row: int, col: int, level: int = 1) -> None:
    """Put a building of ``line`` at (row, col) and raise it to ``level`` (free, with a new
    population token), keeping PTP and CP bookkeeping exact."""
    p = s.players[seat]
    p.pop_total += 1
    p.pop_free += 1
    li = s.c.line_index[line]
    build_new(s, seat, li, slot_index(row, col), free=True)
    for _ in range(level - 1):
        upgrade(s, seat, slot_index(row, col), free=True)


def place_wonder(s: InceptumState, seat: int, wid: str, row: int, col: int, settle: bool = True) -> None:
    """Give ``seat`` a wonder as if built (paid from a topped-up hand). With ``settle`` its
    end-of-turn production and from-next-turn effects are applied at once."""
    p = s.players[seat]
    w = s.c.wonder_index[wid]
    saved = p.hand[:]
    p.hand = [99] * 5
    depth = len(s.stack)
    build_wonder(s, seat, w, slot_index(row, col))
    p.hand = saved
    del s.stack[depth:]
    if settle:
        for wi in p.pending_end:
            for e in s.c.wonders[wi].effects:
                if e.type == "production":
                    gain(s, p, e.gains, 0)
                elif e.type == "production_all":
                    gain(s, p, (0, 0, 0, 0, 0), e.amount)
        p.pending_end = ()
        for t, amount, _w in p.pending_next:
            if t not in ("free_research", "free_build"):
                activate(s, p, t, amount)
        p.pending_next = ()


def player(s: InceptumState, seat: int) -> Player:
    return s.players[seat]


def hand_of(s: InceptumState, seat: int) -> dict[str, int]:
    return dict(zip(RESOURCES, s.players[seat].hand))


def ptp_of(s: InceptumState, seat: int) -> dict[str, int]:
    return dict(zip(RESOURCES, s.players[seat].ptp))


def res(**kw: int) -> dict[str, int]:
    """A full resource dict with zeros for unnamed resources."""
    return {r: kw.get(r, 0) for r in RESOURCES}


def legal_texts(s: InceptumState, seat: int | None = None) -> set[str]:
    return {a.text() for a in s.legal_actions(seat)}


def assert_illegal(s: InceptumState, text: str, seat: int | None = None, match: str | None = None) -> str:
    """The action raises IllegalAction (with ``match`` in its message) and changes nothing."""
    before = s.state_hash()
    with pytest.raises(IllegalAction) as info:
        s.apply(Action.parse(text), seat)
    assert s.state_hash() == before
    msg = str(info.value)
    assert msg, "an illegal action needs a message"
    if match is not None:
        assert match.lower() in msg.lower(), msg
    return msg


def cp_recount(s: InceptumState, seat: int) -> int:
    """CP from scratch (p. 17): research, buildings by level, wonders, population / 4."""
    c = s.c
    p = s.players[seat]
    total = sum(1 + a.bonus_cp for a in c.advances if p.researched & a.bit)
    cumulative = s.opt["building_cp"] == "cumulative"
    for cell in p.city:
        if cell is None:
            continue
        if cell[0] == WONDER:
            total += c.wonders[cell[1]].cp
            continue
        table = [1, 3] if cell[0] == SPECBLD else [1, 2, 3, 5]
        total += sum(table[: cell[2]]) if cumulative else table[cell[2] - 1]
    total += p.pop_total // 4
    return total




def afford_build(s: InceptumState, seat: int, line: str, level: int = 1, extra: int = 0) -> tuple[int, ...]:
    """Set the hand to exactly the (reduced) cost of ``level`` of ``line`` (plus ``extra`` of
    each resource); provisional content costs are never hard-coded in tests."""
    cost = s.build_cost(s.players[seat], s.c.line_index[line], level)
    s.players[seat].hand = [x + extra for x in cost]
    return cost


def afford_wonder(s: InceptumState, seat: int, wid: str, extra: int = 0) -> tuple[int, ...]:
    """Set the hand to exactly the seat's current cost of a wonder."""
    cost = s.wonder_cost(s.players[seat], s.c.wonder_index[wid])
    s.players[seat].hand = [x + extra for x in cost]
    return cost


def add_pop(s: InceptumState, seat: int, n: int = 1) -> None:
    """Give a seat ``n`` free population tokens."""
    s.players[seat].pop_total += n
    s.players[seat].pop_free += n


def pass_round(s: InceptumState) -> None:
    """From the first seat's turn start, every seat rolls (1,4) and ends its turn; the state
    stops at the start of the next round's first turn."""
    r = s.round
    while s.round == r and not s.finished:
        if s.decision().kind != "turn":
            to_actions(s)
        end_turn(s)


def unlocker(s: InceptumState, line: str, level: int = 1) -> str | None:
    """The id of the advance that unlocks ``level`` of ``line`` in the loaded content."""
    lv = s.c.lines[s.c.line_index[line]].levels[level - 1]
    return s.c.advances[lv.unlocked_by].id if lv.unlocked_by >= 0 else None


def unlock_line(s: InceptumState, seat: int, line: str, level: int = 1, stone_iron: bool = True) -> None:
    """Grant whatever the content says unlocks levels 1..``level`` of ``line`` (with their
    prerequisites) and, with ``stone_iron``, Cutting Tools and Iron Working so any cost is usable.
    Tests use this instead of naming provisional unlocking advances."""
    for lvl in range(1, level + 1):
        adv = unlocker(s, line, lvl)
        if adv is not None:
            grant_with_prereqs(s, seat, adv)
    if stone_iron:
        grant_with_prereqs(s, seat, s.c.advances[s.c.stone_adv].id)
        grant_with_prereqs(s, seat, s.c.advances[s.c.iron_adv].id)


def researched(s: InceptumState, seat: int, ident: str) -> bool:
    return bool(s.players[seat].researched & s.c.advances[s.c.advance_index[ident]].bit)


def plain_cards(game: Inceptum) -> list[str]:
    """Humble Beginnings cards with resources only (no population token, no advance)."""
    return [h.id for h in game.content.humble if not h.population and not h.advances]


def population_card(game: Inceptum) -> str:
    return next(h.id for h in game.content.humble if h.population)


def domestication_card(game: Inceptum) -> str:
    dom = game.content.advance_index["domestication"]
    return next(h.id for h in game.content.humble if dom in h.advances)
