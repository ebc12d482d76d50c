"""Dominations' named things in plain words, generated from the content data (so a designer's
``--content`` file explains itself), and every player's progress toward the VP that win.

Terms are keyed ``kind:id``: ``mastery:bartering``, ``monument:<id>``, ``domination:governor``,
``objective:egypt``, ``campfire:<id>``, ``colour:yellow`` (a Domain's Knowledge, also
``colour:vestigium`` and ``colour:corruptio``), ``piece:city`` and ``rule:...``. Progress is read
from a seat's view, so it shows nothing that seat may not see (other seats' Objectives stay hidden
until everyone has chosen).

The table's teaching hooks: :func:`glossary`, :func:`how_to_win`, :func:`advice`,
:func:`describe_action` (every legal action in words before it is chosen, from :mod:`.choices`),
:func:`score_sheet` (the end-of-game sheet) and :func:`tutorial` (the guided first game).
"""

from __future__ import annotations

from typing import Any

from .choices import describe_action, knowledge
from .content import COLOURS, DOMAINS, Content, Effect, Goal
from .placement import preview
from .reserve import TALLY
from .tree import SIDES
from .view import effect_words, goal_words

POWER_WORDS = {
    "order": "chooses the Initiative order of the next Age",
    "draw2": "refills the hand of Land tiles to {hand} and then draws 2 more",
    "influence2": "gains 2 Influence at once",
    "camp2": "the Camp of every tile they place Produces 2 Knowledge instead of 1",
    "reactivate": "once in the Age, instead of placing a tile, reactivates a placed tile: its Camp plus one of its "
                  "edges or Loci Produce again",
    "second_tile": "once in the Age, places a second Land tile right after the first",
}


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else ""


def _effects(effects: tuple[Effect, ...], sep: str = "; ") -> str:
    return sep.join(effect_words(e) for e in effects) or "no effect"


