"""The story of a Conquest game: its big moments and the running totals of the score sheet.

Rulebook topic: none; the rules call these as things happen, so the view can tell a newcomer
what just happened (``view["moments"]``: battles roll by roll, captures, famines, the winner)
and the end-of-game sheet can say where each player's VP came from. A moment is a small dict
``{"title", "lines", "round", "turn"}`` naming players "Player N"; the position keeps the last
:data:`KEEP` of them in an immutable tuple (copies share it). Both are story keys: saved with
the position, left out of its hash (``GameState.story_keys``), never read by the rules.
"""

from __future__ import annotations

import re
from typing import Any

from .position import Position

KEEP = 8
"""Moments kept (the page shows the newest, the terminal those a seat has not seen)."""
MAX_LINES = 10
"""Lines kept per moment (a long battle keeps its first rolls and its end)."""


def _who(s: Position, p: int) -> str:
    civ = s.civ[p] if 0 <= p < len(s.civ) else None
    name = s.game.seat_name(p)
    return f"{name} ({s.content.civ(civ).name})" if civ else name


def _where(s: Position, t: int) -> str:
    gm = s.map
    if gm is None:
        return f"territory {t + 1}"
    return f"territory {t + 1} ({s.content.resources[gm.resource[t]].name})"


def tell(s: Position, title: str, lines: list[str]) -> None:
    """Add a moment of the current round."""
    moment = {"title": title, "lines": lines[:MAX_LINES], "round": s.round, "turn": s.turns}
    s.moments = (*s.moments, moment)[-KEEP:]


def _same_battle(s: Position, key: str) -> dict[str, Any] | None:
    if s.moments and s.moments[-1].get("key") == key:
        return s.moments[-1]
    return None


def _longer(lines: list[str], line: str) -> list[str]:
    """``lines`` and ``line``; a long list keeps its first three lines, "…" and its end."""
    out = [*lines, line]
    if len(out) > MAX_LINES:
        out = [*out[:3], "…", *out[-(MAX_LINES - 4):]]
    return out


def _unit(s: Position, t: int) -> str:
    gm = s.map
    return "Army" if gm is None or gm.land[t] else "Fleet"


def rolled(die: int, total: int, land: bool) -> str:
    """A battle roll in words, its bonus named: "6 + Military 1 = 7" (Nautical at Sea)."""
    return f"{die} + {'Military' if land else 'Nautical'} {total - die} = {total}"


def battle_round(s: Position, t: int, p: int, q: int, dice: tuple[int, int], totals: tuple[int, int],
                 result: str, vs_settlement: bool) -> None:
    """One roll of a battle in ``t``: a line of the battle's moment (started by its first roll)."""
    key = f"battle:{s.turns}:{t}:{q}"
    unit = _unit(s, t)
    a, d = dice
    at, dt = totals
    defender = f"the {'City' if s.settle[t] == 2 else 'Village'}" if vs_settlement else s.game.seat_name(q)
    land = s.map is None or bool(s.map.land[t])
    line = f"{s.game.seat_name(p)} rolls {rolled(a, at, land)}, {defender} rolls {rolled(d, dt, land)}: "
    if result == "captured":
        line += f"the {'City' if s.settle[t] == 2 else 'Village'} falls"
    elif result == "defender":
        line += f"{s.game.seat_name(q)} loses {'an' if unit == 'Army' else 'a'} {unit}"
    else:
        line += f"{s.game.seat_name(p)} loses {'an' if unit == 'Army' else 'a'} {unit}" + (
            " (a tie goes to the defender)" if at == dt else "")
    old = _same_battle(s, key)
    if old is not None:
        s.moments = (*s.moments[:-1], {**old, "lines": _longer(old["lines"], line)})
        return
    title = f"Battle in {_where(s, t)}: {_who(s, p)} attacks {_who(s, q)}"
    moment = {"title": title, "lines": [line], "round": s.round, "turn": s.turns, "key": key}
    s.moments = (*s.moments, moment)[-KEEP:]


