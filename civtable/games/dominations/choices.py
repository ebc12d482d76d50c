"""Every legal Dominations action in plain words, before it is chosen.

:func:`describe_action` reads only the game's content and the seat's view (so it shows nothing the
seat may not see, and a designer's ``--content`` file explains itself) and returns
``{"title", "text", "term"}``: what the action does, what it costs, what it gives — for a placement,
the Knowledge each way of scoring it would Produce (:func:`.placement.preview`).
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, ActionError
from civtable.core.words import count

from .content import COLOUR_INDEX, COLOURS, DOMAINS, Content, Effect
from .placement import EDGE, LOCUS, Outcome, edge_partner, preview, split
from .places import cell_name, point_name, square_words, turn_words
from .view import effect_words, goal_words

_NODUS = (*DOMAINS, "Vestigium", "Corruptio")
"""A Nodus by its colour's Domain, or white Vestigium (joins any colour), black Corruptio (joins nothing)."""


def cell_words(i: Any, j: Any, o: Any) -> str:
    """A space of the land as the board's rulers name it: M20 (:mod:`.places`)."""
    return cell_name((i, j, o))


def knowledge(counts: tuple[int, ...] | list[int], vest: int = 0) -> str:
    parts = [f"{n} {DOMAINS[k]}" for k, n in enumerate(counts[:6]) if n]
    if vest:
        parts.append(f"{vest} Vestigium (Knowledge of your choice)")
    return ", ".join(parts) or "nothing"


def _effects(effects: tuple[Effect, ...]) -> str:
    return "; ".join(effect_words(e) for e in effects) or "no effect"


def _cost(vec: tuple[int, ...] | dict[str, int]) -> str:
    if isinstance(vec, dict):
        return ", ".join(f"{n} {DOMAINS[COLOUR_INDEX[c]]}" for c, n in vec.items() if n) or "nothing"
    return ", ".join(f"{n} {DOMAINS[k]}" for k, n in enumerate(vec) if n) or "nothing"


def _tile_words(c: Content, tile_id: str) -> tuple[str, int]:
    t = c.tiles[c.tile_index[tile_id]]
    corners = ", ".join(DOMAINS[r] if r < 6 else "Vestigium" for r in t.resources)
    return f"{DOMAINS[t.camp]} Camp with corners {corners}", t.camp


def outcome_words(view: dict[str, Any], cell: tuple[int, int, int], o: Outcome) -> str:
    """'Scoring the edge with Player 2's tile: 4 Trade, 1 Religion (1 Trade lost at your limit).'"""
    kind, a, b = o.option
    how = (f"the Locus at {point_name((a, b))}" if kind == LOCUS
           else f"the edge with {edge_partner(view, cell, o.option)}" if kind == EDGE else "every edge")
    text = f"{knowledge(o.counts, o.vest)} from {how}"
    if any(o.lost):
        me = _me(view) or {}
        top = sum(1 for k, n in enumerate(o.lost) if n and int((me.get("limit") or {}).get(COLOURS[k], 0)) >= 20)
        text += f" ({knowledge(o.lost)} over your limits is lost" + (f"; +{top} VP" if top else "") + ")"
    for q, got in o.others:
        text += f"; Player {q + 1}'s Cities Produce {knowledge(got)} for them"
    return text


def _placement_text(game: Any, view: dict[str, Any], action: Action, cell: tuple[int, int, int]) -> str:
    outs = preview(game, view, action)
    if not outs:
        return ""
    if len(outs) == 1:
        return _sentence(outcome_words(view, cell, outs[0]))
    return "Then choose: " + "; or ".join(outcome_words(view, cell, o) for o in outs) + "."


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    you = view.get("you")
    players = view.get("players") or []
    return players[you] if you is not None and 0 <= you < len(players) else None


def describe_action(game: Any, view: dict[str, Any], action_text: str) -> dict[str, Any] | None:
    """What a legal action does, in plain words: ``{"title", "text", "term"}`` (``term`` a glossary
    key for more, or None); None for text that is no action of this game."""
    try:
        a = Action.parse(action_text)
        return _describe(game, view, a)
    except (ActionError, KeyError, IndexError, ValueError, TypeError):
        return None


