"""Phases A (Project, PC-A), B (Deployment, PC-B), D (Research, PC-D) and E (Technology
purchase, PC-E)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from civtable.core import Action

from .content import Vec
from .frames import Deploy, Project, Purchase, Research
from .player import Player, gain

if TYPE_CHECKING:
    from .state import PathState


# ----- A: Project ------------------------------------------------------------------------------
def project_options(st: PathState, seat: int) -> list[Action]:
    """Every distinct way to place 2 cards left and 2 right (PC-A-1, PC-A-3, PC-A-5)."""
    c = st.content
    hand = st.players[seat].hand
    seen: dict[tuple[str, ...], None] = {}
    idx = range(len(hand))
    for left in combinations(idx, 2):
        rest = [i for i in idx if i not in left]
        for right in combinations(rest, 2):
            ls = sorted(c.techs[hand[i]].id for i in left)
            rs = sorted(c.techs[hand[i]].id for i in right)
            seen[tuple(ls + rs)] = None
    return [Action("project", k) for k in seen]


def decode_project(st: PathState, a: Action) -> tuple[int, ...]:
    return tuple(st.content.tech_index[str(x)] for x in a.args)


def run_project(st: PathState) -> bool:
    if st.stage == 0:
        st.stage = 1
        for p in st.players:
            p.project = None
        st.stack.append(Project(tuple(range(st.game.num_players))))
        return False
    return True


def legal_project(st: PathState, f: Project, seat: int) -> list[Action]:
    return project_options(st, seat)


def apply_project(st: PathState, f: Project, seat: int, a: Action) -> None:
    st.players[seat].project = decode_project(st, a)
    st.seat_done(seat)


def run_reveal(st: PathState) -> bool:
    """All commitments are revealed together (PC-A-4); unplayed cards are discarded (PC-A-2)."""
    for p in st.players:
        assert p.project is not None
        hand = list(p.hand)
        for t in p.project:
            hand.remove(t)
        p.left = list(p.project[:2])
        p.right = list(p.project[2:])
        p.discards.extend(hand)
        p.hand = []
        p.project = None
    return True


# ----- shared: choosing under the population cap ---------------------------------------------
def vectors(avail: Vec | list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every vector v with 0 <= v[i] <= avail[i] and sum(v) == total."""
    def rec(i: int, left: int, acc: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(avail) - 1:
            if left <= avail[i]:
                yield acc + (left,)
            return
        rest = sum(avail[i + 1:])
        for k in range(max(0, left - rest), min(avail[i], left) + 1):
            yield from rec(i + 1, left - k, acc + (k,))
    if total > sum(avail):
        return iter(())
    return rec(0, total, ())


def _add(a: Vec | list[int], b: Vec | list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def deploy_available(st: PathState, p: Player) -> list[int]:
    """Cubes the left cards and Leader bonuses would deploy (PC-B-1, PC-B-2)."""
    c = st.content
    out = [0, 0, 0, 0, 0]
    for t in p.left:
        out = _add(out, c.techs[t].deploy)
    if p.leader >= 0:
        out = _add(out, c.leaders[p.leader].alive.deploy)
    for i in p.cemetery:
        out = _add(out, c.leaders[i].cemetery.deploy)
    return out


def research_available(st: PathState, p: Player) -> list[int]:
    """Research points the right cards and Leader bonuses would give, without those that would
    go past the top of a track (PC-D-1, PC-D-2, PC-D-5)."""
    c = st.content
    out = [0, 0, 0, 0, 0]
    for t in p.right:
        out = _add(out, c.techs[t].research)
    if p.leader >= 0:
        out = _add(out, c.leaders[p.leader].alive.research)
    for i in p.cemetery:
        out = _add(out, c.leaders[i].cemetery.research)
    return [min(k, c.research_max - r) for k, r in zip(out, p.research, strict=True)]


def run_deploy(st: PathState) -> bool:
    if st.stage:
        return True
    st.stage = 1
    c = st.content
    choosers = []
    for seat, p in enumerate(st.players):
        avail = deploy_available(st, p)
        if sum(avail) <= p.population(c):
            p.trays = _add(p.trays, avail)
        else:
            choosers.append(seat)  # PC-B-3: over the cap, the player chooses
    if choosers:
        st.stack.append(Deploy(tuple(choosers)))
        return False
    return True


def legal_deploy(st: PathState, f: Deploy, seat: int) -> list[Action]:
    p = st.players[seat]
    return [Action("deploy", v) for v in vectors(deploy_available(st, p), p.population(st.content))]


def apply_deploy(st: PathState, f: Deploy, seat: int, a: Action) -> None:
    p = st.players[seat]
    p.trays = _add(p.trays, [int(x) for x in a.args])
    st.seat_done(seat)


def run_research(st: PathState) -> bool:
    if st.stage:
        return True
    st.stage = 1
    c = st.content
    choosers = []
    for seat, p in enumerate(st.players):
        avail = research_available(st, p)
        if sum(avail) <= p.population(c):
            p.research = _add(p.research, avail)
        else:
            choosers.append(seat)  # PC-D-3
    if choosers:
        st.stack.append(Research(tuple(choosers)))
        return False
    return True


def legal_research(st: PathState, f: Research, seat: int) -> list[Action]:
    p = st.players[seat]
    return [Action("research", v) for v in vectors(research_available(st, p), p.population(st.content))]


def apply_research(st: PathState, f: Research, seat: int, a: Action) -> None:
    p = st.players[seat]
    p.research = _add(p.research, [int(x) for x in a.args])
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
    gain(c, p, t.bonus)


def apply_purchase(st: PathState, f: Any, seat: int, a: Action) -> None:
    buy(st, seat, st.content.tech_index[str(a.args[0])])
    # a box may have run out: a seat that can no longer afford anything buys nothing (P-4)
    rest = tuple(s for s in f.seats if s != seat and affordable(st, s))
    if rest:
        st.stack[-1] = f._replace(seats=rest)
    else:
        st.pop()
