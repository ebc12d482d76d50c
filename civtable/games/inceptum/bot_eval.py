"""The Inceptum bot's evaluation: how good a position is for one seat (used by the greedy player
in :mod:`civtable.games.inceptum.bot` and by the search's leaf estimate).

:func:`value` scores a position for one seat: Civilization Points, production (PTP, worth more
early in the game), resources in hand, free population, and progress toward the mode's objectives
(Dawn of Modern Civilization, the CP target and 20 of each resource in *Journey*; the trait's own
condition or prosperity in *For The Glory*; building counts in the missions), plus the race worth
of exclusive benefits and wonders (:mod:`.bot_value`). A won game is worth far more than anything
else. The terms that depend on the hand alone (:func:`hand_terms`) are split from the rest
(:func:`split_value`) so that bank trades, which change only the hand, are revalued cheaply.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .bot_support import cached_exclusives
from .bot_value import exclusives

RES = ("food", "wood", "stone", "iron", "gold")
BIG = 10_000.0
EXPECTED_ROUNDS = {"mission1": 10, "mission2": 16, "journey": 20, "glory": 28}


def _objectives(s: Any) -> dict[str, Any]:
    return s.c.objectives  # type: ignore[no-any-return]


class _Ctx(NamedTuple):
    """What :func:`value` reads from the content and options, once per game."""

    mode: str
    expected: float
    per_cp: int
    dawn_mask: int
    race: bool  # the mode is a race to Dawn, a CP target and some of every resource
    race_cp: int
    race_each: int
    glory: dict[str, Any] | None


_CTX: dict[int, tuple[Any, _Ctx]] = {}


def _ctx(s: Any) -> _Ctx:
    got = _CTX.get(id(s.game))
    if got is not None and got[0] is s.game:
        return got[1]
    c = s.c
    mode = s.opt["mode"]
    race_cp = race_each = 0
    glory = None
    if mode == "journey":
        race_cp, race_each = int(c.objectives["journey"]["cp"]), int(c.objectives["journey"]["each_resource"])
    elif mode == "glory":
        glory = c.objectives["glory"]
        race_cp, race_each = int(glory["prosperity_cp"]), int(glory["each_resource"])
    ctx = _Ctx(mode, float(EXPECTED_ROUNDS.get(mode, 20)), c.rules["population_per_cp"], c.dawn_mask,
               mode in ("journey", "glory"), race_cp, race_each, glory)
    if len(_CTX) > 64:
        _CTX.clear()
    _CTX[id(s.game)] = (s.game, ctx)
    return ctx


def value(s: Any, me: int, w: dict[str, float] | None = None) -> float:
    """How good state ``s`` is for seat ``me`` (larger is better; a win is worth ``BIG``), with
    the weights ``w`` (default :data:`WEIGHTS`)."""
    if w is not None:
        return _weighted(s, me, w)
    if s.finished:
        winners = s.winners
        if me in winners:
            return BIG / len(winners)
        return -BIG if winners else 0.0
    p = s.players[me]
    fixed, ctx, cp, dawn = split_value(s, me, p)
    return fixed + hand_terms(p.hand, ctx, cp, dawn)


def split_value(s: Any, me: int, p: Any) -> tuple[float, _Ctx, int, int]:
    """What :func:`hand_terms` needs besides the hand, and the value of everything else."""
    ctx = _ctx(s)
    cp = p.cp_research + p.cp_buildings + p.cp_wonders + p.pop_total // ctx.per_cp
    return _position(s, me, p, ctx, cp), ctx, cp, p.researched & ctx.dawn_mask


def hand_terms(hand: list[int], ctx: _Ctx, cp: int, dawn: int) -> float:
    """The terms of :func:`value` that depend on the hand: resources held and the race's stock."""
    h0, h1, h2, h3, h4 = hand  # min(h, 50) each, written out (this runs for every look-ahead)
    v = 0.06 * ((h0 if h0 < 50 else 50) + (h1 if h1 < 50 else 50) + (h2 if h2 < 50 else 50)
                + (h3 if h3 < 50 else 50) + (h4 if h4 < 50 else 50))
    each = ctx.race_each
    if ctx.race:
        target_cp = ctx.race_cp
        ratio = min(1.0, cp / target_cp) if target_cp else 1.0
        held = ((h0 if h0 < each else each) + (h1 if h1 < each else each) + (h2 if h2 < each else each)
                + (h3 if h3 < each else each) + (h4 if h4 < each else each))
        stock = held / (5.0 * each) if each else 1.0
        # hoarding matters once the CP target is near
        v += (4.0 + 40.0 * ratio**4 * (1.0 if dawn else 0.5)) * stock
    return v


