"""Phases A (Project, PC-A), B (Deployment, PC-B), D (Research, PC-D) and E (Technology
purchase, PC-E)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from civtable.core import Action

from .content import TRAY_INDEX, TRAYS, TYPE_INDEX, TYPES, Vec
from .frames import Deploy, Project, Purchase, Research
from .player import Player, gain

if TYPE_CHECKING:
    from .state import PathState


# ----- A: Project ------------------------------------------------------------------------------
# A seat places its cards one at a time, secretly: its two left cards, then its two right ones
# ("left <card>", "right <card>"), in any order within a side; a completed side is kept in the
# library's name order, so every distinct Project is one state. The rest of the hand is
# discarded at the reveal.
EMPTY = -1


def project_options(st: PathState, seat: int) -> list[tuple[int, ...]]:
    """Every distinct complete Project (left, left, right, right; each side in name order) of
    ``seat`` (PC-A-1/3/5)."""
    hand = st.players[seat].hand
    cache = st.game.project_cache
    found = cache.get(tuple(hand))
    if found is None:
        if len(cache) > 20_000:
            cache.clear()
        found = cache[tuple(hand)] = _projects(st, hand)
    return found


def _projects(st: PathState, hand: list[int]) -> list[tuple[int, ...]]:
    c = st.content
    key = lambda i: c.techs[i].id  # noqa: E731
    seen: dict[tuple[int, ...], None] = {}
    idx = range(len(hand))
    for left in combinations(idx, 2):
        rest = [i for i in idx if i not in left]
        for right in combinations(rest, 2):
            ls = sorted((hand[i] for i in left), key=key)
            rs = sorted((hand[i] for i in right), key=key)
            seen[tuple(ls + rs)] = None
    return list(seen)


def fits(part: Sequence[int], side: Sequence[int]) -> bool:
    """Are the cards ``part`` (a multiset) among the cards of ``side``?"""
    rest = list(side)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def left_over(side: Sequence[int], part: Sequence[int]) -> list[int]:
    """The cards of ``side`` that no card of ``part`` matches (a multiset difference, in the
    side's order). Sides hold two cards: walking a list is cheaper than counting."""
    rest = list(side)
    for card in part:
        if card in rest:
            rest.remove(card)
    return rest


def project_steps(st: PathState, seat: int) -> list[Action]:
    """The next card ``seat`` may place: any card some Project it can still complete has on the
    side being filled (the left side first)."""
    c = st.content
    chosen = st.players[seat].project or (EMPTY,) * 4
    k = sum(1 for t in chosen if t != EMPTY)
    side = "left" if k < 2 else "right"
    out: dict[int, None] = {}
    for full in project_options(st, seat):
        if k < 2:
            if not fits(chosen[:k], full[:2]):
                continue
            rest = left_over(full[:2], chosen[:k])
        else:
            if full[:2] != chosen[:2] or not fits(chosen[2:k], full[2:]):
                continue
            rest = left_over(full[2:], chosen[2:k])
        for t in rest:
            out[t] = None
    return [Action(side, (c.techs[t].id,)) for t in sorted(out, key=lambda t: c.techs[t].id)]


def run_project(st: PathState) -> bool:
    if st.stage == 0:
        st.stage = 1
        for p in st.players:
            p.project = (EMPTY,) * 4
        st.stack.append(Project(tuple(range(st.game.num_players))))
        return False
    return True


def committed(p: Player) -> bool:
    return p.project is not None and EMPTY not in p.project


def legal_project(st: PathState, f: Project, seat: int) -> list[Action]:
    return project_steps(st, seat)


def apply_project(st: PathState, f: Project, seat: int, a: Action) -> None:
    p = st.players[seat]
    c = st.content
    chosen = list(p.project or (EMPTY,) * 4)
    k = chosen.index(EMPTY)
    chosen[k] = c.tech_index[str(a.args[0])]
    if k in (1, 3):  # a side is complete: keep it in name order (one state per Project)
        chosen[k - 1:k + 1] = sorted(chosen[k - 1:k + 1], key=lambda t: c.techs[t].id)
    p.project = tuple(chosen)
    if EMPTY not in chosen:
        st.seat_done(seat)


def commit_project(st: PathState, seat: int, project: tuple[int, ...]) -> None:
    """Place a whole Project at once (planning on copies of the state)."""
    st.players[seat].project = tuple(project)
    st.seat_done(seat)


def run_reveal(st: PathState) -> bool:
    """All commitments are revealed together (PC-A-4); unplayed cards are discarded (PC-A-2)."""
    for p in st.players:
        assert p.project is not None and EMPTY not in p.project
        hand = list(p.hand)
        for t in p.project:
            hand.remove(t)
        p.left = list(p.project[:2])
        p.right = list(p.project[2:])
        p.discards.extend(hand)
        p.hand = []
        p.project = None
    return True


# ----- B and D: choosing under the population cap, one cube / point at a time ---------------
def _add(a: Vec | list[int], b: Vec | list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def _bonus_sum(st: PathState, p: Player, cards: list[int] | tuple[int, ...], what: str) -> list[int]:
    """``what`` ("deploy" or "research") summed over ``cards`` and the seat's living and Cemetery
    Leaders' bonuses."""
    c = st.content
    out = [0, 0, 0, 0, 0]
    for t in cards:
        out = _add(out, getattr(c.techs[t], what))
    if p.leader >= 0:
        out = _add(out, getattr(c.leaders[p.leader].alive, what))
    for i in p.cemetery:
        out = _add(out, getattr(c.leaders[i].cemetery, what))
    return out


def deploy_available(st: PathState, p: Player) -> list[int]:
    """Cubes the left cards and Leader bonuses would deploy (PC-B-1, PC-B-2)."""
    return _bonus_sum(st, p, p.left, "deploy")


def research_offered(st: PathState, p: Player) -> list[int]:
    """Research points the right cards and Leader bonuses give (PC-D-1, PC-D-2)."""
    return _bonus_sum(st, p, p.right, "research")


def research_available(st: PathState, p: Player) -> list[int]:
    """The Research points still to take, without those that would go past the top of a track
    (PC-D-5, P-14: those are lost, so the player takes others)."""
    top = st.content.research_max
    return [max(0, min(k - done, top - r)) for k, done, r in zip(research_offered(st, p), p.placed, p.research, strict=True)]


def _run_capped(st: PathState, available: Callable[[PathState, Player], list[int]], field: str,
                frame: type[Deploy] | type[Research]) -> bool:
    """Phases B and D: every seat whose offer fits its population takes it whole into ``field``
    (its trays or its Research); the others choose one at a time under ``frame`` (PC-B-3, PC-D-3)."""
    if st.stage:
        return True
    st.stage = 1
    c = st.content
    choosers = []
    for seat, p in enumerate(st.players):
        p.placed = [0, 0, 0, 0, 0]
        avail = available(st, p)
        if sum(avail) <= p.population(c):
            setattr(p, field, _add(getattr(p, field), avail))
        else:
            choosers.append(seat)  # over the cap, the player chooses
    if choosers:
        st.stack.append(frame(tuple(choosers)))
        return False
    return True


def run_deploy(st: PathState) -> bool:
    return _run_capped(st, deploy_available, "trays", Deploy)


def legal_deploy(st: PathState, f: Deploy, seat: int) -> list[Action]:
    p = st.players[seat]
    avail = deploy_available(st, p)
    return [Action("deploy", (TRAYS[i],)) for i in range(5) if p.placed[i] < avail[i]]


def apply_deploy(st: PathState, f: Deploy, seat: int, a: Action) -> None:
    p = st.players[seat]
    i = TRAY_INDEX[str(a.args[0])]
    p.placed[i] += 1
    p.trays[i] += 1
    if sum(p.placed) >= p.population(st.content):
        st.seat_done(seat)


def run_research(st: PathState) -> bool:
    return _run_capped(st, research_available, "research", Research)


def legal_research(st: PathState, f: Research, seat: int) -> list[Action]:
    avail = research_available(st, st.players[seat])
    return [Action("research", (TYPES[i],)) for i in range(5) if avail[i] > 0]


def apply_research(st: PathState, f: Research, seat: int, a: Action) -> None:
    p = st.players[seat]
    i = TYPE_INDEX[str(a.args[0])]
    p.placed[i] += 1
    p.research[i] += 1
    if sum(p.placed) >= p.population(st.content) or not any(research_available(st, p)):
        st.seat_done(seat)


# ----- E: Technology purchase ------------------------------------------------------------------
def affordable(st: PathState, seat: int) -> list[int]:
    """Technologies ``seat`` can buy now: a box with cards left and enough Research (PC-E-1/6)."""
    c = st.content
    r = st.players[seat].research
    return [i for i, t in enumerate(c.techs) if t.level > 0 and st.supply[i] > 0 and r[t.type] >= t.cost]


def run_purchase(st: PathState) -> bool:
    if st.stage:
        return True
    st.stage = 1
    seats = tuple(s for s in range(st.game.num_players) if affordable(st, s))
    if seats:
        st.stack.append(Purchase(seats))
        return False
    return True


def legal_purchase(st: PathState, f: Purchase, seat: int) -> list[Action]:
    c = st.content
    return [Action("buy", (c.techs[i].id,)) for i in affordable(st, seat)]


def buy(st: PathState, seat: int, tech: int) -> None:
    """Pay, take the card to the Discovery space, receive the box's bonus (PC-E-2..4)."""
    c = st.content
    t = c.techs[tech]
    p = st.players[seat]
    p.research[t.type] -= t.cost
    st.supply[tech] -= 1
    p.discovered.append(tech)
    p.bought = True
    gain(c, p, t.bonus, st.round)


def apply_purchase(st: PathState, f: Any, seat: int, a: Action) -> None:
    buy(st, seat, st.content.tech_index[str(a.args[0])])
    # a box may have run out: a seat that can no longer afford anything buys nothing (P-4)
    rest = tuple(s for s in f.seats if s != seat and affordable(st, s))
    if rest:
        st.stack[-1] = f._replace(seats=rest)
    else:
        st.pop()
