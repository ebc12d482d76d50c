"""Per-seat views (the only thing bots and interfaces see) and the search estimate.

Hidden from other seats: a seat's Phase A commitment until every seat has committed (they see
only that it has committed). Everything else on the table is public: hands are the cards played
last round plus the one bought; discarded cards show their type and VP; claims are open.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from civtable.core.words import count

from .content import (
    AGENT,
    AGENTS,
    CHALLENGES,
    TRAYS,
    TYPE_NAMES,
    TYPES,
    Content,
    Count,
    Destiny,
    Effect,
    Repeat,
)
from .events import DESTINY_LIMIT, history_points, power
from .evolution import MAX_CHANGES, outranked
from .frames import Claim, Deploy, OpenClaims, Research
from .phases import committed, deploy_available, research_available
from .setup import BATTLE_ROUNDS, CHALLENGE_ROUNDS, last_round
from .story import KEEP

if TYPE_CHECKING:
    from .state import PathState


def effect_text(e: Effect) -> str:
    parts = [f"{k} {AGENTS[i] if k > 1 else AGENTS[i][:-1]}" for i, k in enumerate(e.cubes) if k]
    parts += [f"{k} {TYPE_NAMES[i]} Research" for i, k in enumerate(e.rp) if k]
    if e.legacy:
        parts.append(f"{e.legacy} Military Legacy")
    if e.population:
        parts.append(f"{e.population} population")
    if e.vp:
        parts.append(f"{e.vp} VP")
    for i, k in enumerate(e.aside):
        if k:
            agents = AGENTS[i] if k > 1 else AGENT[i]
            event = "Challenge" if i == CHALLENGES else "Battle"
            nth = {1: "", 2: "second ", 3: "third "}.get(e.ahead, f"{e.ahead}th ")
            later = f"the {nth}{event} after the current one"
            parts.append(f"{k} {agents} set aside for {later}")
    return ", ".join(parts) or "nothing"


def repeat_text(r: Repeat) -> str:
    parts = [f"+{k} {AGENTS[i][:-1]} in Phase B" for i, k in enumerate(r.deploy) if k]
    parts += [f"+{k} {TYPE_NAMES[i]} Research in Phase D" for i, k in enumerate(r.research) if k]
    return ", ".join(parts)


def card_view(st: PathState, kind: str, i: int) -> dict[str, Any]:
    c = st.content
    x = c.wonders[i] if kind == "wonder" else c.leaders[i]
    out: dict[str, Any] = {"id": x.id, "name": x.name, "type": TYPES[x.type], "level": x.level, "cost": x.cost, "vp": x.vp}
    if kind == "wonder":
        out["bonus"] = effect_text(c.wonders[i].bonus)
    else:
        ld = c.leaders[i]
        eff = []
        if not ld.instant.is_empty():
            eff.append("on recruiting: " + effect_text(ld.instant))  # the glossary's words
        if ld.alive != Repeat():
            eff.append("while alive: " + repeat_text(ld.alive))
        if ld.cemetery != Repeat():
            eff.append("in the Cemetery: " + repeat_text(ld.cemetery))
        out["bonus"] = "; ".join(eff)
    end = x.end
    if end is not None:
        out["end"] = f"{end.vp} VP per {count_text(end.what, end.every)}"
    return out


def tech_view(st: PathState, i: int) -> dict[str, Any]:
    t = st.content.techs[i]
    return {"id": t.id, "name": t.name, "type": TYPES[t.type], "level": t.level, "cost": t.cost, "vp": t.vp,
            "deploy": list(t.deploy), "research": list(t.research), "bonus": effect_text(t.bonus)}


_CARDS: dict[str, dict[str, dict[str, Any]]] = {}


def tech_cards(st: PathState) -> dict[str, dict[str, Any]]:
    """Every Technology of the content by id (basics too), as drawn on a card; computed once per content."""
    key = st.content.content_id
    hit = _CARDS.get(key)
    if hit is None:
        hit = _CARDS[key] = {t.id: tech_view(st, i) for i, t in enumerate(st.content.techs)}
    return hit


def card_sides(c: Content, i: int) -> str:
    """'left: 2 Builders / right: 2 Industrial' — what a Technology gives on each side."""
    t = c.techs[i]
    left = ", ".join(f"{k} {AGENTS[j] if k > 1 else AGENTS[j][:-1]}" for j, k in enumerate(t.deploy) if k)
    right = ", ".join(f"{k} {TYPE_NAMES[j]}" for j, k in enumerate(t.research) if k)
    return f"left: {left} / right: {right}"


_COUNTED = {"wonders": ("Wonder", "Wonders"), "leaders": ("Leader", "Leaders"),
            "technologies": ("Technology", "Technologies"), "legacy": ("Military Legacy", "Military Legacy"),
            "philosophy": ("Philosophy level", "Philosophy levels"), "population": ("population", "population")}


def count_text(w: Count, n: int = 2) -> str:
    """``n`` of what ``w`` counts, after "per" or "for every": "Leader" (1), "2 Wonders", "2
    Cultural cards", "3 Military Legacy", "Sage" (the cubes of a tray, by their agents)."""
    if w.kind == "cards":
        one, many = f"{TYPE_NAMES[w.arg]} card", f"{TYPE_NAMES[w.arg]} cards"
    elif w.kind == "tray":
        one, many = AGENT[w.arg], AGENTS[w.arg]
    else:
        one, many = _COUNTED.get(w.kind, (w.kind, w.kind))
    return one if n == 1 else f"{n} {many}"