def _position(s: Any, me: int, p: Any, ctx: _Ctx, cp: int) -> float:
    """The terms of :func:`value` that do not depend on the hand."""
    ptp = p.ptp
    left = ctx.expected - s.round
    horizon = 8.0 if left > 8.0 else (left if left > 1.0 else 1.0)
    v = 1.0 * cp
    v += 0.09 * horizon * (ptp[0] + ptp[1] + ptp[2] + 1.2 * ptp[3] + 1.3 * ptp[4])
    if p.pop_free and None in p.city:
        v += 0.8 * min(p.pop_free, 3)
    if s.achieved[me]:
        v += 30.0  # objectives met at the end of a turn: the round ends in a win unless outdone
    v += cached_exclusives(s, me, exclusives)
    mode = ctx.mode
    if ctx.race:
        if p.researched & ctx.dawn_mask:
            v += 8.0
        if cp >= ctx.race_cp:
            v += 10.0
        if ctx.glory is not None and p.trait >= 0:
            v += 2.5 * _trait_progress(s, p, s.c.traits[p.trait].id, ctx.glory)
    elif mode == "mission1":
        need = int(_objectives(s)["mission1"]["resource_buildings"])
        v += 4.0 * min(need, _count_levels(p, 1)) / need * 10
    elif mode == "mission2":
        m = _objectives(s)["mission2"]
        v += 3.0 * min(_count_levels(p, 2), m["level2_resource_buildings"] + m["level3_resource_buildings"])
        v += 4.0 * min(_count_levels(p, 3), m["level3_resource_buildings"])
        v += 4.0 * min(bin(p.wonders).count("1"), m["wonders"])
    return v


def _weighted(s: Any, me: int, w: dict[str, float]) -> float:
    """:func:`value` with other weights: each term of the default value rescaled."""
    if s.finished:
        return value(s, me)
    p = s.players[me]
    cp = s.cp(p)
    hand, ptp = p.hand, p.ptp
    horizon = min(max(1.0, EXPECTED_ROUNDS.get(s.opt["mode"], 20) - s.round), 8.0)
    prod = 0.09 * horizon * (ptp[0] + ptp[1] + ptp[2] + 1.2 * ptp[3] + 1.3 * ptp[4])
    held = 0.06 * sum(min(h, 50) for h in hand)
    pop = 0.8 * min(p.pop_free, 3) if p.pop_free and None in p.city else 0.0
    rest = value(s, me) - cp - prod - held - pop
    v = w["cp"] * cp + w["production"] / 0.09 * prod + w["hand"] / 0.06 * held + w["population"] / 0.8 * pop
    v += w["objectives"] * rest
    if w["wonders"]:
        v += w["wonders"] * bin(p.wonders).count("1")
    if w["advances"]:
        v += w["advances"] * bin(p.researched).count("1")
    return v


def _count_levels(p: Any, minimum: int) -> int:
    return sum(1 for cell in p.city if cell is not None and cell[0] == 1 and cell[2] >= minimum)


def _trait_progress(s: Any, p: Any, trait: str, g: dict[str, Any]) -> float:
    if trait == "expansionist":
        return min(1.0, _count_levels(p, 4) / g["expansionist_level4_buildings"]) * 10
    if trait == "cultural":
        return min(1.0, bin(p.wonders).count("1") / g["cultural_wonders"]) * 10
    if trait == "united":
        return min(1.0, sum(1 for c in p.city if c is not None) / g["united_structures"]) * 10
    if trait == "scientific":
        return min(1.0, bin(p.researched).count("1") / max(1, len(s.c.advances) - 2)) * 10
    return 0.0
