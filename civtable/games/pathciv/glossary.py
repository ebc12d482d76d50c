"""Path of Civilization's teaching hooks (docs/architecture.md, "Teaching tables"), every word
generated from the content, so a designer's ``--content`` file explains itself: the named things
(Technologies, Leaders, Wonders, Challenges, Battles, Benefits, Civilizations, trays; terms keyed
``kind:id`` such as ``tech:aviation``), each player's progress, what every choice does before it
is made, the end-of-game score sheet, the guided first game and why a suggested move is good.
Every hook reads the game and one seat's view only."""

from __future__ import annotations

from typing import Any

from civtable.core.words import count

from .content import Content
from .view import count_text, destiny_text, effect_text, repeat_text
from .vocab import AGENT, AGENTS, MILITARY, TRAY_INDEX, TRAYS, TYPE_INDEX, TYPE_NAMES, TYPES

_TRAY_USE = ("recruit Leaders", "build Wonders", "advance on the Philosophy track",
             "score History points in Challenges", "add 2 Power each in Battles")


def _end(end: Any) -> str:
    if end is None:
        return ""
    return f" At the end: {end.vp} VP per {count_text(end.what, end.every)}."


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
        # the cost is in the text: a glossary "cost" is a table of resources (Inceptum's), not words
        out[f"leader:{ld.id}"] = {"name": ld.name, "kind": "leader",
                                  "text": f"{TYPE_NAMES[ld.type]} Leader of level {ld.level}, costs {ld.cost} "
                                          f"Ambassadors, {ld.vp} VP; "
                                          + ("; ".join(parts) or "no effect") + "." + _end(ld.end)}
    for w in c.wonders:
        out[f"wonder:{w.id}"] = {"name": w.name, "kind": "wonder",
                                 "text": f"{TYPE_NAMES[w.type]} Wonder of level {w.level}, costs {w.cost} Builders, "
                                         f"{w.vp} VP; built: "
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
                               "text": f"Cubes in the {tray.title()} tray are {AGENTS[i]}: they {_TRAY_USE[i]}."}
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
    out["rule:power"] = {
        "name": "Power", "kind": "rule",
        "text": "Your strength in a Battle: 2 per Unit in the Battles tray plus your Military Legacy. The Units go "
                "back after each Battle; Legacy stays. Power 1 at least is needed for a reward line."}
    out["rule:history"] = {
        "name": "History points", "kind": "rule",
        "text": "Your score in a Challenge: 1 per card of its type you own (every Technology, discarded ones too, "
                "Wonder and Leader, living or in the Cemetery) plus 1 per Sage in the Challenges tray. "
                "Each point is 1 VP; the Sages go back after the Challenge."}
    out["rule:priority"] = {
        "name": "Priority track", "kind": "rule",
        "text": "Your civilization's order of the five types, best first. When several players claim the same "
                "Wonder or Leader, the one whose track has its type furthest left takes it; the others move their "
                "cubes or take them back."}
    out["rule:population"] = {
        "name": "Population", "kind": "rule",
        "text": f"Starts at {c.population_start}: the most cubes (Phase B) and Research points (Phase D) you take in a "
                "round when your cards offer more. Its spaces give bonuses and VP at the end."}
    return out


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    c = game.content
    tops = {civ.name: civ.pop_levels[-1] for civ in c.civs}
    last = int(game.options.get("rounds", 9))
    over = bool(view.get("finished"))
    players = []
    for p in view.get("players", []):
        score = int(p.get("score") or 0)
        population = int(p.get("population") or 0)
        top = int(tops.get(p.get("civ"), population))
        players.append({"seat": int(p["seat"]) - 1, "vp": score, "lines": [
            {"label": "Final score" if over else "Score", "have": score, "need": 0, "done": False,
             "note": "" if over else "if the game ended now"},
            {"label": "Philosophy", "have": int(p.get("philosophy") or 0), "need": c.phil_top,
             "done": int(p.get("philosophy") or 0) >= c.phil_top},
            {"label": "Population", "have": population, "need": top, "done": population >= top},
            {"label": "Legacy", "have": int(p.get("legacy") or 0), "need": 0, "done": False},
            {"label": "VP tokens", "have": int(p.get("vp") or 0), "need": 0, "done": False,
             "note": "from Challenges, Battles and bonuses that give VP at once"},
        ]})
    return {"mode": None, "title": f"Most VP after round {last}",
            "objectives": [f"Score the most VP after {last} rounds: Technologies, Philosophy, population, Leaders, "
                           "Wonders, VP tokens (from Challenges, Battles and bonuses that give VP at once) and half your cubes "
                           "left in the Leaders, Wonders and Philosophy trays."],
            "players": players}