def captured(s: Position, t: int, p: int, q: int, fought: bool) -> None:
    """``p`` took ``q``'s settlement in ``t`` (with its Monuments)."""
    kind = "City" if s.settle[t] == 2 else "Village"
    monuments = s.monu[t]
    with_m = (" with its Monument" if monuments == 1 else f" with its {monuments} Monuments") if monuments else ""
    line = f"{s.game.seat_name(p)} captures the {kind} of {s.game.seat_name(q)} in {_where(s, t)}{with_m}."
    key = f"battle:{s.turns}:{t}:{q}"
    old = _same_battle(s, key)
    if fought and old is not None:
        s.moments = (*s.moments[:-1], {**old, "lines": _longer(old["lines"], line)})
        return
    tell(s, f"Capture in {_where(s, t)}", [line] if fought else [line, "The settlement had no defenders."])


def battle_over(s: Position, t: int, p: int, q: int) -> None:
    """The battle in ``t`` between ``p`` and ``q`` is decided: say how it stands."""
    key = f"battle:{s.turns}:{t}:{q}"
    old = _same_battle(s, key)
    if old is None:
        return
    gm = s.map
    assert gm is not None
    mine = (s.armies[p] if gm.land[t] else s.fleets[p]).get(t, 0)
    theirs = (s.armies[q] if gm.land[t] else s.fleets[q]).get(t, 0)
    unit = _unit(s, t)
    units = {"Army": "Armies", "Fleet": "Fleets"}[unit]
    if not mine:
        end = f"{s.game.seat_name(p)}'s attack is beaten off."
    elif s.owner[t] == p:
        end = f"{s.game.seat_name(p)} holds the territory with {mine} {unit if mine == 1 else units}."
    elif not theirs:
        end = f"{s.game.seat_name(q)} has no {units} left there."
    else:
        end = f"Both sides stay: {mine} against {theirs}."
    s.moments = (*s.moments[:-1], {**old, "lines": _longer(old["lines"], end)})


def _one_more(lines: list[str], who: str, kind: str, where: str) -> list[str] | None:
    """The famine's lines with one more unit of ``kind`` lost in ``where``, counted on the line
    that already tells that territory's losses ("loses 3 Fleets in …"); ``None`` without one."""
    one, many = {"army": ("an Army", "Armies"), "fleet": ("a Fleet", "Fleets")}[kind]
    said = re.compile(rf"^{re.escape(who)} loses (?:{one}|(\d+) {many}) in {re.escape(where)}\.$")
    for i, line in enumerate(lines):
        m = said.match(line)
        if m:
            return [*lines[:i], f"{who} loses {int(m[1] or 1) + 1} {many} in {where}.", *lines[i + 1:]]
    return None


def famine(s: Position, kind: str, t: int) -> None:
    """A unit or a City of the active player went unfed."""
    p = s.active
    what = {"army": "an Army", "fleet": "a Fleet"}.get(kind, "a City")
    line = (f"The City in {_where(s, t)} becomes a Village (its Monuments stay)." if kind == "city"
            else f"{s.game.seat_name(p)} loses {what} in {_where(s, t)}.")
    key = f"famine:{s.turns}"
    old = s.moments[-1] if s.moments and s.moments[-1].get("key") == key else None
    if old is not None:
        counted = _one_more(old["lines"], s.game.seat_name(p), kind, _where(s, t)) if kind != "city" else None
        s.moments = (*s.moments[:-1], {**old, "lines": counted or _longer(old["lines"], line)})
        return
    moment = {"title": f"Famine: {_who(s, p)} cannot feed everyone", "lines": [line], "round": s.round, "turn": s.turns,
              "key": key}
    s.moments = (*s.moments, moment)[-KEEP:]


def scored(s: Position, p: int, monuments: int, arts: int) -> None:
    """``p`` scored ``monuments`` VP for Monuments and ``arts`` for Arts this turn."""
    m, a = s.scored[p]
    s.scored = [*s.scored[:p], (m + monuments, a + arts), *s.scored[p + 1:]]


def winner(s: Position, p: int) -> None:
    tell(s, f"{_who(s, p)} wins with {s.vp[p]} VP",
         [f"{s.game.seat_name(q)}: {s.vp[q]} VP" for q in sorted(range(len(s.vp)), key=lambda x: -s.vp[x])])


def public(moments: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The moments as the view shows them (without their bookkeeping keys), each with the turn it
    happened in (``turn``: the game's count of finished turns then; the view's ``turns`` is now's)
    when it was told by a version that counted it."""
    return [{"title": m["title"], "lines": list(m["lines"]), "round": m["round"],
             **({"turn": m["turn"]} if "turn" in m else {})} for m in moments]
