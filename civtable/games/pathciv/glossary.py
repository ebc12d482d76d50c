"""Path of Civilization's named things in plain words, generated from the content (Technologies,
Leaders, Wonders, Challenges, Battles, Benefits, Civilizations, trays), and each player's score
so far. Terms are keyed ``kind:id`` (``tech:aviation``, ``leader:euclid``, ``tray:wonders``)."""

from __future__ import annotations

from typing import Any

from .view import destiny_text, effect_text, repeat_text
from .vocab import AGENT, AGENTS, MILITARY, TRAYS, TYPE_NAMES, TYPES

_TRAY_USE = ("recruit Leaders", "build Wonders", "advance on the Philosophy track",
             "score History points in Challenges", "add 2 Power each in Battles")


def _end(end: Any) -> str:
    if end is None:
        return ""
    w = end.what
    what = w.kind if w.arg < 0 else (f"{TYPE_NAMES[w.arg]} cards" if w.kind == "cards" else f"cubes in the {TRAYS[w.arg]} tray")
    return f" At the end: {end.vp} VP per {end.every} {what}."


def glossary(game: Any) -> dict[str, dict[str, Any]]:
    c = game.content
    out: dict[str, dict[str, Any]] = {}
    for t in c.techs:
        lvl = "basic" if t.level == 0 else f"level {t.level}, costs {t.cost} {TYPE_NAMES[t.type]} Research"
        bonus = "" if t.bonus.is_empty() else f" Buying it gives {effect_text(t.bonus)}."
        left = ", ".join(f"{k} {AGENTS[j] if k > 1 else AGENT[j]}" for j, k in enumerate(t.deploy) if k) or "nothing"
        right = ", ".join(f"{k} {TYPE_NAMES[j]}" for j, k in enumerate(t.research) if k) or "nothing"
        out[f"tech:{t.id}"] = {"name": t.name, "kind": "technology",
                               "text": f"{TYPE_NAMES[t.type]} Technology ({lvl}), {t.vp} VP. Played on the left it gives "
                                       f"{left} (cubes, Phase B); on the right {right} Research (Phase D).{bonus}"}
    for ld in c.leaders:
        parts = []
        if not ld.instant.is_empty():
            parts.append(f"on recruiting: {effect_text(ld.instant)}")
        if repeat_text(ld.alive):
            parts.append(f"while alive: {repeat_text(ld.alive)}")
        if repeat_text(ld.cemetery):
            parts.append(f"in the Cemetery: {repeat_text(ld.cemetery)}")
        out[f"leader:{ld.id}"] = {"name": ld.name, "kind": "leader", "cost": f"{ld.cost} Ambassadors",
                                  "text": f"{TYPE_NAMES[ld.type]} Leader of level {ld.level}, {ld.vp} VP; "
                                          + ("; ".join(parts) or "no effect") + "." + _end(ld.end)}
    for w in c.wonders:
        out[f"wonder:{w.id}"] = {"name": w.name, "kind": "wonder", "cost": f"{w.cost} Builders",
                                 "text": f"{TYPE_NAMES[w.type]} Wonder of level {w.level}, {w.vp} VP; built: "
                                         f"{effect_text(w.bonus)}." + _end(w.end)}
    for ch in c.challenges:
        hist = (f"{ch.threshold}+ History points: {ch.threshold_vp} more VP" if ch.round == 9
                else f"every {ch.divisor} History points: {effect_text(ch.bonus)}")
        out[f"challenge:{ch.id}"] = {"name": ch.name, "kind": "challenge",
                                     "text": f"Round {ch.round if ch.round < 9 else '9a'} Challenge. Destiny: "
                                             f"{destiny_text(ch.destiny)}. History counts your "
                                             f"{TYPE_NAMES[ch.type]} cards + Sages as VP; {hist}."}
    for b in c.battles:
        out[f"battle:{b.id}"] = {"name": b.name, "kind": "battle",
                                 "text": f"Round {b.round if b.round < 9 else '9b'} Battle, External Threat Power {b.threat}; "
                                         "lines: " + " / ".join(effect_text(e) for e in b.lines) + "."}
    for bn in c.benefits:
        out[f"benefit:{bn.id}"] = {"name": bn.name, "kind": "Philosophy Benefit",
                                   "text": f"{effect_text(bn.effect)}, times the level's multiplier."}
    for civ in c.civs:
        out[f"civ:{civ.id}"] = {"name": civ.name, "kind": "civilization",
                                "text": f"Board {civ.number}. Priority: " + " › ".join(TYPE_NAMES[t] for t in civ.priority)
                                        + f". Starts with {effect_text(civ.start)}."}
    for i, tray in enumerate(TRAYS):
        out[f"tray:{tray}"] = {"name": AGENTS[i], "kind": "cubes",
                               "text": f"Cubes in the {tray} tray are {AGENTS[i]}: they {_TRAY_USE[i]}."}
    for i, ty in enumerate(TYPES):
        extra = " Military Legacy and Units make your Power in Battles." if i == MILITARY else ""
        out[f"type:{ty}"] = {
            "name": TYPE_NAMES[i], "kind": "card type",
            "text": f"{TYPE_NAMES[i]} Research points (up to {c.research_max} on the track) buy {TYPE_NAMES[i]} "
                    f"Technologies; {TYPE_NAMES[i]} cards score History in {TYPE_NAMES[i]} Challenges; your board's "
                    f"priority track decides who takes a contested {TYPE_NAMES[i]} Wonder or Leader.{extra}"}
    out["rule:philosophy"] = {
        "name": "Philosophy", "kind": "rule",
        "text": f"Philosophers pay for the next level as soon as the tray holds its cost ({', '.join(map(str, c.phil_costs))}); "
                f"reaching a level gives a Benefit token times that level's multiplier, and the level is worth "
                f"{', '.join(map(str, c.phil_vp[1:]))} VP at the end."}
    out["rule:legacy"] = {
        "name": "Military Legacy", "kind": "rule",
        "text": "Kept for the whole game: each point adds 1 to your Power in every Battle (Power is 2 per Unit plus Legacy)."}
    out["rule:threat"] = {
        "name": "External Threat", "kind": "rule",
        "text": "Each Battle ranks the players by Power together with the External Threat: the reward lines go in "
                "that order, and a line the Threat takes, or ties for, goes to nobody."}
    out["rule:population"] = {
        "name": "Population", "kind": "rule",
        "text": f"Starts at {c.population_start}: the most cubes (Phase B) and Research points (Phase D) you take in a "
                "round when your cards offer more. Its spaces give bonuses and VP at the end."}
    return out


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    c = game.content
    tops = {civ.name: civ.pop_levels[-1] for civ in c.civs}
    players = []
    for p in view.get("players", []):
        score = int(p.get("score") or 0)
        population = int(p.get("population") or 0)
        top = int(tops.get(p.get("civ"), population))
        players.append({"seat": int(p["seat"]) - 1, "vp": score, "lines": [
            {"label": "Score", "have": score, "need": 0, "done": False, "note": "if the game ended now"},
            {"label": "Philosophy", "have": int(p.get("philosophy") or 0), "need": c.phil_top,
             "done": int(p.get("philosophy") or 0) >= c.phil_top},
            {"label": "Population", "have": population, "need": top, "done": population >= top},
            {"label": "Legacy", "have": int(p.get("legacy") or 0), "need": 0, "done": False},
            {"label": "VP tokens", "have": int(p.get("vp") or 0), "need": 0, "done": False},
        ]})
    return {"mode": None, "title": "Most VP after round 9",
            "objectives": ["Score the most VP after 9 rounds: Technologies, Philosophy, population, Leaders, "
                           "Wonders, VP tokens and half your cubes left in the Leaders, Wonders and Philosophy trays."],
            "players": players}