def _cost(vec: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{n} {DOMAINS[i]}" for i, n in enumerate(vec) if n) or "nothing"


def _goal_label(g: Goal) -> str:
    return {"cities": f"Cities of Level {g.level}+" if g.level > 1 else "Cities",
            "nodus": f"{DOMAINS[g.colour] if g.colour >= 0 else ''} Nodus",
            "masteries": f"{DOMAINS[g.colour] if g.colour >= 0 else ''} Masteries",
            "monument_levels": "Monument Levels", "advanced": "Advanced Masteries"}.get(g.kind, "Influence")


def glossary(game: Any) -> dict[str, dict[str, Any]]:
    """Every named thing of the game's content: ``{term: {name, kind, text, cost?, unlocks?}}``."""
    c: Content = game.content
    r = c.rules
    out: dict[str, dict[str, Any]] = {}
    bands = r["influence_bands"]
    values = r["mastery_values"]

    for k, colour in enumerate(COLOURS):
        dom = c.domination_for(k) if any(d.colour == k for d in c.dominations) else None
        masteries = sum(1 for m in c.masteries if m.colour == k)
        text = (f"{DOMAINS[k]} Knowledge ({colour}). Produced by {colour} Camps and Resources on the land; it pays "
                f"for {DOMAINS[k]} Masteries, for Cities on {colour} Camps and for Monument Levels. You may hold "
                f"up to your {DOMAINS[k]} limit ({r['base_limit']} at first, raised by Cities and cards up to "
                f"{r['max_limit']}); Knowledge is reset at the end of each Age.")
        if dom is not None:
            text += f" Whoever holds the most at the end of an Age takes the {dom.name} Domination card."
        out[f"colour:{colour}"] = {"name": DOMAINS[k], "kind": "Knowledge (Domain)",
                                   "text": text + f" {masteries} Masteries belong to this Domain."}
    out["colour:vestigium"] = {
        "name": "Vestigium", "kind": "Knowledge (white)",
        "text": "White. As a Resource it Produces Knowledge of any Domain you choose, one point at a time. "
                "As a half-Nodus on a card it joins any colour, but not another Vestigium.",
    }
    out["colour:corruptio"] = {
        "name": "Corruptio", "kind": "Nodus (black)",
        "text": "A black half-Nodus on a card: it joins nothing, so no card can be placed against that side.",
    }

    for m in c.masteries:
        bits = [f"{DOMAINS[m.colour]} Mastery of value {m.value}: costs {m.value} {DOMAINS[m.colour]} Knowledge "
                "(less with discounts) and joins your Civilisation Tree where every shared side forms a full Nodus"]
        if m.prerequisite is not None:
            bits.append(f"needs another {DOMAINS[m.prerequisite[0]]} Mastery of value {m.prerequisite[1]} or more")
        bits.append(f"basic side: {_effects(m.basic)}")
        bits.append(f"Advanced side (turn it over for {m.upgrade_cost} {DOMAINS[m.colour]}): {_effects(m.advanced)}")
        bits.append(f"{len(m.copies)} copies, one per player at most (Rule of 1)")
        out[f"mastery:{m.id}"] = {"name": m.name, "kind": f"{DOMAINS[m.colour]} Mastery",
                                  "text": _sentence(". ".join(_sentence(b)[:-1] for b in bits)),
                                  "cost": {COLOURS[m.colour]: m.value}}

    for mo in c.monuments:
        levels = []
        for k, lv in enumerate(mo.levels):
            levels.append(f"Level {k + 1} costs {_cost(lv.cost)} and gives {_effects(lv.effects, ', ')}")
        out[f"monument:{mo.id}"] = {
            "name": mo.name, "kind": "Monument",
            "text": f"A{'n' if DOMAINS[mo.colour][0] in 'AEIOU' else ''} {DOMAINS[mo.colour]} Monument of {len(mo.levels)} Levels, bought in order by anyone; each "
                    f"Level card joins the buyer's Tree like a Mastery. Its standee stands on a free {COLOURS[mo.colour]} "
                    "Camp chosen by the buyer of Level 1. At the end of the game the player with most Level cards "
                    f"plus levels of own Cities next to it controls it and scores {mo.control_vp} VP. "
                    + _sentence("; ".join(levels)),
            "cost": {COLOURS[i]: n for i, n in enumerate(mo.levels[0].cost) if n} if mo.levels else {},
        }

    for d in c.dominations:
        power = POWER_WORDS.get(d.power, d.power.replace("_", " ")).format(hand=r["hand_size"])
        out[f"domination:{d.id}"] = {
            "name": d.name, "kind": "Domination card",
            "text": f"At the end of Age 1 and Age 2 it goes to the player holding the most {DOMAINS[d.colour]} "
                    f"Knowledge (at least 1; ties to the Initiative order): {d.vp} VP ({d.vp_two_players} with 2 "
                    f"players), and during the next Age its holder {power}. At the end of Age {r['ages']} it "
                    f"gives {r['age3_domination_vp']} VP instead.",
        }

    for ob in c.objectives:
        goals = "; ".join(f"{goal_words(g)}: {g.vp} VP" for g in ob.goals)
        out[f"objective:{ob.id}"] = {
            "name": ob.name, "kind": "Objective card",
            "text": f"Kept secret until everyone has chosen. At the end of the game it scores each objective you "
                    f"meet: {goals}.",
        }

    for f in c.campfires:
        out[f"campfire:{f.id}"] = {
            "name": f.name, "kind": "Campfire",
            "text": f"The first card of a Civilisation Tree. At any time in your turn it exchanges "
                    f"{r['campfire_rate']} Knowledge of one Domain for 1 of another.",
        }

    out["piece:city"] = {
        "name": "City", "kind": "building",
        "text": f"Built in the Build phase on a free Camp, paid in that Camp's colour: Level 1 costs "
                f"{r['city_costs'][0]}, Level 2 {r['city_costs'][1]}, Level 3 {r['city_costs'][2]} (upgrades go one level "
                f"at a time, on your own Cities). Gives {', '.join('+' + str(n) for n in r['city_influence'])} Influence "
                f"per level built and raises that colour's limit to {', '.join(str(n) for n in r['city_limits'])}. "
                f"When its tile is activated it Produces its level in its Camp's colour for its owner. "
                f"You have {r['city_tokens']} City tokens.",
    }
    out["rule:influence"] = {
        "name": "Influence", "kind": "rule",
        "text": f"Scored as VP at the end of each of the {r['ages']} Ages. It decides which Masteries you may take: "
                f"up to {bands[0]} Influence value {values[0]}; up to {bands[1]} value {values[0]} or {values[1]}; "
                f"more than {bands[1]} any value.",
    }
    out["rule:nodus"] = {
        "name": "Nodus", "kind": "rule",
        "text": "Each side of a card shows half a Nodus. Cards in a Tree touch only where the two halves form a full "
                "Nodus: same colour, or one white Vestigium half with a colour; black Corruptio joins nothing.",
    }
    out["rule:locus"] = {
        "name": "Locus", "kind": "rule",
        "text": "A point of the land surrounded by six Land tiles. Completing one lets the placer score it: each of "
                "the six Resources round it Produces 1 Knowledge.",
    }
    out["rule:limit"] = {
        "name": "Knowledge limit", "kind": "rule",
        "text": f"You hold at most your limit of each Domain ({r['base_limit']} at first, up to {r['max_limit']}). "
                f"Knowledge above it is lost; at a limit of {r['max_limit']} each overflowing Domain gives 1 VP instead.",
    }
    out["rule:initiative"] = {
        "name": "Initiative", "kind": "rule",
        "text": "The order in which players take their turns in an Age. Every tie (Domination cards, Monument "
                "control, the winner) goes to the player earlier in it. The Governor chooses it for the next Age; "
                "without a Governor it stays.",
    }
    out["rule:vp"] = {
        "name": "Victory points", "kind": "rule",
        "text": "Most VP after the third Age wins (ties go to the Initiative order): Influence each Age, Domination "
                "cards, card effects, your Objective card and Monument control at the end.",
    }
    return out


# ----- progress -----------------------------------------------------------------------------------
def _joins(a: str, b: str) -> bool:
    if "corruptio" in (a, b):
        return False
    if a == "vestigium":
        return b != "vestigium"
    return b == "vestigium" or a == b


def nodus_in_view(tree: list[dict[str, Any]], colour: str) -> int:
    """Full Nodus of ``colour`` in a Tree as a view shows it (the same count as the rules')."""
    at = {(int(c["x"]), int(c["y"])): c["nodus"] for c in tree}
    n = 0
    for (x, y), nod in at.items():
        for k in (0, 1):  # north and east: each pair counted once
            other = at.get((x + SIDES[k][0], y + SIDES[k][1]))
            if other is None:
                continue
            a, b = nod[k], other[k + 2]
            if _joins(a, b) and (a if a != "vestigium" else b) == colour:
                n += 1
    return n


def _have(g: Goal, seat: int, p: dict[str, Any], view: dict[str, Any], c: Content) -> int:
    tree = p.get("tree") or []
    if g.kind == "cities":
        return sum(1 for t in view.get("board", []) if t.get("city") and t["city"][0] == seat
                   and t["city"][1] >= g.level)
    if g.kind == "nodus":
        return nodus_in_view(tree, COLOURS[g.colour])
    if g.kind == "masteries":
        return sum(1 for t in tree if t.get("kind") == "mastery" and t.get("colour") == COLOURS[g.colour])
    if g.kind == "monument_levels":
        return sum(1 for t in tree if t.get("kind") == "level")
    if g.kind == "advanced":
        return sum(1 for t in tree if t.get("kind") == "mastery" and t.get("advanced"))
    return int(p.get("influence") or 0)


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Every player's VP, Influence and (where the seat may see it) Objective progress."""
    c: Content = game.content
    ages = c.rules["ages"]
    players = []
    for p in view.get("players", []):
        seat = int(p.get("seat", 0))
        vp = int(p.get("vp") or 0)
        lines: list[dict[str, Any]] = [
            {"label": "VP", "have": vp, "need": 0, "done": False},
            {"label": "Influence", "have": int(p.get("influence") or 0), "need": 0, "done": False,
             "note": "scored as VP at the end of each Age"},
        ]
        entry: dict[str, Any] = {"seat": seat, "vp": vp, "lines": lines}
        oid = p.get("objective")
        if oid and oid in c.objective_index:
            ob = c.objectives[c.objective_index[oid]]
            entry["objective"] = ob.name
            for g in ob.goals:
                have = _have(g, seat, p, view, c)
                lines.append({"label": _goal_label(g), "have": have, "need": g.count, "done": have >= g.count,
                              "vp": g.vp})
        players.append(entry)
    return {
        "mode": None, "title": f"Most VP after {ages} Ages",
        "objectives": [
            "Influence scores as VP at the end of each Age; Domination cards go to the most Knowledge of their Domain.",
            "At the end: your Objective card's goals, Monument control and cards' end-of-game VP.",
        ],
        "players": players,
    }


def advice(game: Any, view: dict[str, Any], action: str) -> str:
    """Why a suggested action is worth playing, in a newcomer's words."""
    c: Content = game.content
    parts = action.split()
    kind, args = parts[0], parts[1:]
    if kind in ("place", "reactivate"):
        outs = preview(game, view, action)
        best = max(outs, key=lambda o: sum(o.counts) + o.vest - sum(o.lost), default=None)
        got = f" Here it brings {knowledge(best.counts, best.vest)}." if best else ""
        return ("Place Land tiles where their corners meet Resources of the colours you need: the Camp and the "
                f"Resources along the edge it scores Produce Knowledge, and matching colours face to face give more.{got}")
    if kind in ("develop", "assimilate") and args and args[0] in c.mastery_index:
        m = c.masteries[c.mastery_index[args[0]]]
        return f"Take {m.name}: {effect_words(m.basic[0]) if m.basic else 'it'} — Masteries give lasting effects."
    if kind in ("city", "upgrade"):
        return "A City gives Influence (VP each Age), raises your limit and Produces when its tile is activated."
    if kind == "monument":
        return "Monument Levels join your Tree and count toward controlling the Monument at the end."
    if kind in ("edge", "locus", "all_edges"):
        return "Score the placement that Produces the Knowledge you need most."
    if kind == "choose":
        return "Keep the Objective whose goals you can reach with Cities and Masteries, and a Monument you can build."
    if kind == "keep":
        return "A hand with Camps of several colours lets you Produce what you need; keep it unless it is all one colour."
    if kind == "pass":
        return "Nothing worth its cost now: save the Knowledge for a bigger purchase later in this Age."
    if kind == "convert":
        return "Exchange surplus Knowledge for the Domain you are short of, to afford a City or a Mastery."
    described = describe_action(game, view, action)
    return described["text"] if described else f"A good move now: {action}."


# ----- the end-of-game score sheet and the guided first game -------------------------------------------
SHEET = (("influence", "Influence", "tally"), ("domination", "Domination cards", "tally"),
         ("cards", "Masteries & Levels", "tally"), ("overflow", "Reserve past 20", "tally"),
         ("objectives", "Objective", "final"), ("monuments", "Monuments", "final"),
         ("cards", "End-of-game cards", "final"))


def score_sheet(game: Any, view: dict[str, Any], result_json: dict[str, Any]) -> dict[str, Any]:
    """One row per player, one column per way of scoring VP, the winner and how a tie was broken."""
    scores = result_json.get("scores") or []
    rows: list[dict[str, Any]] = []
    for seat, p in enumerate(view.get("players", [])):
        got = scores[seat] if seat < len(scores) else {}
        tally = {k: got[f"vp_{k}"] for k in TALLY if f"vp_{k}" in got} or p.get("tally") or {}
        final = {k: got.get(k, (p.get("final") or {}).get(k, 0)) for k in ("objectives", "monuments", "cards")}
        cells = [int((tally if where == "tally" else final).get(key, 0) or 0) for key, _, where in SHEET]
        total = int(got.get("vp", p.get("vp", 0)))
        if sum(cells) != total:  # a game saved before VP were tallied by source
            cells.append(total - sum(cells))
        rows.append({"seat": seat, "cells": cells, "total": total})
    columns = [title for _, title, _ in SHEET]
    if any(len(r["cells"]) > len(columns) for r in rows):
        columns.append("Other")
        for r in rows:
            r["cells"] += [0] * (len(columns) - len(r["cells"]))
    return {"columns": columns, "rows": rows, "winners": list(result_json.get("winners") or []),
            "tiebreak": _tiebreak(view, rows)}


def _tiebreak(view: dict[str, Any], rows: list[dict[str, Any]]) -> str | None:
    if not rows:
        return None
    top = max(r["total"] for r in rows)
    order = view.get("initiative") or [r["seat"] for r in rows]
    tied = [q for q in order if any(r["seat"] == q and r["total"] == top for r in rows)]
    if len(tied) < 2:
        return None
    return (f"{' and '.join(f'Player {q + 1}' for q in tied)} tie at {top} VP: the tie goes to the Initiative order "
            f"of the last Age, where Player {tied[0] + 1} plays first.")


def tutorial(game: Any) -> dict[str, Any]:
    """The guided first game: two players, the newcomer against a bot that plays at random."""
    r = game.content.rules
    return {
        "key": "dominations",
        "title": "Your first game of Dominations",
        "options": {"players": 2},
        "seats": ["human", "random"],
        "intro": (f"Dominations is played in {r['ages']} Ages of {r['turns_per_age']} turns. Each turn you place one "
                  "of your triangular Land tiles beside the Cradle or another tile: its Camp and the Resources along "
                  "the edge it touches Produce Knowledge of their colours. Then you may build a City (or a Monument "
                  "Level) and develop a Mastery for your Civilisation Tree, paying with that Knowledge. The guide "
                  "suggests a move each time and says why; you may always choose something else."),
        "goal": (f"Have more VP than the other player after Age {r['ages']}. Cities give Influence, which scores as VP "
                 "at the end of every Age; the most Knowledge left in a Domain at an Age's end wins its Domination "
                 "card; Masteries, your Objective (kept in secret, then shown to all) and the Monuments score too."),
    }