def destiny_text(d: Destiny) -> str:
    """A Challenge's Destiny in plain words."""
    most = f" (at most {count(d.max, 'time')})" if d.max else ""
    if d.kind == "convert":
        return f"each player may turn up to {d.max} {AGENTS[d.src]} into {AGENTS[d.dst]}"
    if d.kind == "trade":
        pay = ", ".join(f"{k} {AGENTS[i] if k > 1 else AGENT[i]}" for i, k in enumerate(d.pay) if k)
        return f"each player may pay {pay} for {effect_text(d.gain)}, again and again{most}"
    return f"each player gains {effect_text(d.gain)} for every {count_text(d.what, d.every)}{most}"


def destiny_done(d: Destiny, k: int, button: bool = False) -> str:
    """What ``k`` uses of a Destiny do, in plain words: for the story ("gains 2 VP (1 VP for every
    4 Technologies)", "turns 1 Ambassador into 1 Builder") or, with ``button``, as the choice a
    player is offered ("Turn 2 Philosophers into 2 Ambassadors"), so nobody has to guess what
    "use it 2 times" means."""
    verb = (lambda w: w.capitalize()) if button else (lambda w: w + "s")
    if d.kind == "convert":
        src, dst = (AGENT if k == 1 else AGENTS)[d.src], (AGENT if k == 1 else AGENTS)[d.dst]
        return f"{verb('turn')} {k} {src} into {k} {dst}"
    if d.kind == "trade":
        pay = ", ".join(f"{k * n} {AGENT[i] if k * n == 1 else AGENTS[i]}" for i, n in enumerate(d.pay) if n)
        return f"{verb('pay')} {pay} for {effect_text(d.gain.times(k))}"
    return f"{verb('gain')} {effect_text(d.gain.times(k))} ({effect_text(d.gain)} for every {count_text(d.what, d.every)})"


