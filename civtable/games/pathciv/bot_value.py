"""The Path of Civilization greedy player's value of a position (see :mod:`.bot`): the seat's
score plus what its pieces are likely to become, weighed by a style's multipliers."""

from __future__ import annotations

from .bot_style import PLAIN, Tilt
from .content import BATTLES, CHALLENGES, LEADERS, PHILOSOPHY, WONDERS, Effect, Repeat
from .player import Player
from .setup import BATTLE_ROUNDS, CHALLENGE_ROUNDS, last_round
from .state import P_EVENT, P_PURCHASE, PathState

TRAY_BASE = (0.9, 1.0, 1.1, 1.0, 0.8)  # value of one cube in each tray beyond line G
RP_VALUE = 0.3
LEGACY_VALUE = 0.6
ASIDE_VALUE = 0.7  # a Sage / Unit waiting for a later event


def rounds_left(s: PathState) -> float:
    return max(0.0, last_round(s) - s.round + (0.5 if s.phase < P_PURCHASE else 0.0))


def tray_weights(s: PathState, p: Player, tw: Tilt = PLAIN) -> list[float]:
    c = s.content
    w = [b * m for b, m in zip(TRAY_BASE, tw[:5], strict=True)]
    last = last_round(s)
    if s.round >= last and s.phase >= P_EVENT:
        return [0.0] * 5
    if not any(last >= r >= s.round for r in CHALLENGE_ROUNDS):
        w[CHALLENGES] = 0.0
    if not any(last >= r >= s.round for r in BATTLE_ROUNDS):
        w[BATTLES] = 0.0
    if p.phil >= c.phil_top:
        w[PHILOSOPHY] = 0.0
    if s.round >= last - 1:  # late: cubes in the purchase trays are mostly worth line G
        w[LEADERS] *= 0.5
        w[WONDERS] *= 0.5
    return w


def effect_value(s: PathState, p: Player, e: Effect, w: list[float] | None = None, tw: Tilt = PLAIN) -> float:
    if e.is_empty():
        return 0.0
    w = w or tray_weights(s, p, tw)
    left = rounds_left(s)
    v = sum(k * x for k, x in zip(e.cubes, w, strict=True)) + RP_VALUE * tw.research * sum(e.rp) + e.vp
    v += ASIDE_VALUE * sum(k * m for k, m in zip(e.aside, tw[:5], strict=True))  # set aside for a later event
    v += e.legacy * (LEGACY_VALUE * tw.legacy if left > 0.5 else 0.0) + e.population * (0.5 * left + 0.5) * tw.population
    return v


def repeat_value(s: PathState, r: Repeat, tw: Tilt = PLAIN) -> float:
    deploy = sum(k * m for k, m in zip(r.deploy, tw[:5], strict=True))
    return (deploy * 0.9 + sum(r.research) * RP_VALUE * tw.research) * rounds_left(s) * 0.6


def tech_value(s: PathState, p: Player, i: int, tw: Tilt = PLAIN, w: list[float] | None = None) -> float:
    """What Technology ``i`` is worth to ``p`` (``w``: the tray weights, when already known)."""
    c = s.content
    t = c.techs[i]
    prod = sum(k * m for k, m in zip(t.deploy, tw[:5], strict=True)) * 0.8 + sum(t.research) * RP_VALUE * tw.research
    return t.vp * tw.technologies + effect_value(s, p, t.bonus, w, tw) + prod * rounds_left(s) * 0.35


def card_value(s: PathState, p: Player, kind: str, card: int, tw: Tilt = PLAIN) -> float:
    c = s.content
    if kind == "wonder":
        x = c.wonders[card]
        vp, v = float(x.vp), effect_value(s, p, x.bonus, tw=tw)
    else:
        ld = c.leaders[card]
        vp, v = float(ld.vp), effect_value(s, p, ld.instant, tw=tw) + repeat_value(s, ld.alive, tw) + 0.5 * repeat_value(s, ld.cemetery, tw)
        if p.leader >= 0:  # the old Leader's living bonus stops
            old = c.leaders[p.leader]
            v -= repeat_value(s, old.alive, tw) - 0.5 * repeat_value(s, old.cemetery, tw)
    end = x.end if kind == "wonder" else c.leaders[card].end
    if end is not None:
        vp += p.end_vp(c, end) + 0.5 * end.vp
    return v + vp * (tw.wonders if kind == "wonder" else tw.leaders)  # the card's VP weighed like its score line


def sheet_value(lines: dict[str, int], tw: Tilt = PLAIN) -> float:
    """The score sheet's total with the style's multipliers on its lines."""
    if tw is PLAIN:
        return float(lines["score"])
    return float(lines["score"]) + sum((getattr(tw, k) - 1.0) * lines[k]
                                       for k in ("technologies", "philosophy", "population", "leaders", "wonders"))


def value(s: PathState, me: int, tw: Tilt = PLAIN, memo: dict[int, float] | None = None) -> float:
    """Estimated final VP of seat ``me`` (see the module documentation), its parts weighed
    by a style's multipliers ``tw``. ``memo`` keeps :func:`tech_value` by Technology for calls
    that share the round, the phase and the seat's Philosophy level (so its tray weights)."""
    c = s.content
    p = s.players[me]
    v = sheet_value(p.score(c), tw)
    if s.finished:
        return v
    w = tray_weights(s, p, tw)
    v += sum(k * x for k, x in zip(p.trays, w, strict=True))
    v += ASIDE_VALUE * (tw.challenges * sum(p.aside[:4]) + tw.battles * sum(p.aside[4:]))
    left = rounds_left(s)
    v += RP_VALUE * tw.research * sum(min(r, 7) for r in p.research) * (1.0 if left > 0.5 else 0.0)
    last = last_round(s)
    v += p.legacy * LEGACY_VALUE * tw.legacy * sum(1 for r in BATTLE_ROUNDS if last >= r >= s.round) / 4
    v += p.pop * 0.45 * left * tw.population
    active = sorted((sum(c.techs[i].deploy) + sum(c.techs[i].research) for i in p.hand + p.left + p.right + p.discovered),
                    reverse=True)[:4]
    v += 0.12 * sum(active) * left
    if s.phase <= P_PURCHASE and not p.bought:  # the compulsory purchase to come
        best = 0.0
        for k, i in enumerate(_affordable(s, p)):
            tv = memo.get(i) if memo is not None else None
            if tv is None:
                tv = tech_value(s, p, i, tw, w)
                if memo is not None:
                    memo[i] = tv
            tv -= RP_VALUE * tw.research * c.techs[i].cost
            best = tv if k == 0 or tv > best else best
        v += best
    if p.claim >= 0 and s.stack and getattr(s.stack[-1], "kind", "") in ("wonder", "leader"):
        kind = s.stack[-1].kind
        if not _outranked(s, me, kind, p.claim):
            tray = WONDERS if kind == "wonder" else LEADERS
            cost = (c.wonders[p.claim] if kind == "wonder" else c.leaders[p.claim]).cost
            v += card_value(s, p, kind, p.claim, tw) - cost * w[tray]
    return v


def _affordable(s: PathState, p: Player) -> list[int]:
    c = s.content
    return [i for i, t in enumerate(c.techs) if t.level > 0 and s.supply[i] > 0 and p.research[t.type] >= t.cost]


def _outranked(s: PathState, me: int, kind: str, card: int) -> bool:
    c = s.content
    t = (c.wonders[card] if kind == "wonder" else c.leaders[card]).type
    mine = c.civs[s.players[me].civ].rank[t]
    return any(q.claim == card and c.civs[q.civ].rank[t] < mine for i, q in enumerate(s.players) if i != me)
