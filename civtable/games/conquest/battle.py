"""Phase 7: Battle.

Rulebook topic: wherever the active player's units share a space with enemy units or an enemy
settlement there is a battle. The attacker and the defender each roll 1D8 and add Military on
Land or Nautical at Sea (A-21); the higher total wins, ties go to the defender; the loser loses
one unit (A-15). A settlement without defenders rolls as one unit and is captured when beaten,
Monuments and all (A-17, A-18; with ``settlement_defense=falls`` it is captured at once).
Rounds repeat until one side is gone (A-16; one roll per enemy with ``battle_rounds=single``).
With several enemies in one space the attacker picks whom to fight first (the ``BattleOrder``
frame). The dice are the chance node ``battle <attacker d8> <defender d8>``.
"""

from __future__ import annotations

from typing import Any

from . import story
from .content import T_MILITARY, T_NAUTICAL
from .frames import BattleOrder
from .position import Position


def battle_bonus(s: Position, p: int, t: int) -> int:
    """Battle bonus of ``p`` in ``t``: Military on Land, Nautical at Sea."""
    gm = s.map
    assert gm is not None
    return s.level[p][T_MILITARY] if gm.land[t] else s.level[p][T_NAUTICAL]


def begin_battles(s: Position) -> bool:
    """List the spaces where the active player fights; True if a fight (dice or a choice of
    enemy) is waiting, False if there is nothing to fight."""
    p = s.active
    s.phase = "battle"
    mine = set(s.armies[p]) | set(s.fleets[p])
    s.battles = sorted(t for t in mine if s.enemies_at(t, p))
    s.fought = []
    s.fight_t = -1
    s.fight_def = -1
    return next_battle(s)


def next_battle(s: Position) -> bool:
    """Set up the next fight of this Battle phase; False when none is left."""
    p = s.active
    gm = s.map
    assert gm is not None
    single = s.game.options["battle_rounds"] == "single"
    while s.battles:
        t = s.battles[0]
        mine = s.armies[p] if gm.land[t] else s.fleets[p]
        enemies = [q for q in s.enemies_at(t, p) if q not in s.fought] if t in mine else []
        if not enemies:
            s.battles.pop(0)
            s.fought = []
            s.fight_t = -1
            s.fight_def = -1
            continue
        s.fight_t = t
        if len(enemies) > 1 and not single:
            s.frames.append(BattleOrder(t))
            return True
        if begin_fight(s, enemies[0]):
            return True
    s.fight_t = -1
    s.fight_def = -1
    return False


def begin_fight(s: Position, q: int) -> bool:
    """Start the fight against ``q`` at ``fight_t``; True if dice must be rolled."""
    s.fight_def = q
    if s.game.options["battle_rounds"] == "single":
        s.fought.append(q)
    t = s.fight_t
    gm = s.map
    assert gm is not None
    dunits = s.armies[q] if gm.land[t] else s.fleets[q]
    if t not in dunits and s.game.options["settlement_defense"] == "falls":
        if s.owner[t] == q and s.settle[t]:
            s.owner[t] = s.active
            s.last = {"battle": t + 1, "attacker": s.active, "defender": q,
                      "result": "settlement captured without a fight"}
            story.captured(s, t, s.active, q, fought=False)
        s.fight_def = -1
        return False
    return True


def fight_first(s: Position, q: int) -> bool:
    """The attacker chose to fight ``q`` first; False when the Battle phase is over."""
    s.frames.pop()
    return begin_fight(s, q) or next_battle(s)


def battle_roll(s: Position, a: int, d: int) -> bool:
    """One round of dice (attacker ``a``, defender ``d``); False when the Battle phase is over."""
    p = s.active
    t, q = s.fight_t, s.fight_def
    gm = s.map
    assert gm is not None
    land = gm.land[t]
    aunits = s.armies[p] if land else s.fleets[p]
    dunits = s.armies[q] if land else s.fleets[q]
    at = a + battle_bonus(s, p, t)
    dt = d + battle_bonus(s, q, t)
    vs_settlement = t not in dunits
    last: dict[str, Any] = {"battle": t + 1, "attacker": p, "defender": q, "dice": [a, d],
                            "totals": [at, dt], "vs": "settlement" if vs_settlement else "units"}
    if at > dt:
        if vs_settlement:
            s.owner[t] = p
            last["result"] = "settlement captured"
        else:
            dunits[t] -= 1
            if not dunits[t]:
                del dunits[t]
            last["result"] = "defender loses a unit"
    else:
        aunits[t] -= 1
        if not aunits[t]:
            del aunits[t]
        last["result"] = "attacker loses a unit" + (" (tie: the defender wins)" if at == dt else "")
    s.last = last
    outcome = "captured" if "captured" in last["result"] else last["result"].split()[0]
    story.battle_round(s, t, p, q, (a, d), (at, dt), outcome, vs_settlement)
    if outcome == "captured":
        story.captured(s, t, p, q, fought=True)
    if t not in aunits:
        story.battle_over(s, t, p, q)
        s.battles.pop(0)
        s.fought = []
        s.fight_t = -1
        s.fight_def = -1
    elif (t not in dunits and not (s.owner[t] == q and s.settle[t])) or (
        s.game.options["battle_rounds"] == "single"
    ):
        story.battle_over(s, t, p, q)
        s.fight_def = -1
    elif begin_fight(s, q):
        return True  # the same fight goes on: roll again
    return next_battle(s)