def event_line(st: PathState) -> list[dict[str, Any]]:
    c = st.content
    out: list[dict[str, Any]] = []
    for k, i in enumerate(st.challenges):
        if i >= 0:
            ch = c.challenges[i]
            d = ch.destiny
            out.append({"round": "9a" if k == 3 else str(CHALLENGE_ROUNDS[k]), "kind": "challenge", "name": ch.name,
                        "type": TYPES[ch.type], "destiny": destiny_text(d), "divisor": ch.divisor, "bonus": effect_text(ch.bonus),
                        "threshold": ch.threshold, "threshold_vp": ch.threshold_vp, "order": CHALLENGE_ROUNDS[k] * 2,
                        # the Destiny buttons' words: uses[n - 1] is what using it n times does
                        "uses": [destiny_done(d, n, button=True) for n in range(1, min(d.max or DESTINY_LIMIT, DESTINY_LIMIT) + 1)]
                        if d.kind != "per" else []})
    for k, i in enumerate(st.battles):
        if i >= 0:
            b = c.battles[i]
            out.append({"round": "9b" if k == 3 else str(BATTLE_ROUNDS[k]), "kind": "battle", "name": b.name,
                        "threat": b.threat, "lines": [effect_text(e) for e in b.lines], "order": BATTLE_ROUNDS[k] * 2 + 1})
    out.sort(key=lambda e: e["order"])
    last = last_round(st)  # a short learning game never plays the events of later rounds
    out = [e for e in out if int(e["round"].rstrip("ab")) <= last]
    _standings(st, out)
    results = event_results(st)
    for e in out:
        got = results.get((e["kind"], int(e["round"].rstrip("ab"))))
        if got:
            e["result"] = [{"seat": s + 1, "text": text} for s, text in got[1]]
    return out


def event_results(st: PathState) -> dict[tuple[str, int], tuple[str, list[tuple[int, str]]]]:
    """What each resolved Challenge and Battle still told in the moments gave each seat, by
    (kind, round): the card's name and, by seat, "7 VP and 2 Ambassadors", "line 1: 5 VP" or
    "nothing". A Challenge counts once its History points are (its Destiny alone is not a result)."""
    c = st.content
    out: dict[tuple[str, int], tuple[str, list[tuple[int, str]]]] = {}
    for m in st.moments:
        if m["kind"] == "challenge" and m["history"]:
            ch = c.challenges[m["card"]]
            gave = []
            for s, cards, sages, bonus, extra in m["history"]:
                more = f" + {extra} VP for reaching {ch.threshold}" if extra else f" and {effect_text(ch.bonus.times(bonus))}" if bonus else ""
                gave.append((s, f"{cards + sages} VP{more}"))
            out["challenge", m["round"]] = ch.name, gave
        elif m["kind"] == "battle":
            b, won = c.battles[m["card"]], dict((s, line) for s, line in m["won"])
            out["battle", m["round"]] = b.name, [(s, f"line {won[s] + 1}: {effect_text(b.lines[won[s]])}" if s in won else "nothing")
                                         for s in range(len(m["powers"]))]
    return out


def _standings(st: PathState, events: list[dict[str, Any]]) -> None:
    """On the next Challenge and the next Battle still to come, where every player stands if it
    were resolved now (``now``, by seat 1-based): History points (cards of the Challenge's type +
    Sages, PC-CHAL-4) and Power (2 per Unit + Military Legacy, PC-BAT-1). Public: cards' types,
    trays and Legacy lie open on the table."""
    from .state import P_END

    if st.finished or st.round < 1:
        return
    c = st.content
    done = st.phase == P_END  # this round's events are resolved
    seen: set[str] = set()
    for e in events:
        rnd = int(e["round"].rstrip("ab"))
        if e["kind"] in seen or rnd < st.round or (rnd == st.round and done):
            continue
        seen.add(e["kind"])
        if e["kind"] == "battle":
            e["now"] = [{"seat": s + 1, "value": power(p)} for s, p in enumerate(st.players)]
        else:
            ch = c.challenges[st.challenges[CHALLENGE_ROUNDS.index(rnd)]]
            e["now"] = [{"seat": s + 1, "value": history_points(st, p, ch)} for s, p in enumerate(st.players)]