def _describe(game: Any, view: dict[str, Any], a: Action) -> dict[str, Any] | None:
    c: Content = game.content
    r = c.rules
    k = a.kind
    me = _me(view)
    decision = (view.get("decision") or {}).get("kind")
    if k == "place":
        p = split(a)
        assert p is not None
        camp = c.tiles[c.tile_index[p.tile]].camp
        title = f"{DOMAINS[camp]} tile at {cell_words(*p.cell)}, {turn_words(p.rotation)}"
        return {"title": title, "text": _placement_text(game, view, a, p.cell), "term": f"colour:{COLOURS[camp]}"}
    if k == "reactivate":
        cell = (int(a.args[0]), int(a.args[1]), int(a.args[2]))
        return {"title": f"Reactivate the tile at {cell_words(*cell)} (Inventor)",
                "text": "Instead of placing a tile this turn, the Inventor makes a placed tile Produce again: its "
                        "Camp, one of its edges or Loci, and the Cities on it. " + _placement_text(game, view, a, cell),
                "term": "domination:inventor"}
    if k in ("edge", "locus", "all_edges"):
        d = view.get("decision") or {}
        cell = tuple(d.get("cell") or ())
        opt = (EDGE, int(a.args[0]), 0) if k == "edge" else (LOCUS, int(a.args[0]), int(a.args[1])) if k == "locus" else (2, 0, 0)
        if len(cell) == 3:
            at: tuple[int, int, int] = (int(cell[0]), int(cell[1]), int(cell[2]))
            outs = (preview(game, view, Action("reactivate", at)) if d.get("reactivated")
                    else _scored_in_place(game, view, at))
            outs = [o for o in outs if o.option == opt]
            if outs:
                title = {"edge": "Score this edge", "locus": "Score this Locus", "all_edges": "Score every edge"}[k]
                return {"title": title, "text": _sentence(outcome_words(view, at, outs[0])),
                        "term": "rule:locus" if k == "locus" else None}
        return {"title": "Choose what the placement scores", "text": "Each choice Produces different Knowledge.",
                "term": None}
    if k == "vest":
        dom = DOMAINS[COLOUR_INDEX[str(a.args[0])]]
        have = f" (you have {me['stock'][a.args[0]]} of {me['limit'][a.args[0]]})" if me else ""
        return {"title": f"Take it as {dom}", "text": f"One point of Vestigium Knowledge becomes {dom}{have}.",
                "term": "colour:vestigium"}
    if k == "convert":
        x, y = COLOUR_INDEX[str(a.args[0])], COLOUR_INDEX[str(a.args[1])]
        rate = r["campfire_rate"]
        more = ""
        if me:
            sx, sy, ly = me["stock"][COLOURS[x]], me["stock"][COLOURS[y]], me["limit"][COLOURS[y]]
            more = f" {DOMAINS[x]} {sx} → {sx - rate}, {DOMAINS[y]} {sy} → {min(ly, sy + 1)}" + (
                " (at your limit: the point is lost)." if sy >= ly else ".")
        return {"title": f"Exchange {rate} {DOMAINS[x]} for 1 {DOMAINS[y]}",
                "text": f"The Campfire turns {rate} Knowledge of one Domain into 1 of another, as often as you like "
                        f"during your turn.{more}", "term": "campfire:" + c.campfires[0].id}
    if k in ("city", "upgrade"):
        cell = (int(a.args[0]), int(a.args[1]), int(a.args[2]))
        tile = next((t for t in view.get("board", []) if tuple(t["cell"]) == cell), None)
        camp = COLOUR_INDEX[tile["camp"]] if tile else 0
        level = (int(tile["city"][1]) + 1) if tile and tile.get("city") else 1
        discount = sum(int(e["n"]) for card in (me or {}).get("tree", []) for e in card.get("effects", [])
                       if e["do"] == "city_discount")
        cost = max(0, r["city_costs"][level - 1] - discount)
        where = f"the {DOMAINS[camp]} Camp at {cell_words(*cell)}"
        title = f"Build a Level 1 City on {where}" if k == "city" else f"Upgrade your City on {where} to Level {level}"
        return {"title": title,
                "text": f"Costs {cost} {DOMAINS[camp]} and a City token. Gives +{r['city_influence'][level - 1]} "
                        f"Influence (scored as VP at the end of every Age), raises your {DOMAINS[camp]} limit to "
                        f"{r['city_limits'][level - 1]}, and whenever a placement activates this tile the City Produces "
                        f"{level} {DOMAINS[camp]} for you.", "term": "piece:city"}
    if k == "monument":
        mon = c.monuments[c.monument_index[str(a.args[0])]]
        built = next((int(m["built"]) for m in view.get("monuments", []) if m["id"] == mon.id), 0)
        lv = mon.levels[built]
        square = square_words((me or {}).get("tree"), a.args[1], a.args[2])
        text = (f"Costs {_cost(lv.cost)}. The Level card joins your Civilisation Tree {square} "
                f"and gives {_effects(lv.effects)}. It counts toward controlling {mon.name} at the end "
                f"({mon.control_vp} VP).")
        if built == 0:
            text += f" As the buyer of Level 1 you then stand the Monument on a free {DOMAINS[mon.colour]} Camp."
        return {"title": f"Build Level {built + 1} of {mon.name}", "text": text, "term": f"monument:{mon.id}"}
    if k == "site":
        mid = (view.get("decision") or {}).get("monument")
        name = c.monuments[int(mid)].name if mid is not None else "the Monument"
        return {"title": f"Stand {name} at {cell_words(*a.args)}",
                "text": "The Monument stands on this Camp for the rest of the game: no City can be built there, and "
                        "the levels of Cities on the tiles next to it count toward controlling it.",
                "term": f"monument:{c.monuments[int(mid)].id}" if mid is not None else None}
    if k in ("develop", "assimilate"):
        m = c.masteries[c.mastery_index[str(a.args[0])]]
        cost = (max(0, m.value - _discount(me, m.colour)) if k == "develop" else 0)
        pay = f"Costs {cost} {DOMAINS[m.colour]}" if cost else "Free"
        nodus = ", ".join(f"{_NODUS[n]} {side}" for n, side in zip(m.copies[int(a.args[1]) - 1], ("top", "right", "bottom", "left"), strict=True))
        square = square_words((me or {}).get("tree"), a.args[2], a.args[3])
        where = f"; it joins your Civilisation Tree {square} (copy {a.args[1]}, its Nodus: {nodus})"
        verb = "Develop" if k == "develop" else "Assimilate"
        extra = "" if k == "develop" else " A copy comes from the supply; the other player keeps theirs."
        return {"title": f"{verb} {m.name}", "text": f"{pay}{where}. {_sentence(_effects(m.basic))} Later you may turn it "
                f"to its Advanced side for {m.upgrade_cost} {DOMAINS[m.colour]}: {_effects(m.advanced)}.{extra}",
                "term": f"mastery:{m.id}"}
    if k in ("advance", "flip"):
        m = c.masteries[c.mastery_index[str(a.args[0])]]
        pay = f"Costs {m.upgrade_cost} {DOMAINS[m.colour]}" if k == "advance" else "Free (assimilated)"
        return {"title": f"Turn {m.name} to its Advanced side",
                "text": f"{pay}. The Advanced side replaces the basic one: {_effects(m.advanced)}.",
                "term": f"mastery:{m.id}"}
    if k == "choose":
        ob = c.objectives[c.objective_index[str(a.args[0])]]
        mon = c.monuments[c.monument_index[str(a.args[1])]]
        goals = "; ".join(f"{goal_words(g)} ({g.vp} VP)" for g in ob.goals)
        levels = ", ".join(f"Level {n + 1}: {_cost(lv.cost)}" for n, lv in enumerate(mon.levels))
        return {"title": f"Keep {ob.name} and {mon.name}",
                "text": f"Objective {ob.name}: {goals} — each goal you meet scores at the end; it stays secret "
                        f"until everyone has chosen. Monument {mon.name} comes into play for everyone: its {len(mon.levels)} "
                        f"Levels ({levels}) are bought in order and join the buyer's Tree; whoever controls it at the "
                        f"end scores {mon.control_vp} VP. The cards you do not keep leave the game.",
                "term": f"objective:{ob.id}"}
    if k == "discard":
        words, camp = _tile_words(c, str(a.args[0]))
        stage = (view.get("decision") or {}).get("stage")
        when = "when you keep your hand you draw back up" if stage == "mulligan" else "you then draw back up"
        return {"title": f"Put back the {DOMAINS[camp]} tile", "text": f"The {words} goes to the back of the holders; "
                f"{when} to your hand size.", "term": f"colour:{COLOURS[camp]}"}
    if k == "keep":
        stage = (view.get("decision") or {}).get("stage")
        n = len((me or {}).get("hand") or [])
        held = "this tile" if n == 1 else f"these {n} tiles" if n else "no tile"
        if stage == "refresh":
            kept = f"the {count(n, 'tile')} left in your hand" if n else "your empty hand"
            text = f"Keep {kept} and draw up to your hand size; a redraw comes next."
        else:
            text = f"Play with {held} (tiles put back are replaced now). You may redraw only once per Age."
        return {"title": "Keep this hand", "text": text, "term": None}
    if k == "first":
        q = int(a.args[0])
        order = (view.get("decision") or {}).get("order") or []
        return {"title": f"Player {q} next", "text": f"As the Governor you set the next Age's Initiative order: "
                f"Player {q} takes place {len(order) + 1}. Every tie goes to the player earlier in it.",
                "term": "domination:governor"}
    if k == "pass":
        passing = {"build": ("Build nothing this turn", "No City, upgrade or Monument Level: your Knowledge stays "
                          "for later (it is reset at the end of the Age)."),
                "develop": ("Develop nothing this turn", "No new Mastery and no upgrade; your turn ends."),
                "farmer": ("No second tile", "Keep the Farmer's second placement unused."),
                "assimilate": ("Assimilate nothing", "Take no Mastery from another player's Tree this time.")}
        title, body = passing.get(decision or "", ("Pass", "Do nothing now."))
        return {"title": title, "text": body, "term": None}
    return None


def _scored_in_place(game: Any, view: dict[str, Any], cell: tuple[int, int, int]) -> list[Outcome]:
    """Outcomes of a tile already on the land (the choice after a placement)."""
    got = next((t for t in view.get("board", []) if tuple(t["cell"]) == cell), None)
    if got is None:
        return []
    trimmed = dict(view, board=[t for t in view["board"] if tuple(t["cell"]) != cell])
    return preview(game, trimmed, Action("place", (got["id"], *cell, got["rotation"])))


def _discount(me: dict[str, Any] | None, colour: int) -> int:
    return sum(int(e["n"]) for card in (me or {}).get("tree", []) for e in card.get("effects", [])
               if e["do"] == "mastery_discount" and e.get("colour") == COLOURS[colour])


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else ""
