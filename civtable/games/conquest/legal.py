"""Who decides now, and what they may do.

Rulebook topic: the order of a turn seen from the player's chair — which phase asks for a
decision, which chance node (map, civilization, battle dice, research die) comes next, and the
legal actions of each phase and of each pending frame. An optional phase in which only ``done``
would be legal is never asked (``phase_actions`` decides that for ``turn.py``).
"""

from __future__ import annotations

from civtable.core import CHANCE, Action, Decision
from civtable.core.words import count

from .building import can_build_monument
from .content import CAT_GOLD, CATEGORIES
from .frames import FollowUp, MonumentPayment, MoveUnit
from .movement import can_move, enemy_sets, movable, reachable
from .options import BUY, CANCEL, DONE, FEED, RESUME
from .payment import afford_fixed, payment_left
from .position import Position
from .recruit import fleet_spots, recruit_room
from .research import research_cost
from .settling import can_afford_village, village_spots
from .setup import start_spots

END = Decision((), "over", "the game is over")
PROMPTS = {
    "build": "build Monuments in your Cities, or done",
    "upgrade": "turn Villages into Cities, or done",
    "settle": "place Villages, or done",
    "move": "choose a unit to move, or done",
    "recruit": "recruit Armies and Fleets, or done",
}


def current_decision(s: Position) -> Decision:
    ph = s.phase
    if ph == "over":
        return END
    if s.frames and type(s.frames[-1]) is FollowUp:  # only on the review's copies
        return Decision((CHANCE,), "follow-up", s.frames[-1].words)
    if ph == "map":
        return Decision((CHANCE,), "map", "the map is drawn")
    if ph == "civ":
        if s.game.options["civ_choice"] == "random":
            return Decision((CHANCE,), "civ", f"a civilization is dealt to {s.game.seat_name(s.active)}")
        return Decision((s.active,), "civ", "pick your civilization")
    if ph == "city":
        return Decision((s.active,), "city", "place your starting City on a Land space")
    if ph == "battle":
        if s.frames:
            return Decision((s.active,), "fight", "choose which enemy to fight first here")
        return Decision((CHANCE,), "battle", f"battle dice in territory {s.fight_t + 1}")
    if ph == "research":
        if s.rolls_due:
            return Decision((CHANCE,), "roll", "research roll (1D12)")
        return Decision((s.active,), "research", f"buy an extra research roll for {count(research_cost(s), 'resource')} of any kind, or done")
    if ph == "famine":
        return Decision((s.active,), "famine",
                        f"famine: {s.deficit} more Food needed; feed with Gold or choose what goes unfed")
    if s.frames:
        f = s.frames[-1]
        if isinstance(f, MonumentPayment):
            return Decision((s.active,), "pay", f"choose a resource to pay ({f.remaining} more) or cancel")
        assert isinstance(f, MoveUnit)
        return Decision((s.active,), "move_to", f"move the {'Army' if f.unit == 'army' else 'Fleet'} from territory {f.source + 1} to where?")
    return Decision((s.active,), ph, PROMPTS[ph])


def chance_outcomes_of(s: Position) -> list[tuple[Action, float]]:
    ph = s.phase
    if s.frames and type(s.frames[-1]) is FollowUp:
        return [(RESUME, 1.0)]
    if ph == "map":
        return s.game.map_outcomes
    if ph == "civ" and s.game.options["civ_choice"] == "random":
        left = [c for c in s.content.civ_ids if c not in s.civ]
        return [(Action("civ", (c,)), 1.0 / len(left)) for c in left]
    if ph == "battle" and not s.frames:
        return s.game.battle_outcomes
    if ph == "research" and s.rolls_due:
        return s.game.roll_outcomes
    return []


def player_actions(s: Position) -> list[Action]:
    """The legal actions of the deciding player (not at a chance node)."""
    p = s.active
    ph = s.phase
    gm = s.map
    if ph == "civ":
        return [Action("civ", (c,)) for c in s.content.civ_ids if c not in s.civ]
    assert gm is not None
    if ph == "city":
        return [Action("city", (t + 1,)) for t in start_spots(s)]
    if ph == "famine":
        out: list[Action] = [FEED] if s.pool[CAT_GOLD] > 0 else []
        c = s.content
        if c.upkeep_army:
            out += [Action("starve", ("army", t + 1)) for t in sorted(s.armies[p])]
        if c.upkeep_fleet:
            out += [Action("starve", ("fleet", t + 1)) for t in sorted(s.fleets[p])]
        if c.upkeep_city:
            out += [Action("starve", ("city", t + 1)) for t in range(gm.size) if s.owner[t] == p and s.settle[t] == 2]
        return out
    if ph == "battle":
        t = s.fight_t
        return [Action("fight", (str(s.civ[q]),)) for q in s.enemies_at(t, p)] if s.frames else []
    if ph == "research":
        return [BUY, DONE] if sum(s.pool) >= research_cost(s) else [DONE]
    if s.frames:
        f = s.frames[-1]
        if isinstance(f, MonumentPayment):
            avail = payment_left(s, f)
            return [Action("pay", (CATEGORIES[c],)) for c in range(6) if avail[c] > 0] + [CANCEL]
        assert isinstance(f, MoveUnit)
        kind, src = f.unit, f.source
        out = []
        many = movable(s, p, kind, src) > 1
        for d in reachable(s, p, kind, src):
            out.append(Action("to", (d + 1,)))
            if many:
                out.append(Action("to", (d + 1, "all")))
        out.append(CANCEL)
        return out
    out = phase_actions(s, ph, p)
    out.append(DONE)
    return out


def phase_actions(s: Position, ph: str, p: int) -> list[Action]:
    """What ``p`` can do in the optional phase ``ph`` besides ``done`` (empty: skip the phase)."""
    gm = s.map
    assert gm is not None
    out: list[Action] = []
    if ph == "build":
        if s.monuments(p) < s.monument_limit(p):
            out = [Action("monument", (t + 1,)) for t in range(gm.size) if can_build_monument(s, p, t)]
    elif ph == "upgrade":
        if afford_fixed(s.pool, s.content.city_cost) is not None:
            out = [Action("upgrade", (t + 1,)) for t in range(gm.size) if s.owner[t] == p and s.settle[t] == 1]
    elif ph == "settle":
        if can_afford_village(s):
            out = [Action("village", (t + 1,)) for t in village_spots(s, p)]
    elif ph == "move":
        sets = enemy_sets(s, p)
        for t in sorted(s.armies[p]):
            if movable(s, p, "army", t) > 0 and can_move(s, p, "army", t, sets):
                out.append(Action("unit", ("army", t + 1)))
        for t in sorted(s.fleets[p]):
            if movable(s, p, "fleet", t) > 0 and can_move(s, p, "fleet", t, sets):
                out.append(Action("unit", ("fleet", t + 1)))
    elif ph == "recruit":
        if recruit_room(s, p):
            if afford_fixed(s.pool, s.content.army_cost) is not None:
                out += [Action("recruit", ("army", t + 1)) for t in range(gm.size)
                        if s.owner[t] == p and s.settle[t] == 2]
            if afford_fixed(s.pool, s.content.fleet_cost) is not None:
                out += [Action("recruit", ("fleet", t + 1)) for t in fleet_spots(s, p)]
    return out