def player_view(st: PathState, seat: int, viewer: int | None) -> dict[str, Any]:
    c = st.content
    p = st.players[seat]
    civ = c.civs[p.civ] if p.civ >= 0 else None
    names = lambda ids: [c.techs[i].name for i in ids]  # noqa: E731
    out: dict[str, Any] = {
        "seat": seat + 1,
        "civ": civ.name if civ else "",
        "priority": [TYPES[t] for t in civ.priority] if civ else [],
        "population": p.population(c),
        "philosophy": p.phil,
        "legacy": p.legacy,
        "research": dict(zip(TYPES, p.research, strict=True)),
        "trays": dict(zip(TRAYS, p.trays, strict=True)),
        "vp": p.vp,
        "hand": names(p.hand),
        "hand_ids": [c.techs[i].id for i in p.hand],
        "hand_cards": {c.techs[i].id: card_sides(c, i) for i in p.hand},
        "left": names(p.left),
        "right": names(p.right),
        "left_ids": [c.techs[i].id for i in p.left],
        "right_ids": [c.techs[i].id for i in p.right],
        "discovered_ids": [c.techs[i].id for i in p.discovered],
        "discards": names(p.discards),
        "discovered": names(p.discovered),
        "wonders": [c.wonders[i].name for i in p.wonders],
        "leader": c.leaders[p.leader].name if p.leader >= 0 else "",
        "cemetery": [c.leaders[i].name for i in p.cemetery],
        "aside": aside_view(p),
        **claim_of(st, seat),
        "committed": committed(p),
        "score": p.score(c)["score"],
    }
    choosing = capped_choice(st, seat)
    if choosing:
        out["choosing"] = choosing
    if p.project is not None and viewer == seat:
        left, right = [t for t in p.project[:2] if t >= 0], [t for t in p.project[2:] if t >= 0]
        out["project"] = {"left": names(left), "right": names(right),
                          "left_ids": [c.techs[i].id for i in left], "right_ids": [c.techs[i].id for i in right]}
    return out


def capped_choice(st: PathState, seat: int) -> dict[str, Any] | None:
    """Phase B or D over the population cap (PC-B-3, PC-D-3): what ``seat`` is choosing, how
    many cubes or points it may still take and what is still on offer. Public: the cards on the
    left and right of a board lie open."""
    f = st.stack[-1] if st.stack and not st.finished else None
    if not isinstance(f, (Deploy, Research)) or seat not in f.seats:
        return None
    p = st.players[seat]
    deploy = isinstance(f, Deploy)
    offer = ([k - d for k, d in zip(deploy_available(st, p), p.placed, strict=True)] if deploy
             else research_available(st, p))
    words = AGENTS if deploy else TYPE_NAMES
    return {"what": "cubes" if deploy else "Research points", "population": p.population(st.content),
            "left": min(p.population(st.content) - sum(p.placed), sum(offer)), "taken": sum(p.placed),
            "offer": {words[i]: k for i, k in enumerate(offer) if k > 0}}


def aside_view(p: Any) -> list[dict[str, Any]]:
    """Cubes a seat has set aside for later events (PC-CHAL-8, PC-BAT-9): public, on the table."""
    out = []
    for i, k in enumerate(p.aside):
        if k:
            challenge = i < 4
            rnd = (CHALLENGE_ROUNDS if challenge else BATTLE_ROUNDS)[i % 4]
            label = f"{rnd}{'a' if challenge else 'b'}" if rnd == 9 else str(rnd)
            out.append({"event": f"{'Challenge' if challenge else 'Battle'} of round {label}", "round": label,
                        "cubes": k, "agents": AGENTS[3 if challenge else 4] if k > 1 else AGENT[3 if challenge else 4]})
    return out


# ----- the story: the recent big moments in words -------------------------------------------------
def _who(st: PathState, seat: int) -> str:
    p = st.players[seat]
    return f"Player {seat + 1}" + (f" ({st.content.civs[p.civ].name})" if p.civ >= 0 else "")