# ----- what a choice does, before it is made ----------------------------------------------------
def _me(view: dict[str, Any]) -> dict[str, Any]:
    seat = view.get("you")
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return dict(players[seat])
    return {}


def _cubes(vec: Any, empty: str = "nothing") -> str:
    return ", ".join(f"{k} {AGENTS[j] if k > 1 else AGENT[j]}" for j, k in enumerate(vec) if k) or empty


def _points(vec: Any, empty: str = "nothing") -> str:
    return ", ".join(f"{k} {TYPE_NAMES[j]}" for j, k in enumerate(vec) if k) or empty


def _nth(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _card(c: Content, kind: str, ident: str) -> Any:
    if kind == "wonder" and ident in c.wonder_index:
        return c.wonders[c.wonder_index[ident]]
    if kind == "leader" and ident in c.leader_index:
        return c.leaders[c.leader_index[ident]]
    return None


def _claim_kind(c: Content, view: dict[str, Any], ident: str) -> str:
    claims = view.get("claims") or {}
    if claims.get("kind") in ("wonder", "leader"):
        return str(claims["kind"])
    return "wonder" if ident in c.wonder_index else "leader"


def _leader_text(c: Content, x: Any) -> str:
    parts = []
    if not x.instant.is_empty():
        parts.append(f"on recruiting {effect_text(x.instant)}")
    if repeat_text(x.alive):
        parts.append(f"while alive {repeat_text(x.alive)}")
    if repeat_text(x.cemetery):
        parts.append(f"in the Cemetery {repeat_text(x.cemetery)}")
    return "; ".join(parts) or "no effect"


def _describe_claim(c: Content, view: dict[str, Any], me: dict[str, Any], ident: str) -> dict[str, Any] | None:
    kind = _claim_kind(c, view, ident)
    x = _card(c, kind, ident)
    if x is None:
        return None
    agents = "Builders" if kind == "wonder" else "Ambassadors"
    tray = "wonders" if kind == "wonder" else "leaders"
    have = int((me.get("trays") or {}).get(tray, 0))
    gives = f"build it: {effect_text(x.bonus)}" if kind == "wonder" else f"recruit them: {_leader_text(c, x)}"
    end = _end(x.end).strip()
    moving = me.get("claim_id") and me.get("claim_id") != ident
    title = f"Move your cubes to {x.name}" if moving else f"Claim {x.name}"
    text = (f"{TYPE_NAMES[x.type]} {kind.title()}, {x.cost} {agents} (you have {have}), {x.vp} VP. If it is yours "
            f"once everyone has confirmed, you pay them and {gives}.{(' ' + end) if end else ''}")
    prio = me.get("priority") or []
    if TYPES[x.type] in prio:
        mine = prio.index(TYPES[x.type]) + 1
        text += f" Your {TYPE_NAMES[x.type]} priority: {_nth(mine)} of 5."
        me_seat = me.get("seat")
        rivals = [e for e in ((view.get("claims") or {}).get("cards") or {}).get(ident, []) if e.get("seat") != me_seat]
        for e in rivals:
            better = int(e["priority"]) < mine
            text += (f" Player {e['seat']} ({e['civ']}) claims it too with priority {_nth(int(e['priority']))}: "
                     + ("they would keep it." if better else "you would take it from them."))
    if kind == "leader" and me.get("leader"):
        text += f" Your Leader {me['leader']} would go to the Cemetery (its VP and type still count)."
    return {"title": title, "text": text, "term": f"{kind}:{x.id}"}


def _destiny(c: Content, view: dict[str, Any]) -> Any:
    rnd = str(view.get("round"))
    for e in view.get("events") or []:
        if e.get("kind") == "challenge" and e.get("round") in (rnd, rnd + "a"):
            return next((ch for ch in c.challenges if ch.name == e.get("name")), None)
    return None


def describe_action(game: Any, view: dict[str, Any], action_text: str) -> dict[str, Any] | None:
    """What ``action_text`` does, in plain words from the content and the seat's view."""
    c: Content = game.content
    parts = str(action_text).split()
    if not parts:
        return None
    kind, args = parts[0], parts[1:]
    me = _me(view)
    pop = me.get("population", c.population_start)
    if kind in ("left", "right") and args and args[0] in c.tech_index:
        t = c.techs[c.tech_index[args[0]]]
        if kind == "left":
            text = (f"Its left side deploys {_cubes(t.deploy)} in Phase B (cubes for the trays; your population "
                    f"{pop} caps all the cubes you deploy). Its right side is not used this round.")
        else:
            text = (f"Its right side gives {_points(t.research)} Research in Phase D (your population {pop} caps "
                    "the points you take). Its left side is not used this round.")
        text += " Cards left out of the Project are discarded face down (their VP and type still count)."
        return {"title": f"{t.name} on the {kind}", "text": text, "term": f"tech:{t.id}"}
    if kind == "deploy" and args and args[0] in TRAY_INDEX:
        i = TRAY_INDEX[args[0]]
        have = int((me.get("trays") or {}).get(args[0], 0))
        return {"title": f"Deploy one {AGENT[i]}",
                "text": f"One more cube in the {args[0].title()} tray ({have} now): {AGENTS[i]} {_TRAY_USE[i]}. Your "
                        f"population {pop} caps the cubes you deploy this round: choose what you need most.",
                "term": f"tray:{args[0]}"}
    if kind == "research" and args and args[0] in TYPE_INDEX:
        i = TYPE_INDEX[args[0]]
        have = int((me.get("research") or {}).get(args[0], 0))
        return {"title": f"1 {TYPE_NAMES[i]} Research point",
                "text": f"Your {TYPE_NAMES[i]} track goes from {have} to {have + 1} (10 at most). {TYPE_NAMES[i]} "
                        f"Research pays for {TYPE_NAMES[i]} Technologies in Phase E.",
                "term": f"type:{args[0]}"}
    if kind == "claim" and args:
        return _describe_claim(c, view, me, args[0])
    if kind == "withdraw":
        kind_ = (view.get("claims") or {}).get("kind", "wonder")
        agents = "Builders" if kind_ == "wonder" else "Ambassadors"
        return {"title": "Take cubes back",
                "text": f"Your {agents} leave {me.get('claim') or 'the card'} and stay in the tray for a later "
                        "round (at the end, every 2 cubes left in the Leaders, Wonders and Philosophy trays score "
                        "1 VP). Then confirm.", "term": None}
    if kind == "confirm":
        if me.get("claim"):
            text = (f"Keep your cubes on {me['claim']}. When every player taking part has confirmed with no change "
                    "since, each contested card goes to the claimant whose priority track has its type furthest "
                    "left; an outranked player moves again.")
            title = f"Confirm {me['claim']}"
        else:
            text = "You claim nothing now; your cubes stay in the tray. If someone changes a claim you are asked again."
            title = "Confirm: no claim"
        if me.get("claim_state") == "confirmed":
            text += " You confirmed before: confirming again without a change makes your choice final for this pass."
        return {"title": title, "text": text, "term": None}
    if kind == "pass":
        return {"title": "Claim nothing", "text": "Keep your cubes in the tray for a later round.", "term": None}
    if kind == "buy" and args and args[0] in c.tech_index:
        t = c.techs[c.tech_index[args[0]]]
        have = int((me.get("research") or {}).get(TYPES[t.type], 0))
        bonus = "" if t.bonus.is_empty() else f" Buying it gives {effect_text(t.bonus)} at once."
        return {"title": f"Buy {t.name}",
                "text": f"Pay {t.cost} {TYPE_NAMES[t.type]} Research ({have} → {have - t.cost}). It joins your hand "
                        f"next round — left: {_cubes(t.deploy)}; right: {_points(t.research)} Research — and is worth "
                        f"{t.vp} VP at the end.{bonus}", "term": f"tech:{t.id}"}
    if kind == "benefit" and args and args[0] in c.benefit_index:
        b = c.benefits[c.benefit_index[args[0]]]
        for lv in view.get("philosophy") or []:
            if args[0] in (lv.get("seen_ids") or []):
                mult = int(lv.get("multiplier") or 1)
                first = len(lv.get("faceup") or []) == 0
                extra = " It goes face up for everyone for the rest of the game; the other goes face down." if first else ""
                return {"title": f"Benefit: {b.name}",
                        "text": f"Philosophy level {lv['level']} gives it ×{mult}: {effect_text(b.effect.times(mult))}."
                                + extra, "term": f"benefit:{b.id}"}
        return {"title": f"Benefit: {b.name}", "text": f"{effect_text(b.effect)}, times the level's multiplier.",
                "term": f"benefit:{b.id}"}
    if kind == "destiny" and args and args[0].isdigit():
        n = int(args[0])
        ch = _destiny(c, view)
        what = destiny_text(ch.destiny) if ch is not None else "the Challenge's Destiny"
        if n == 0:
            return {"title": "Do not use the Destiny", "text": f"Keep your cubes as they are. The Destiny: {what}.",
                    "term": f"challenge:{ch.id}" if ch is not None else None}
        did = ""
        if ch is not None:
            d = ch.destiny
            if d.kind == "convert":
                did = f" You move {count(n, AGENT[d.src], AGENTS[d.src])} to the {TRAYS[d.dst].title()} tray."
            elif d.kind == "trade":
                did = f" You pay {_cubes(tuple(k * n for k in d.pay))} and gain {effect_text(d.gain.times(n))}."
        return {"title": f"Use the Destiny {count(n, 'time')}", "text": f"The Destiny: {what}.{did}",
                "term": f"challenge:{ch.id}" if ch is not None else None}
    return None


# ----- the end of the game ------------------------------------------------------------------------
SCORE_COLUMNS = (("technologies", "Technologies"), ("philosophy", "Philosophy"), ("population", "Population"),
                 ("leaders", "Leaders"), ("wonders", "Wonders"), ("tokens", "VP tokens"), ("cubes", "Cubes ÷2"))
"""The score pad's lines A-G (PC-END-2), in its order."""


def score_sheet(game: Any, view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """One row per player with the score pad's lines A-G; the highest total wins and tied players
    share the victory (PC-END-3: there is no tie-break)."""
    scores = result.get("scores") or []
    rows = [{"seat": s, "cells": [int(sc.get(k, 0)) for k, _ in SCORE_COLUMNS], "total": int(sc.get("score", 0))}
            for s, sc in enumerate(scores)]
    winners = [int(w) for w in result.get("winners") or []]
    tie = len(winners) > 1
    return {"columns": [label for _, label in SCORE_COLUMNS], "rows": rows, "winners": winners,
            "tiebreak": ("none: the tied players share the victory (the rulebook has no tie-break)" if tie
                         else "none in this game (players tied on VP share the victory)")}


# ----- the guided first game --------------------------------------------------------------------
def tutorial(game: Any) -> dict[str, Any]:
    """A short game (4 rounds: a Challenge in round 3, a Battle in round 4) against a cheap greedy bot."""
    return {
        "key": "pathciv", "title": "A first game of Path of Civilization (4 rounds)",
        "options": {"players": 2, "rounds": 4},
        "seats": ["human", "greedy:plan=0"],
        "intro": ("Four short rounds against one opponent. Each round you place 4 Technology cards (2 on the left "
                  "deploy cubes, 2 on the right give Research), claim a Wonder or a Leader with your cubes, buy one "
                  "Technology, then a Challenge (round 3) or a Battle (round 4) hands out VP. The guide suggests "
                  "every move and says why; the highlighted card or button plays it."),
        "goal": "Have more VP than your opponent after round 4 (the final score adds the cards' VP, VP tokens, "
                "Philosophy, population and half your cubes left).",
    }


def advice(game: Any, view: dict[str, Any], action: str) -> str:
    """Why a suggested move is good, in a newcomer's words."""
    parts = str(action).split()
    kind = parts[0] if parts else ""
    said = describe_action(game, view, action)
    detail = f" {said['text']}" if said else ""
    why = {
        "left": "Left cards bring cubes: Builders and Ambassadors buy Wonders and Leaders, Philosophers climb the "
                "Philosophy track, Sages score in Challenges, Units fight in Battles.",
        "right": "Right cards bring Research, which buys the Technology you must take in Phase E — pick the type of "
                 "the card you want next.",
        "deploy": "You have more cubes on offer than your population allows: take the ones your next purchase or "
                  "event needs.",
        "research": "You may take only as many points as your population: aim at the Technology you want to buy.",
        "claim": "This card is worth its cost to you, and nobody with a better priority for its type holds it now.",
        "withdraw": "A player with a better priority holds this card: keep your cubes for later.",
        "confirm": "Your claim is the best you can do now; confirm so the cards can be settled.",
        "buy": "The best Technology you can afford: it brings VP and cubes or Research in the next rounds.",
        "benefit": "The Benefit that helps you most, multiplied by the level's multiplier.",
        "destiny": "Using the Destiny as many times as this pays off now.",
    }.get(kind, "A good move now.")
    return why + detail
