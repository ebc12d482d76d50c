"""Setup, the order of turns, and the End of Age (DOM-SETUP, DOM-TURN, DOM-EOA, DOM-ROLE, DOM-NEXT).

Setup: 2 Objectives and 2 Monuments dealt to each seat, a random Initiative order, the secret
simultaneous choice, 7 Land tiles each and a once-only mulligan. An Age is 5 turns per seat in
Initiative order (Grow, Build, Develop). Its end runs: End-of-Age effects, Influence
(assimilation, then VP = Influence), Domination cards (VP; powers for the next Age; 3 VP and no
power after Age 3), then Knowledge reset and hand refill — or final scoring after Age 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core import Action

from . import grow, narrate, scoring, tree
from .frames import Assimilate, Deal, Develop, Discard, Farmer, FollowUp, Governor, Grow, Order, Secret, Step
from .frames import Build as BuildFrame
from .reserve import DOMINATION, INFLUENCE, gain
from .scoring import best

if TYPE_CHECKING:
    from .state import DominationsState


RESUME = Action("resume")
"""The one outcome of a :class:`~.frames.FollowUp` (only on the game review's copies): the
automatic steps it held back run."""


def setup(s: DominationsState) -> None:
    frames: list[Any] = []
    for seat in range(s.n):
        frames += [Deal(seat, "objective", 2), Deal(seat, "monument", 2)]
    frames += [Order(()), Secret(), Step("hands")]
    s.push_seq(frames)


def hand_target(s: DominationsState, seat: int) -> int:
    extra = 2 if s.roles[_power(s, "draw2")] == seat else 0
    return s.c.rules["hand_size"] + s.players[seat].mods.hand_size + extra


def _power(s: DominationsState, power: str) -> int:
    return grow._power(s, power)


def deal_pool(s: DominationsState, top: Deal) -> list[int]:
    if top.what == "tile":
        return sorted(s.pile) if s.pile else sorted(s.back)
    if top.what == "objective":
        taken = {o for p in s.players for o in p.dealt_obj}
        return [o for o in range(len(s.c.objectives)) if o not in taken]
    taken = {m for p in s.players for m in p.dealt_mon}
    return [m for m in range(len(s.c.monuments)) if m not in taken]


def auto(s: DominationsState, top: Any) -> bool:
    """Resolve a frame that needs nobody; True if the stack changed."""
    if isinstance(top, Deal):
        if top.n <= 0 or not deal_pool(s, top):
            s.stack.pop()
            return True
        return False
    if isinstance(top, Order):
        rest = [p for p in range(s.n) if p not in top.placed]
        if len(rest) <= 1:
            s.stack.pop()
            s.initiative = list(top.placed) + rest
            return True
        return False
    if isinstance(top, Grow):
        if not s.players[top.seat].hand and not grow.can_reactivate(s, top.seat):
            s.stack.pop()
            return True
        return False
    if isinstance(top, Farmer) and not s.players[top.seat].hand:
        s.stack.pop()
        return True
    if isinstance(top, Governor) and len(top.order) >= s.n - 1:
        s.stack.pop()
        s.initiative = list(top.order) + [q for q in range(s.n) if q not in top.order]
        return True
    return False


def apply(s: DominationsState, top: Any, a: Action, player: int) -> None:
    k = a.kind
    if isinstance(top, Deal):
        x = int(a.args[0])
        s.stack.pop()
        p = s.players[top.seat]
        if top.what == "tile":
            (s.pile if x in s.pile else s.back).remove(x)
            p.hand.append(x)
        elif top.what == "objective":
            p.dealt_obj += (x,)
        else:
            p.dealt_mon += (x,)
        if top.n > 1:
            s.stack.append(Deal(top.seat, top.what, top.n - 1))
    elif isinstance(top, Order):
        s.stack.pop()
        s.stack.append(Order(top.placed + (int(a.args[0]) - 1,)))
    elif isinstance(top, Secret):
        p = s.players[player]
        p.objective = s.c.objective_index[str(a.args[0])]
        p.monument = s.c.monument_index[str(a.args[1])]
        if all(q.objective >= 0 for q in s.players):
            s.stack.pop()
            s.in_play = [q.monument for q in s.players]
            narrate.revealed(s)
    elif isinstance(top, FollowUp):  # the review's copy goes on with the steps held back
        s.stack.pop()
    elif k == "discard":
        p = s.players[top.seat]
        t = s.c.tile_index[str(a.args[0])]
        p.hand.remove(t)
        s.back.append(t)
        s.stack[-1] = Discard(top.seat, top.stage, top.discarded + 1)
    elif k == "keep":
        s.stack.pop()
        if top.stage == "refresh" or top.discarded > 0:
            need = hand_target(s, top.seat) - len(s.players[top.seat].hand)
            if need > 0:
                s.stack.append(Deal(top.seat, "tile", need))
    elif k == "first":
        s.stack[-1] = Governor(top.seat, top.order + (int(a.args[0]) - 1,))


def step(s: DominationsState, name: str) -> None:
    """An automatic step of the flow."""
    if name == "hands":
        s.push_seq([Deal(q, "tile", hand_target(s, q)) for q in s.initiative]
                   + [Discard(q, "mulligan", 0) for q in s.initiative] + [Step("turn")])
    elif name == "turn":
        total = s.c.rules["turns_per_age"] * s.n
        if s.turn_no >= total:
            s.push_seq([Step("age_end"), Step("influence"), Step("influence_vp"), Step("roles")])
            return
        seat = s.initiative[s.turn_no % s.n]
        s.turn_no += 1
        s.push_seq([Grow(seat), BuildFrame(seat), Develop(seat), Step("turn")])
        ts = s.players[seat].mods.turn_start
        if any(ts):
            gain(s, seat, list(ts[:6]), ts[6])
    elif name == "age_end":
        narrate.age_end(s)
        for q in reversed(s.initiative):
            ae = s.players[q].mods.age_end
            if any(ae):
                narrate.age_effect(s, q, list(ae[:6]), ae[6])
                gain(s, q, list(ae[:6]), ae[6])
    elif name == "influence":
        leader = best(s, [p.influence for p in s.players])
        if leader >= 0:
            take, flip = tree.assimilable(s, leader)
            if any(tree.take_actions(s, leader, "assimilate", take)) or flip:
                s.stack.append(Assimilate(leader))
            else:
                narrate.assimilation(s, leader, "finds no Mastery to assimilate")
    elif name == "influence_vp":
        for p in s.players:
            p.score(INFLUENCE, p.influence)
        narrate.influence_vp(s)
    elif name == "roles":
        roles(s)
    elif name == "next_age":
        next_age(s)
    elif name == "final":
        scoring.final(s)


def roles(s: DominationsState) -> None:
    """Determine Roles: the Domination cards (DOM-ROLE)."""
    last = s.age >= s.c.rules["ages"]
    new = [-1] * 6
    awarded: list[tuple[int, int, int]] = []
    for d in s.c.dominations:
        q = best(s, [p.stock[d.colour] for p in s.players], minimum=1)
        if q < 0:
            awarded.append((d.idx, -1, 0))
            continue
        new[d.idx] = q
        p = s.players[q]
        vp = s.c.rules["age3_domination_vp"] if last else d.vp_two_players if s.n == 2 else d.vp
        awarded.append((d.idx, q, vp))
        p.score(DOMINATION, vp)
        if not last and d.power == "influence2":
            p.influence += 2
    narrate.roles(s, awarded)
    if not last:
        narrate.standings(s)
    if last:
        s.roles = [-1] * 6
        s.stack.append(Step("final"))
        return
    s.roles = new
    s.stack.append(Step("next_age"))
    gov = new[_power(s, "order")]
    if gov >= 0:
        s.stack.append(Governor(gov, ()))


def next_age(s: DominationsState) -> None:
    """Before the next Age: reset Knowledge (cards may keep some), refill hands (DOM-NEXT)."""
    for p in s.players:
        p.stock = [min(p.stock[c], p.mods.carry[c]) for c in range(6)]
    s.age += 1
    s.turn_no = 0
    s.used = [False] * 6
    narrate.next_age(s)
    frames: list[Any] = []
    for q in s.initiative:
        frames += [Discard(q, "refresh", 0), Discard(q, "mulligan", 0)]
    s.push_seq(frames + [Step("turn")])


def resample(s: DominationsState, player: int, rng: Any) -> DominationsState:
    """Re-draw what ``player`` cannot see: other hands, the tile piles, others' secret cards."""
    t = s.clone()
    others = [q for q in range(s.n) if q != player]
    pool = t.pile + t.back
    for q in others:
        pool += t.players[q].hand
    rng.shuffle(pool)
    for q in others:
        k = len(t.players[q].hand)
        t.players[q].hand, pool = sorted(pool[:k]), pool[k:]
    t.pile, t.back = sorted(pool[:len(s.pile)]), pool[len(s.pile):]
    if not t.in_play:  # the Objective and Monument choices are still secret
        me = t.players[player]
        for what in ("obj", "mon"):
            total = len(s.c.objectives) if what == "obj" else len(s.c.monuments)
            mine = me.dealt_obj if what == "obj" else me.dealt_mon
            rest = [x for x in range(total) if x not in mine]
            rng.shuffle(rest)
            for q in others:
                o = t.players[q]
                k = len(o.dealt_obj if what == "obj" else o.dealt_mon)
                new, rest = tuple(rest[:k]), rest[k:]
                if what == "obj":
                    o.dealt_obj = new
                    if o.objective >= 0:
                        o.objective = rng.choice(new)
                else:
                    o.dealt_mon = new
                    if o.monument >= 0:
                        o.monument = rng.choice(new)
    return t