def _plural(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def _reveal_moment(st: PathState) -> dict[str, Any] | None:
    """This round's Projects once turned up (the cards lie open on the boards until the next
    round): what each player plays on the left (cubes, Phase B) and on the right (Research, Phase
    D), before Leaders' bonuses and the population cap. Told from the boards, not kept in the
    state: a record's hash stays what it was."""
    c = st.content
    if not all(p.left and p.right for p in st.players):
        return None
    lines = []
    for seat, (left, right) in enumerate((p.left, p.right) for p in st.players):
        cubes = [sum(c.techs[t].deploy[i] for t in left) for i in range(5)]
        points = [sum(c.techs[t].research[i] for t in right) for i in range(5)]
        gives = ", ".join(_plural(k, AGENT[i], AGENTS[i]) for i, k in enumerate(cubes) if k)
        research = ", ".join(f"{k} {TYPE_NAMES[i]}" for i, k in enumerate(points) if k)
        lines.append(f"{_who(st, seat)}: left {' and '.join(c.techs[t].name for t in left)} ({gives or 'no cube'}); "
                     f"right {' and '.join(c.techs[t].name for t in right)} ({research or 'no'} Research).")
    return {"title": "Projects revealed", "lines": lines, "round": st.round}


def _claims_moment(st: PathState, m: dict[str, Any]) -> dict[str, Any]:
    c = st.content
    wonder = m["what"] == "wonder"
    cards = c.wonders if wonder else c.leaders
    lines = [f"{_who(st, s)} {'builds' if wonder else 'recruits'} {cards[k].name}." for s, k in m["got"]]
    for s, k, by in m["lost"]:
        if by >= 0:
            lines.append(f"{_who(st, s)} was outranked on {cards[k].name} by {_who(st, by)} (priority track).")
    title = "Wonders built" if wonder else "Leaders recruited"
    return {"title": title, "lines": lines or ["Nobody takes a card."], "round": m["round"]}


def _challenge_moment(st: PathState, m: dict[str, Any]) -> dict[str, Any]:
    c = st.content
    ch = c.challenges[m["card"]]
    rnd = "9a" if ch.round == 9 else str(ch.round)
    lines = [f"Destiny: {_who(st, s)} {destiny_done(ch.destiny, k)}." for s, k in m["destiny"]]
    if not m["history"]:  # every seat gets a History line once counted: until then the Destiny is being decided
        lines.append("The players decide on the Destiny; History points are counted next.")
    for s, cards, sages, bonus, extra in m["history"]:
        pts = cards + sages
        got = f"{pts} VP"
        if extra:
            got += f" and {extra} more for reaching {ch.threshold}"
        elif bonus:
            got += f" and {effect_text(ch.bonus.times(bonus))}"
        lines.append(f"{_who(st, s)}: {_plural(cards, TYPE_NAMES[ch.type] + ' card', TYPE_NAMES[ch.type] + ' cards')} "
                     f"+ {_plural(sages, 'Sage', 'Sages')} = {_plural(pts, 'History point', 'History points')}: {got}.")
    for s, k in m["aside"]:
        lines.append(f"{_who(st, s)}'s {_plural(k, 'Sage', 'Sages')} set aside {'joins' if k == 1 else 'join'} "
                     "the Challenges tray.")
    which = "Challenge 9a" if rnd == "9a" else "Challenge"  # the round is beside the title
    return {"title": f"{which}: {ch.name} ({TYPE_NAMES[ch.type]})", "lines": lines, "round": m["round"]}


def _battle_moment(st: PathState, m: dict[str, Any]) -> dict[str, Any]:
    c = st.content
    b = c.battles[m["card"]]
    rnd = "9b" if b.round == 9 else str(b.round)
    won = {s: line for s, line in m["won"]}
    powers: list[int] = m["powers"]
    threat = m["threat"]
    ranked = sorted([(pw, s) for s, pw in enumerate(powers) if pw >= 1] + [(threat, -1)], key=lambda x: -x[0])
    place: dict[int, int] = {}
    pos = 0
    for i, (pw, s) in enumerate(ranked):
        if i and pw != ranked[i - 1][0]:
            pos = i
        place[s] = pos
    lines = []
    for pw, s in ranked:
        at = place[s]
        line = f"line {at + 1}" if at < len(b.lines) else "no line"
        if s < 0:
            what = f"takes {line}: nobody gets it" if at < len(b.lines) else "ranks below the reward lines"
            lines.append(f"External Threat, Power {pw}: {what}.")
        elif s in won:
            lines.append(f"{_who(st, s)}, Power {pw}: line {won[s] + 1}, {effect_text(b.lines[won[s]])}.")
        elif at < len(b.lines) and place.get(-1) == at:
            lines.append(f"{_who(st, s)}, Power {pw}: tied with the External Threat, nothing.")
        else:
            lines.append(f"{_who(st, s)}, Power {pw}: {'nothing (below the reward lines)' if at >= len(b.lines) else 'nothing'}.")
    for s, pw in enumerate(powers):
        if pw < 1:
            lines.append(f"{_who(st, s)}, Power 0: no reward line (Power 1 needed).")
    for s, k in m["aside"]:
        lines.append(f"{_who(st, s)}'s {_plural(k, 'Unit', 'Units')} set aside {'joins' if k == 1 else 'join'} "
                     "the Battles tray.")
    which = "Battle 9b" if rnd == "9b" else "Battle"
    return {"title": f"{which}: {b.name} (External Threat Power {threat})", "lines": lines, "round": m["round"]}


def _round_events(st: PathState, rnd: int) -> list[str]:
    """The round's Challenge and Battle in one line each, what each gave each player, to lead the
    round's scores: "Challenge: Pottery Kilns — Player 1 (Roman) 7 VP; Player 2 (Mayan) 3 VP."."""
    results = event_results(st)
    return [f"{kind.title()}: {name} — " + "; ".join(f"{_who(st, s)} {text}" for s, text in got) + "."
            for kind in ("challenge", "battle") for name, got in [results.get((kind, rnd), ("", []))] if got]


def _scores_moment(st: PathState, m: dict[str, Any]) -> dict[str, Any]:
    order = sorted(range(len(m["scores"])), key=lambda s: -m["scores"][s])
    events = _round_events(st, m["round"])
    if m["kind"] == "end":
        shared = len(m["winners"]) > 1
        lines = [f"{_who(st, s)}: {m['scores'][s]} VP" + ((" — shares the victory" if shared else " — wins")
                                                          if s in m["winners"] else "") + "." for s in order]
        return {"title": "Final score", "lines": events + lines, "round": m["round"]}
    lines = events
    for s in order:
        gained = f" (+{m['gained'][s]})" if m.get("gained") else ""
        lines.append(f"{_who(st, s)}: {m['scores'][s]} VP so far{gained}.")
    return {"title": "Scores at the end of the round", "lines": lines, "round": m["round"]}


def moments(st: PathState) -> list[dict[str, Any]]:
    """The recent big moments, newest last: ``{"title", "lines", "round"}`` in plain words, players
    as "Player N (Civilization)". Everything in them happened in the open."""
    out = []
    reveal = _reveal_moment(st)
    for m in st.moments:
        if reveal and m["round"] >= st.round:  # this round's moments come after its Projects
            out.append(reveal)
            reveal = None
        kind = m["kind"]
        if kind == "claims":
            out.append(_claims_moment(st, m))
        elif kind == "challenge":
            out.append(_challenge_moment(st, m))
        elif kind == "battle":
            out.append(_battle_moment(st, m))
        elif kind in ("round", "end"):
            out.append(_scores_moment(st, m))
    if reveal:
        out.append(reveal)
    return out[-KEEP:]  # as many as the state keeps


def claiming(st: PathState) -> Claim | OpenClaims | None:
    """The claim frame being decided, if any."""
    top = st.stack[-1] if st.stack and not st.finished else None
    return top if isinstance(top, (Claim, OpenClaims)) else None


def claim_of(st: PathState, seat: int) -> dict[str, Any]:
    """A seat's claim (public: cubes sit on the card for all to see) and where it stands:
    ``deciding`` (must answer), ``confirmed``, ``done`` (confirmed twice, its claim stands),
    ``outranked`` (lost the card at the last settlement: must move or withdraw), or ``""``."""
    c = st.content
    f = claiming(st)
    p = st.players[seat]
    if f is None:
        return {"claim": "", "claim_id": "", "claim_state": ""}
    out: dict[str, Any] = {"claim": "", "claim_id": ""}
    if p.claim >= 0:
        card = c.wonders[p.claim] if f.kind == "wonder" else c.leaders[p.claim]
        out = {"claim": card.name, "claim_id": card.id}
    if isinstance(f, OpenClaims):
        if outranked(st, seat):
            state = "outranked"
        elif seat in f.seats:
            state = "deciding"
        elif f.confirms[seat] >= 2:
            state = "done"
        elif seat in f.active:
            state = "confirmed"
        else:
            state = ""
        out["claim_state"] = state
        if seat in f.active:
            out["changes_left"] = MAX_CHANGES - f.changes[seat]
    else:
        out["claim_state"] = "deciding" if seat in f.seats else ("claimed" if p.claim >= 0 else "")
    return out


def claims_view(st: PathState) -> dict[str, Any] | None:
    """The claim step under way: which kind, which pass, and for each claimed card its claimants
    with their priority for its type (1 = leftmost) and who leads it now."""
    f = claiming(st)
    if f is None:
        return None
    c = st.content
    cards: dict[str, list[dict[str, Any]]] = {}
    for seat, p in enumerate(st.players):
        if p.claim < 0:
            continue
        card = c.wonders[p.claim] if f.kind == "wonder" else c.leaders[p.claim]
        rank = c.civs[p.civ].rank[card.type] + 1
        cards.setdefault(card.id, []).append({"seat": seat + 1, "civ": c.civs[p.civ].name, "priority": rank})
    for entries in cards.values():
        best = min(e["priority"] for e in entries)
        for e in entries:
            e["leads"] = e["priority"] == best
    mode = "open" if isinstance(f, OpenClaims) else "once"
    return {"kind": f.kind, "mode": mode, "pass": (f.reclaim if isinstance(f, OpenClaims) else f.round) + 1,
            "cards": cards, "max_changes": MAX_CHANGES if mode == "open" else 1}


def view(st: PathState, player: int | None) -> dict[str, Any]:
    from .state import PHASE_NAMES

    c = st.content
    d = st.decision()
    return {
        "game": "pathciv",
        "you": player,
        "round": st.round,
        "last_round": last_round(st),
        "phase": PHASE_NAMES[st.phase],
        "finished": st.finished,
        "deciding": [s + 1 for s in d.players if s >= 0],
        "prompt": d.prompt,
        "threat": st.threat,
        "events": event_line(st),
        "market": {"wonders": [card_view(st, "wonder", i) for i in st.market_w],
                   "leaders": [card_view(st, "leader", i) for i in st.market_l]},
        "library": [dict(tech_view(st, i), left=st.supply[i]) for i, t in enumerate(c.techs) if t.level > 0],
        "cards": tech_cards(st),
        "philosophy": [
            {"level": lv, "cost": c.phil_costs[lv - 1], "multiplier": c.phil_mult[lv - 1], "vp": c.phil_vp[lv],
             "seen": [c.benefits[t].name for t in st.tokens[lv]], "seen_ids": [c.benefits[t].id for t in st.tokens[lv]],
             "effects": [effect_text(c.benefits[t].effect) for t in st.tokens[lv]],
             "gives": [effect_text(c.benefits[t].effect.times(c.phil_mult[lv - 1])) for t in st.tokens[lv]],
             "faceup": [c.benefits[t].name for t in st.faceup[lv]]}
            for lv in range(1, c.phil_top + 1)
        ],
        "players": [player_view(st, s, player) for s in range(len(st.players))],
        "claims": claims_view(st),
        "moments": moments(st),
    }


def heuristic_values(st: PathState) -> list[float]:
    """Win estimates from the current score plus a share of what is still in the trays/tracks."""
    c = st.content
    est = []
    for p in st.players:
        s = p.score(c)["score"] + 0.4 * sum(p.trays) + 0.15 * sum(p.research) + 0.5 * p.legacy
        est.append(s)
    top = max(est)
    w = [math.exp((e - top) / 6.0) for e in est]
    tot = sum(w)
    return [x / tot for x in w]
