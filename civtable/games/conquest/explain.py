"""Why an action is not legal now, in plain words.

Rulebook topic: every rule a player can run into — the wrong phase, a territory that is not
theirs, a cost they cannot pay (with what they have), the Monument and unit limits, how far units
move. Depends on the state; the state never imports it (``game.py`` wires it in).
"""

from __future__ import annotations

from civtable.core import Action, Reason

from .content import CATEGORIES, T_RELIGION
from .frames import MoveUnit
from .movement import movable
from .recruit import fleet_spots, recruit_room
from .research import research_cost
from .settling import village_spots
from .state import ConquestState


def why_illegal(s: ConquestState, action: Action, player: int) -> str:
    """Why ``action`` is not legal for ``player`` now, in plain words (a :class:`Reason` when
    the words end with how to type what can be played now)."""
    kind, args = action.kind, action.args
    ph = s.phase
    known = {
        "civ": 1, "city": 1, "starve": 2, "monument": 1, "pay": 1, "upgrade": 1, "village": 1,
        "unit": 2, "to": (1, 2), "fight": 1, "recruit": 2, "buy": 0, "done": 0, "cancel": 0, "feed": 0,
    }
    if kind not in known:
        return _hinted(s, f"there is no Conquest action '{kind}'")
    n = known[kind]
    if (isinstance(n, int) and len(args) != n) or (isinstance(n, tuple) and len(args) not in n):
        return _hinted(s, f"that has the wrong number of words: '{action.text()}'")
    shapes = {
        "civ": "w", "city": "n", "starve": "wn", "monument": "n", "pay": "w", "upgrade": "n",
        "village": "n", "unit": "wn", "to": "nw", "fight": "w", "recruit": "wn",
    }
    for i, a in enumerate(args):
        want = shapes.get(kind, "")[i : i + 1]
        if (want == "n") != isinstance(a, int):
            example = {
                "civ": "civ romans", "city": "city 12", "starve": "starve army 12", "monument": "monument 12",
                "pay": "pay food", "upgrade": "upgrade 12", "village": "village 12", "unit": "unit army 12",
                "to": "to 12 (or: to 12 all)", "fight": "fight romans", "recruit": "recruit army 12",
            }[kind]
            return Reason(f"that is not understood: '{action.text()}'", f"; write it like '{example}'")
    gm = s.map
    tnum = next((a for a in args if isinstance(a, int)), None)
    if tnum is not None and gm is not None and not 1 <= tnum <= gm.size:
        return f"there is no territory {tnum}; territories are numbered 1 to {gm.size}"
    p = player
    phase_of = {
        "civ": ("civ",), "city": ("city",), "starve": ("famine",), "feed": ("famine",), "monument": ("build",), "pay": ("build",),
        "upgrade": ("upgrade",), "village": ("settle",), "unit": ("move",), "to": ("move",),
        "fight": ("battle",), "recruit": ("recruit",), "buy": ("research",),
    }
    if kind in phase_of and ph not in phase_of[kind]:
        return _hinted(s, f"the {ph} phase has no '{kind}'")
    if s.frames and kind not in ("pay", "to", "cancel", "fight"):
        return Reason("finish the current choice first", f" (or 'cancel'); {_hint(s)}")
    if not s.frames and kind in ("pay", "to", "cancel"):
        return _hinted(s, f"there is no pending choice to {'cancel' if kind == 'cancel' else 'answer'}")
    t = (tnum - 1) if isinstance(tnum, int) else -1
    c = s.content
    if kind == "civ":
        cid = args[0]
        if cid not in c.civ_ids:
            return f"there is no civilization {cid!r}; choose from {', '.join(c.civ_ids)}"
        return f"the {c.civ(str(cid)).name} are already taken"
    if kind == "city" and gm is not None:
        if not gm.land[t]:
            return f"territory {t + 1} is Sea; a City must be on Land"
        if s.settle[t]:
            return f"territory {t + 1} already holds a City"
        return f"territory {t + 1} is within {c.start_city_distance - 1} spaces of another City"
    if kind == "feed":
        return "you have no Gold left to feed with"
    if kind == "starve":
        if args[0] not in ("army", "fleet", "city"):
            return Reason("only an Army, a Fleet or a City can be left unfed", " ('starve army T', 'starve fleet T' or 'starve city T')",
                          "say 'starve army T', 'starve fleet T' or 'starve city T'")
        return f"you have no {args[0]} in territory {t + 1} to leave unfed"
    if kind == "monument":
        if s.owner[t] != p or s.settle[t] != 2:
            return f"territory {t + 1} is not one of your Cities; Monuments are built in your Cities"
        if s.monuments(p) >= s.monument_limit(p):
            return (f"you control {s.monuments(p)} Monuments, the most 1 + Religion "
                    f"{s.level[p][T_RELIGION]} allows")
        return (f"a Monument there costs 2 Food, 1 Stone and {s.monu[t]} more resource(s) of any kind; "
                f"you have {_pool_text(s)}")
    if kind == "pay":
        if args[0] not in CATEGORIES:
            return f"there is no resource '{args[0]}'; resources: {', '.join(CATEGORIES)}"
        return f"you have no {args[0]} left to pay with"
    if kind == "upgrade":
        if s.owner[t] != p or s.settle[t] != 1:
            return f"territory {t + 1} is not one of your Villages"
        return f"a City costs 2 Luxuries and 1 Stone (Gold may stand in); you have {_pool_text(s)}"
    if kind == "village" and gm is not None:
        if not gm.land[t]:
            return f"territory {t + 1} is Sea; Villages go on Land"
        if s.settle[t]:
            return f"territory {t + 1} already holds a settlement"
        if s.enemy_units(t, p):
            return f"territory {t + 1} holds enemy units"
        if t not in village_spots(s, p):
            return f"territory {t + 1} is not next to one of your Cities, Villages or Fleets"
        return f"an extra Village costs 1 Food or Luxury and 1 Wood or Stone; you have {_pool_text(s)}"
    if kind == "unit":
        if args[0] not in ("army", "fleet"):
            return Reason("only Armies and Fleets move", " ('unit army T' or 'unit fleet T')", "say 'unit army T' or 'unit fleet T'")
        if movable(s, p, str(args[0]), t) <= 0:
            return f"you have no {args[0]} in territory {t + 1} that has not moved yet"
        return f"the {args[0]} in territory {t + 1} has nowhere to go"
    if kind == "to":
        f = s.frames[-1]
        if len(args) == 2 and args[1] != "all":
            return Reason("units move one at a time or all together", " ('to T' or 'to T all')",
                          "say 'to T' to move one unit or 'to T all' to move every unit there")
        unit = f.unit if isinstance(f, MoveUnit) else "unit"
        limit = c.army_move if unit == "army" else c.fleet_move
        units = "armies" if unit == "army" else f"{unit}s"
        return (f"the {unit} cannot reach territory {t + 1}: {units} move up to {limit} spaces, "
                + ("on Land (own Fleets carry them across Sea)" if unit == "army" else "on Sea only")
                + ", and cannot pass through enemy-held spaces")
    if kind == "fight":
        return f"there is no enemy civilization '{args[0]}' in territory {s.fight_t + 1}"
    if kind == "recruit":
        if args[0] not in ("army", "fleet"):
            return Reason("only Armies and Fleets are recruited", " ('recruit army T' or 'recruit fleet T')",
                          "say 'recruit army T' or 'recruit fleet T'")
        if not recruit_room(s, p):
            return f"you reached your unit limit of {s.unit_limit(p)} (1 + Government + Cities)"
        if args[0] == "army":
            if s.owner[t] != p or s.settle[t] != 2:
                return f"Armies start in your Cities; territory {t + 1} is not one"
            return f"an Army costs 1 Iron (Gold may stand in); you have {_pool_text(s)}"
        if t not in fleet_spots(s, p):
            return f"Fleets start in a Sea space next to one of your Cities, free of enemy units; not territory {t + 1}"
        return f"a Fleet costs 1 Wood (Gold may stand in); you have {_pool_text(s)}"
    if kind == "buy":
        return f"the next extra roll costs {research_cost(s)} resources; you have {sum(s.pool)}"
    return _hinted(s, f"that is not possible now: '{action.text()}'")

def _hinted(s: ConquestState, plain: str) -> Reason:
    """``plain``, and for the terminal what can be typed now after it."""
    return Reason(plain, f"; {_hint(s)}")


def _hint(s: ConquestState) -> str:
    """What can be typed now: one legal action of each kind, as it is typed ('civ romans',
    'done'), rather than the bare kind words."""
    acts = s.legal_actions(s.decision().players[0]) if s.decision().players else []
    examples: dict[str, str] = {}
    for a in acts:
        examples.setdefault(a.kind, a.text().replace("_", " "))  # ids as words
    said = [f"'{t}'" for t in examples.values()]
    if not said:
        return "nothing can be played now"
    return "now you can play, for example, " + (", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0])

def _pool_text(s: ConquestState) -> str:
    return ", ".join(f"{n} {CATEGORIES[c]}" for c, n in enumerate(s.pool) if n) or "nothing"
