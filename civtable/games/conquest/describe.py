"""Log sentences: what an action does, told with names (players, civilizations, resources).

Rulebook topic: none of its own; it words every action of every phase, dice included, as it is
about to be applied. Depends on the state; the state never imports it (``game.py`` wires it in).
"""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action

from .battle import battle_bonus
from .frames import MonumentPayment, MoveUnit
from .movement import movable
from .narrate import battle_outcome
from .research import research_cost
from .state import ConquestState
from .story import rolled


def describe(s: ConquestState, player: int, action: Action) -> str:
    """The log sentence for ``player`` taking ``action`` in ``s`` (before it is applied)."""
    g = s.game
    kind, args = action.kind, action.args
    if player == CHANCE and kind == "resume":  # play going on after a held move: nothing to tell
        return ""
    if player == CHANCE:
        if kind == "map":
            return f"The map is drawn (seed {args[0]})."
        if kind == "civ":
            return f"{g.seat_name(s.active)} is dealt the {s.content.civ(str(args[0])).name}."
        if kind == "battle":
            t, q = s.fight_t, s.fight_def
            if t >= 0 and q >= 0 and s.map is not None:
                a, d = int(args[0]), int(args[1])
                ab, db = battle_bonus(s, s.active, t), battle_bonus(s, q, t)
                where = f"territory {t + 1} ({s.content.resources[s.map.resource[t]].name})"
                land = bool(s.map.land[t])
                rolls = (f"Battle in {where}: {g.seat_name(s.active)} rolls {rolled(a, a + ab, land)}, "
                         f"{g.seat_name(q)} rolls {rolled(d, d + db, land)}")
                outcome = battle_outcome(s, action)  # one sentence, so that the roll is told with what it did
                return f"{rolls}, so {outcome}" if outcome else f"{rolls}."
            return f"Battle dice: {args[0]} against {args[1]}."
        if kind == "roll":
            n = int(args[0])
            tr = s.content.research_table[n - 1] if 1 <= n <= len(s.content.research_table) else None
            name = s.content.traits[tr].name if tr is not None else "?"
            return f"{g.seat_name(s.active)} rolls {n} on the Research table: +1 {name}."
        return f"Chance: {action.text()}"
    who = g.seat_name(player)
    civ = s.civ[player] if 0 <= player < len(s.civ) else None
    if civ:
        who = f"{who} ({s.content.civ(civ).name})"

    def terr(x: Any) -> str:
        if s.map is None or not isinstance(x, int) or not 1 <= x <= s.map.size:
            return f"territory {x}"
        t = x - 1
        return f"territory {x} ({s.content.resources[s.map.resource[t]].name})"

    if kind == "civ":
        return f"{g.seat_name(player)} picks the {s.content.civ(str(args[0])).name}." if args and args[0] in s.content.civ_ids else f"{who}: {action.text()}"
    table = {
        "city": lambda: f"{who} founds a starting City in {terr(args[0])}.",
        "starve": lambda: f"{who} leaves the {_UNIT.get(str(args[0]), args[0])} in {terr(args[1])} unfed.",
        "feed": lambda: f"{who} feeds with 1 Gold.",
        "monument": lambda: f"{who} builds a Monument in {terr(args[0])}.",
        "pay": lambda: f"{who} pays 1 {args[0]}.",
        "upgrade": lambda: f"{who} turns the Village in {terr(args[0])} into a City.",
        "village": lambda: f"{who} places a Village in {terr(args[0])}.",
        "unit": lambda: f"{who} picks the {_UNIT.get(str(args[0]), args[0])} in {terr(args[1])} to move.",
        "to": lambda: f"{who} moves {_moving_text(s, len(args) > 1)} to {terr(args[0])}.",
        "fight": lambda: f"{who} attacks the {s.content.civ(str(args[0])).name} first.",
        "recruit": lambda: f"{who} recruits {'an Army' if args[0] == 'army' else 'a Fleet'} in {terr(args[1])}.",
        "buy": lambda: f"{who} buys an extra research roll for {_count(research_cost(s), 'resource')}.",
        "done": lambda: f"{who} ends the {s.phase} phase.",
        "cancel": lambda: _cancel_text(s, who, terr),
    }
    if kind in table:
        try:
            return table[kind]()
        except (IndexError, ValueError, KeyError):
            pass
    return f"{who}: {action.text()}"

_UNIT = {"army": "Army", "fleet": "Fleet", "city": "City"}
"""A unit's or a settlement's name as the rules write it (the actions say "army")."""


def _moving_text(s: ConquestState, every: bool) -> str:
    f = s.frames[-1] if s.frames else None
    if not isinstance(f, MoveUnit):
        return "units"
    kind, src = f.unit, f.source
    if every:
        n = movable(s, s.active, kind, src)
        return f"{n} {'Armies' if kind == 'army' else 'Fleets'} from territory {src + 1}"
    return f"an Army from territory {src + 1}" if kind == "army" else f"a Fleet from territory {src + 1}"


def _cancel_text(s: ConquestState, who: str, terr: Any) -> str:
    """What a cancel gives up: the unit picked to move stays, or the Monument is not built."""
    f = s.frames[-1] if s.frames else None
    if isinstance(f, MoveUnit):
        return f"{who} leaves the {'Army' if f.unit == 'army' else 'Fleet'} in {terr(f.source + 1)} where it is."
    if isinstance(f, MonumentPayment):
        return f"{who} gives up the Monument in {terr(f.territory + 1)}."
    return f"{who} cancels the choice."


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
