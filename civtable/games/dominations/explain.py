"""Plain-language prompts and reasons why a Dominations action is not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action, Reason

from .content import COLOUR_INDEX, COLOURS, DOMAINS
from .places import named_action

if TYPE_CHECKING:
    from .state import DominationsState


_KINDS = {
    "grow": ("place", "reactivate", "convert"), "farmer": ("place", "pass", "convert"),
    "source": ("edge", "locus", "all_edges"), "vestige": ("vest",),
    "build": ("city", "upgrade", "monument", "pass", "convert"), "site": ("site",),
    "develop": ("develop", "advance", "pass", "convert"), "assimilate": ("assimilate", "flip", "pass"),
    "governor": ("first",), "discard": ("discard", "keep"), "secret": ("choose",),
}


def _hint(s: DominationsState, player: int) -> str:
    """What can be typed now: one legal action of each kind, places named as on the board."""
    examples: dict[str, str] = {}
    for act in s.legal_actions(player) if player in s.decision().players else []:
        examples.setdefault(act.kind, named_action(act.text()).replace("_", " "))  # ids as words
    said = [f"'{t}'" for t in examples.values()]
    if not said:
        return "nothing can be played now"
    return "now you can type, for example, " + (", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0])


def _hinted(s: DominationsState, player: int, plain: str) -> Reason:
    """``plain``, and for an action typed what can be typed now after it (a new sentence after
    a question: "who plays next? Now you can type ...")."""
    hint = _hint(s, player)
    return Reason(plain, f" {hint[0].upper()}{hint[1:]}" if plain.endswith("?") else f"; {hint}")


def explain(s: DominationsState, a: Action, player: int) -> str:
    d = s.decision()
    kinds = _KINDS.get(d.kind, ())
    if a.kind not in kinds:  # the page shows the sentence; a typed action also hears how to type one now
        return _hinted(s, player, f"that is not possible now: {d.prompt or d.kind}")
    p = s.players[player]
    c = s.c
    try:
        if a.kind == "place":
            if str(a.args[0]) not in c.tile_index or c.tile_index[str(a.args[0])] not in p.hand:
                return f"you have no Land tile {a.args[0]} in hand"
            if len(a.args) != 5 or int(a.args[3]) not in (0, 1) or int(a.args[4]) not in (0, 1, 2):
                hint = ("say place TILE SPACE ROTATION, the space named as on the board (place t4 M20 1) "
                        "or as I J O with O 0 (up) or 1 (down), and ROTATION 0-2")
                return Reason("that is not a space of the land, or not a way to turn a tile", f" ({hint})", hint)
            return "a tile goes on an empty space sharing a full edge with the Cradle or a placed tile"
        if a.kind == "convert":
            x, y = str(a.args[0]), str(a.args[1])
            if x not in COLOUR_INDEX or y not in COLOUR_INDEX or x == y:
                return "the Campfire turns 2 Knowledge of one colour into 1 of another colour"
            return f"you need 2 {DOMAINS[COLOUR_INDEX[x]]} Knowledge to exchange (you have {p.stock[COLOUR_INDEX[x]]})"
        if a.kind in ("city", "upgrade"):
            return "a City needs a free Camp (no City, no Monument) and its cost in that Camp's colour; " \
                   "upgrades are one level at a time, to Level 3 at most, on your own Cities, and use a City token"
        if a.kind in ("develop", "assimilate"):
            ident = str(a.args[0])
            if ident not in c.mastery_index:
                return f"there is no Mastery called {ident!r}"
            m = c.masteries[c.mastery_index[ident]]
            if c.mastery_index[ident] in p.owned:
                return f"you already have {m.name} (Rule of 1)"
            if a.kind == "develop" and p.stock[m.colour] < m.value:
                return f"{m.name} costs {m.value} {DOMAINS[m.colour]} Knowledge (you have {p.stock[m.colour]})"
            return f"{m.name} cannot go there: it must touch your Tree and form a full Nodus on every shared side " \
                   "(Vestigium joins any colour but not Vestigium; Corruptio joins nothing), with a copy left and its prerequisite met"
        if a.kind in ("advance", "flip"):
            return "you can only turn an owned basic Mastery to Advanced, paying its upgrade cost"
        if a.kind == "monument":
            return "Monument Levels are bought in order, paid in the Knowledge printed on them, and join your Tree like a Mastery"
        if a.kind == "vest":
            return f"choose one of the Domains: {', '.join(COLOURS)}"
        if a.kind == "choose":
            return "choose one of your own 2 Objectives and one of your own 2 Monuments"
        if a.kind == "discard":
            return f"you have no Land tile {a.args[0]} in hand"
        if a.kind == "first":
            return "choose a seat not yet placed on the Initiative track (seats are numbered from 1)"
    except (IndexError, ValueError, KeyError):
        pass
    return _hinted(s, player, f"that is not legal now: {d.prompt or d.kind}")
