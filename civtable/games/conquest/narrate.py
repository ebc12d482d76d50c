"""Conquest's story for the log, beyond the action itself: battles and captures, the Score phase,
and the production and upkeep that start the next player's turn. Computed by applying the action
to a copy of the state and comparing, so the sentences always agree with the rules."""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _pool_text(state: Any) -> str:
    names = state.content.category_names
    parts = [f"{n} {names[i]}" for i, n in enumerate(state.pool) if n]
    return ", ".join(parts) if parts else "nothing"


def battle_outcome(state: Any, action: Action) -> str:
    """Who wins the battle roll ``action`` in ``state``, what is lost and how the territory stands
    after it ("Player 2 wins: Player 1 loses an Army; the battle goes on."); '' if it is no roll."""
    after = state.game.state_from_json(state.to_json())  # an independent copy
    try:
        after.apply_unchecked(action, CHANCE)
    except (KeyError, IndexError, ValueError, TypeError, AssertionError):
        return ""
    last = after.last
    if not last or "dice" not in last or last == state.last:
        return ""
    return _battle_outcome(state, after, last)


def _battle_outcome(state: Any, after: Any, last: dict[str, Any]) -> str:
    """Who won one roll of a battle, what was lost and how the territory stands after it."""
    name = state.game.seat_name
    t = int(last["battle"]) - 1
    a, d = int(last["attacker"]), int(last["defender"])
    result = str(last.get("result", ""))
    land = state.map.land[t]
    unit, units = ("Army", "Armies") if land else ("Fleet", "Fleets")
    one = "an Army" if land else "a Fleet"
    where = f"territory {t + 1}"
    kind = "City" if after.settle[t] == 2 else "Village"
    goes_on = "the battle goes on" if after.fight_t == t and after.fight_def == d else "both sides stay"
    if "captured" in result:
        how = " without a fight" if "without" in result else ""
        return f"{name(a)} wins: the {kind} of {name(d)} falls and {name(a)} takes {where}{how}."
    if result.startswith("defender"):
        left = (after.armies[d] if land else after.fleets[d]).get(t, 0)
        text = f"{name(a)} wins: {name(d)} loses {one}"
        if left:
            return f"{text} ({left} {unit if left == 1 else units} left); {goes_on}."
        if after.owner[t] == d and after.settle[t]:
            return f"{text}; the {kind} of {name(d)} still stands in {where}."
        return f"{text}; {name(a)} holds {where}."
    tie = " (a tie goes to the defender)" if "tie" in result else ""
    left = (after.armies[a] if land else after.fleets[a]).get(t, 0)
    text = f"{name(d)} wins{tie}: {name(a)} loses {one}"
    if left:
        return f"{text} ({left} {unit if left == 1 else units} left); {goes_on}."
    keeps = f"; {where} stays with {name(d)}" if after.owner[t] == d and after.settle[t] else ""
    return f"{text}; the attack is beaten off{keeps}."


def _battle_text(state: Any, last: dict[str, Any], short: bool) -> str:
    name = state.game.seat_name
    t = last.get("battle")
    a, d = last.get("attacker"), last.get("defender")
    result = str(last.get("result", ""))
    if "dice" in last and "totals" in last:
        (ra, rd), (ta, td) = last["dice"], last["totals"]
        rolls = f"{name(a)} {ra}+{ta - ra}={ta} against {name(d)} {rd}+{td - rd}={td}"
    else:
        rolls = f"{name(a)} against {name(d)}"
    if "captured" in result:
        outcome = f"{name(a)} captures the settlement of {name(d)}"
        if "without" in result:
            outcome += " without a fight"
    elif result.startswith("defender"):
        outcome = f"{name(d)} loses a unit"
    elif result.startswith("attacker"):
        outcome = f"{name(a)} loses a unit" + (" (a tie goes to the defender)" if "tie" in result else "")
    else:
        outcome = result
    if short:  # the dice are already in the action's own sentence
        return f"{outcome[0].upper()}{outcome[1:]}."
    return f"Battle in territory {t}: {rolls} — {outcome}."


# actions that can end a battle, a phase or a turn (the rest only change their own frame)
_SETS_OFF = {"done", "battle", "roll", "fight", "starve", "feed", "buy", "recruit", "cancel", "to"}


def narrate(state: Any, player: int, action: Action) -> str:
    """Sentences about what the action set off; '' when nothing beyond the action happened."""
    if state.phase == "over" or state.map is None:
        return ""
    if action.kind not in _SETS_OFF:
        return ""
    after = state.game.state_from_json(state.to_json())  # an independent copy
    try:
        after.apply_unchecked(action, player)
    except (KeyError, IndexError, ValueError, TypeError, AssertionError):
        return ""
    out = []
    if after.last is not None and after.last != state.last and "battle" in after.last:
        if action.kind != "battle" or "dice" not in after.last:  # a roll's sentence tells its outcome itself
            out.append(_battle_text(state, after.last, short=action.kind == "battle"))
    name = state.game.seat_name
    ender = state.active
    if after.turns != state.turns or after.phase == "over":
        gained = after.vp[ender] - state.vp[ender]
        if gained:
            ids = [t.id for t in state.content.traits]
            arts = after.level[ender][ids.index("arts")] if "arts" in ids else 0
            monuments = _count(after.monuments(ender), "Monument", "Monuments")
            out.append(f"{name(ender)} scores {gained} VP ({monuments} + Arts {arts}), now {after.vp[ender]} VP.")
    if after.turns != state.turns and after.phase != "over":
        p = after.active
        units = sum(after.armies[p].values()) + sum(after.fleets[p].values())
        cities = after.cities(p)
        c = state.content
        upkeep = (c.upkeep_army * sum(after.armies[p].values()) + c.upkeep_fleet * sum(after.fleets[p].values())
                  + c.upkeep_city * cities)
        famine = " — not enough Food: a famine" if after.phase == "famine" else ""
        out.append(f"{name(p)}'s turn: production, then upkeep of {upkeep} ({_count(units, 'unit', 'units')}, {_count(cities, 'city', 'cities')}), "
                   f"leaves {_pool_text(after)}{famine}.")
    return " ".join(out)
