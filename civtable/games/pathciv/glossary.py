"""Path of Civilization's named things in plain words, generated from the content (Technologies,
Leaders, Wonders, Challenges, Battles, Benefits, Civilizations, trays), and each player's score
so far. Terms are keyed ``kind:id`` (``tech:aviation``, ``leader:euclid``, ``tray:wonders``)."""

from __future__ import annotations

from typing import Any

from .view import card_sides, destiny_text, effect_text, repeat_text
from .vocab import AGENTS, TRAYS, TYPE_NAMES

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
    for i, t in enumerate(c.techs):
        lvl = "basic" if t.level == 0 else f"level {t.level}, costs {t.cost} {TYPE_NAMES[t.type]} Research"
        bonus = "" if t.bonus.is_empty() else f" Buying it gives {effect_text(t.bonus)}."
        out[f"tech:{t.id}"] = {"name": t.name, "kind": "technology",
                               "text": f"{TYPE_NAMES[t.type]} Technology ({lvl}), {t.vp} VP. {card_sides(c, i)}.{bonus}"}
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
    return out


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    players = []
    for p in view.get("players", []):
        players.append({"seat": int(p["seat"]) - 1, "vp": int(p.get("score") or 0), "lines": [
            {"label": "Score now", "have": int(p.get("score") or 0), "need": 0, "done": False,
             "note": f"VP tokens {p.get('vp', 0)}, Philosophy {p.get('philosophy', 0)}, population {p.get('population', 0)}"},
        ]})
    return {"mode": None, "title": "Most VP after round 9",
            "objectives": ["Score the most VP after 9 rounds: Technologies, Philosophy, population, Leaders, "
                           "Wonders, VP tokens and half your cubes left in the Leaders, Wonders and Philosophy trays."],
            "players": players}
