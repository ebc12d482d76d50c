"""Log sentences for Dominations actions (written before the action is applied)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from civtable.core import CHANCE, Action

from .content import COLOUR_INDEX, DOMAINS
from .frames import Assimilate, Build, Deal, Develop, Discard, Farmer, Order, Source
from .geometry import neighbour
from .grow import CRADLE
from .places import cell_name, point_name

if TYPE_CHECKING:
    from .state import DominationsState


def _dom(word: object) -> str:
    return DOMAINS[COLOUR_INDEX[str(word)]]


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a Trade", "an Art"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


_DRAWS = re.compile(r"^(?P<who>.+) draws (?P<n>a|an|\d+) (?P<what>Land tile|Objective card|Monument card)s?\.$")


def fold_draws(earlier: str, later: str) -> str | None:
    """Two consecutive draws of one seat and one kind as one line: "Player 1 draws a Land tile."
    and "Player 1 draws 2 Land tiles." read "Player 1 draws 3 Land tiles."; else ``None``."""
    a, b = _DRAWS.match(earlier), _DRAWS.match(later)
    if a is None or b is None or a["who"] != b["who"] or a["what"] != b["what"]:
        return None
    n = sum(1 if m["n"] in ("a", "an") else int(m["n"]) for m in (a, b))
    return f"{a['who']} draws {n} {a['what']}s."


def _knowledge(counts: list[int]) -> str:
    return ", ".join(f"{n} {DOMAINS[k]}" for k, n in enumerate(counts) if n > 0)


def gains(s: DominationsState, player: int, a: Action) -> list[list[int]] | None:
    """The Knowledge each player gains by ``player`` playing ``a`` (per seat, per Domain), on a
    copy of the state; ``None`` when nobody gains any (or ``a`` is not playable here)."""
    after = s.clone()
    try:
        after.apply_unchecked(a, player)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError, AssertionError):  # not playable here
        return None
    gained = [[max(0, n - m) for n, m in zip(q.stock, p.stock, strict=True)] for q, p in zip(after.players, s.players, strict=True)]
    return gained if any(any(g) for g in gained) else None


def brings(s: DominationsState, player: int, a: Action) -> str:
    """What ``a`` brings ``player`` in a few words for its button ("2 Trade, 1 Art"; "nothing"
    when only others' Cities Produce), or "" when nobody gains anything by it."""
    gained = gains(s, player, a)
    if gained is None:
        return ""
    return _knowledge(gained[player]) or "nothing"


def produced(s: DominationsState, player: int, a: Action, lead: str = "") -> str:
    """What the placement (or the choice finishing it) brings, told after its sentence: ": it
    brings 2 Trade, 1 Art; Player 1's Cities Produce 1 Science for them" — the Knowledge each
    player holds after the action against before it, on a copy of the state (the rules' own
    arithmetic: Production, activated Cities, Gains, limits). Empty while a choice of the seat
    (the edge to score, Vestigium to assign) still stands between the tile and its Knowledge."""
    gained = gains(s, player, a)
    if gained is None:
        return ""
    mine = f": {lead}it brings {_knowledge(gained[player])}" if any(gained[player]) else f": {lead}it brings nothing"
    others = [f"{s.game.seat_name(q)}'s Cities Produce {_knowledge(g)} for them" for q, g in enumerate(gained)
              if q != player and any(g)]
    return "; ".join([mine, *others])


def describe(s: DominationsState, player: int, a: Action) -> str:
    c = s.c
    top = s.stack[-1] if s.stack else None
    name = s.game.seat_name
    who = "Chance" if player == CHANCE else name(player)
    k = a.kind
    if player == CHANCE and k == "resume":  # play going on after a held move: nothing to tell
        return ""
    try:
        if isinstance(top, Deal):
            what = {"tile": "a Land tile", "objective": "an Objective card", "monument": "a Monument card"}[top.what]
            return f"{name(top.seat)} draws {what}."
        if isinstance(top, Order):
            return f"{name(int(a.args[0]) - 1)} takes place {len(top.placed) + 1} on the Initiative track."
        if k == "choose":
            return f"{who} has chosen an Objective and a Monument."
        if k == "place":
            t = c.tiles[c.tile_index[str(a.args[0])]]
            return (f"{who} places {_a(_dom(['yellow', 'orange', 'blue', 'green', 'red', 'purple'][t.camp]))} Land tile "
                    f"at {cell_name(a.args[1:4])}{produced(s, player, a)}.")
        if k == "reactivate":
            return f"{who} uses the Inventor to reactivate the tile at {cell_name(a.args[:3])}{produced(s, player, a)}."
        if k == "edge":
            nb = neighbour(top.cell, int(a.args[0])) if isinstance(top, Source) else None
            across = "" if nb is None else " with the Cradle" if nb in CRADLE else f" with the tile at {cell_name(nb)}"
            return f"{who} scores the edge{across}{produced(s, player, a)}."
        if k == "locus":
            return f"{who} scores the Locus at {point_name(a.args[:2])}{produced(s, player, a)}."
        if k == "all_edges":
            return f"{who} scores every connected edge{produced(s, player, a)}."
        if k == "vest":
            return f"{who} takes Vestigium Knowledge as {_dom(a.args[0])}{produced(s, player, a, 'in all, ')}."
        if k == "convert":
            return f"{who} exchanges 2 {_dom(a.args[0])} for 1 {_dom(a.args[1])} at the Campfire."
        if k in ("city", "upgrade"):
            cell = (int(a.args[0]), int(a.args[1]), int(a.args[2]))
            colour = c.tiles[s.placed[cell][0]].camp
            level = s.cities[cell][1] + 1 if cell in s.cities else 1
            verb = "builds" if k == "city" else "upgrades to"
            return f"{who} {verb} a Level {level} City on the {DOMAINS[colour]} Camp at {cell_name(cell)}."
        if k == "monument":
            mon = c.monuments[c.monument_index[str(a.args[0])]]
            return f"{who} builds Level {s.built.get(mon.idx, 0) + 1} of {mon.name}."
        if k == "site":
            return f"{who} stands the Monument at {cell_name(a.args[:3])}."
        if k in ("develop", "assimilate"):
            m = c.masteries[c.mastery_index[str(a.args[0])]]
            verb = "develops" if k == "develop" else "assimilates"
            return f"{who} {verb} {m.name} ({DOMAINS[m.colour]}, value {m.value})."
        if k in ("advance", "flip"):
            m = c.masteries[c.mastery_index[str(a.args[0])]]
            return f"{who} turns {m.name} to its Advanced side{' (assimilated)' if k == 'flip' else ''}."
        if k == "discard":  # the button's words ("Put back the Art tile"); which tile stays secret
            return f"{who} puts a Land tile back."
        if k == "keep":  # "keeps the hand" after putting all 7 back read as a contradiction
            back = top.discarded if isinstance(top, Discard) else 0
            kept = len(s.players[player].hand)
            if not back:
                return f"{who} keeps the hand."
            return (f"{who} puts the whole hand back." if not kept
                    else f"{who} keeps {kept} Land tile{'' if kept == 1 else 's'} of the hand.")
        if k == "first":
            chosen = int(a.args[0]) - 1
            whom = "themself" if chosen == player else name(chosen)  # "Player 1 puts Player 1 next" read as two players
            return f"{who} (Governor) puts {whom} next on the Initiative track."
        if k == "pass":
            skipped = ((Build, "builds nothing this turn"), (Develop, "develops no Mastery this turn"),
                       (Farmer, "places no second tile (Farmer)"), (Assimilate, "assimilates no Mastery"))
            return f"{who} {next((w for f, w in skipped if isinstance(top, f)), 'passes')}."
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return f"{who}: {a.text()}"
