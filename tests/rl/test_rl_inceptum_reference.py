"""Inceptum's observations against a straightforward reference encoding, written here from the
state and the rules' own functions, slice by slice as docs/rl.md describes them: the encoder's
full encoding, its in-place updates and the PettingZoo environments' observations must equal it
bit for bit, for every seat of random games (``random_walk``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from civtable.bots.walk import random_walk
from civtable.core import make_game
from civtable.games.inceptum.costs import research_cost, researchable, wonder_table
from civtable.games.inceptum.encode import ACHIEVED, FRAMES, MODES
from civtable.games.inceptum.frames import (
    BonusChoice,
    Deal,
    FreeActions,
    Government,
    Offer,
    Pray,
    Redeal,
    Redraw,
    Respond,
    Slot,
)
from civtable.games.inceptum.player import RESBLD, SPECBLD, WONDER
from civtable.rl.encoding import Observer


def reference_raw(game: Any, lay: Any, s: Any, viewer: int) -> np.ndarray:
    """Every raw value of ``viewer``'s observation, written afresh (no cache, no memo)."""
    at = {f.name: f.start for f in lay.flat}
    raw = np.zeros(lay.size, np.float32)
    c = game.content
    n = s.n
    top = s.stack[-1]
    kind = type(top)
    me = s.players[viewer]
    raw[at["round"]] = s.round
    raw[at["dice"]:at["dice"] + 4] = s.dice or (0, 0, 0, 0)
    raw[at["mode"] + MODES.index(game.options["mode"])] = 1
    raw[at["players"] + n - 2] = 1
    raw[at["decision"] + FRAMES.index(kind)] = 1
    raw[at["you_decide"]] = viewer in s.decision().players
    if s.round and s.turn_pos < n:
        raw[at["turn_of"] + (s.order[s.turn_pos] - viewer) % n] = 1
    raw[at["start_player"] + (s.order[0] - viewer) % n] = 1
    if kind is Offer or kind is Respond:
        offerer, partner = (top.seat, top.partner) if kind is Offer else (top.offerer, top.seat)
        give, ask = top.give, top.ask
        if offerer == viewer:
            raw[at["offer"]] = 1
            raw[at["offer_you_give"]:at["offer_you_give"] + 5] = give
            raw[at["offer_you_get"]:at["offer_you_get"] + 5] = ask
        elif partner == viewer:
            raw[at["offer"] + 1] = 1
            raw[at["offer_you_give"]:at["offer_you_give"] + 5] = ask
            raw[at["offer_you_get"]:at["offer_you_get"] + 5] = give
        else:
            raw[at["offer"] + 2] = 1
    pending = at["pending"]
    if kind is FreeActions or kind is Government:
        raw[pending:pending + 2] = (top.research, top.build)
        if kind is Government:
            raw[pending + 2] = top.benefit
    elif kind is Pray:
        raw[pending + 3:pending + 5] = (top.remaining, top.limit)
    elif kind is BonusChoice:
        raw[pending + 5] = top.remaining[viewer]
    elif kind is Slot:
        slot = at["slot_for"]
        raw[slot] = bool(top.free)
        if top.kind == "b":
            raw[slot + 2 + top.target] = 1
        else:
            raw[slot + 1] = 1
            raw[slot + 2 + len(c.lines) + top.target] = 1
    secret = kind in (Deal, Redraw, Redeal) and not s.finished
    per = c.rules["population_per_cp"]
    for k in range(n):
        seat = (viewer + k) % n
        p = s.players[seat]
        nums = f"seat_numbers[{k}]."
        pop_cp = p.pop_total // per
        raw[at[nums + "hand"]:at[nums + "hand"] + 5] = p.hand
        raw[at[nums + "ptp"]:at[nums + "ptp"] + 5] = p.ptp
        raw[at[nums + "cp"]] = p.cp_research + p.cp_buildings + p.cp_wonders + pop_cp
        raw[at[nums + "cp_parts"]:at[nums + "cp_parts"] + 4] = (p.cp_research, p.cp_buildings, p.cp_wonders, pop_cp)
        raw[at[nums + "population"]:at[nums + "population"] + 2] = (p.pop_total, p.pop_free)
        raw[at[nums + "free_research"]] = p.free_credit
        raw[at[nums + "discounts"]:at[nums + "discounts"] + 6] = (
            p.disc_research + p.bld_research, p.disc_build, p.disc_special, p.disc_wonder, p.disc_trade + p.bld_trade,
            p.disc_iron_trade)
        flags = f"seat_flags[{k}]."
        raw[at[flags + "present"]] = 1
        shown = p.trait if p.trait >= 0 and not (secret and k) else len(c.traits)
        raw[at[flags + "trait"] + shown] = 1
        dawn = bool(p.researched & c.dawn_mask)
        if p.gov:
            raw[at[flags + "government"] + ("republic", "monarchy").index(p.gov)] = 1
        raw[at[flags + "age"] + (2 if dawn else 1 if p.gov else 0)] = 1
        raw[at[flags + "dawn"]] = dawn
        for part in filter(None, s.achieved[seat].split("+")):
            raw[at[flags + "achieved"] + ACHIEVED.index(part)] = 1
        raw[at[flags + "blocked"]] = s.blocked >> seat & 1
        for i, cell in enumerate(p.city):
            if cell is None:
                continue
            slot = f"cities[{k}].slot[{i}]."
            cell_kind, ref, level, pop = cell
            raw[at[slot + "kind"]] = 1
            if cell_kind == WONDER:
                raw[at[slot + "kind"] + 3] = 1
                continue
            raw[at[slot + "kind"] + (1 if cell_kind == RESBLD else 2)] = 1
            raw[at[slot + "level"]] = level
            raw[at[slot + "pop"]] = pop
            if cell_kind != SPECBLD and c.lines[ref].resource >= 0:
                raw[at[slot + "resource"] + c.lines[ref].resource] = 1
    can = set(researchable(s, me))
    for a in range(len(c.advances)):
        adv = f"advances[{a}]."
        raw[at[adv + "researched"]] = me.researched >> a & 1
        raw[at[adv + "available"]] = a in can
        raw[at[adv + "cost"]] = research_cost(s, me, a)
        raw[at[adv + "others"]] = sum(s.players[q].researched >> a & 1 for q in range(n) if q != viewer)
    totals = [sum(row[0]) for row in wonder_table(s, me)[0]]
    for w, wonder in enumerate(c.wonders):
        won = f"wonders[{w}]."
        owner = s.wonder_owner[w]
        raw[at[won + "owner"]] = owner == viewer
        raw[at[won + "owner"] + 1] = owner >= 0 and owner != viewer
        raw[at[won + "unlocked"]] = wonder.unlocked_by < 0 or me.researched >> wonder.unlocked_by & 1
        raw[at[won + "cost"]] = totals[w]
    for b, owner in enumerate(s.benefit_owner):
        raw[at["benefits"] + 2 * b] = owner == viewer
        raw[at["benefits"] + 2 * b + 1] = owner >= 0 and owner != viewer
    return raw


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.float32 and np.array_equal(a.view(np.uint32), b.view(np.uint32))


@pytest.mark.parametrize(("players", "mode", "moves"), [(2, "journey", 600), (3, "journey", 600), (4, "journey", 600),
                                                     (2, "glory", 3000), (3, "mission1", 3000)])
def test_observations_equal_the_reference_encoding(players: int, mode: str, moves: int) -> None:
    """Over random games, for every seat, in any order: the full encoding, a buffer per seat
    updated in place with a stamp per position (what the seats share read once), a buffer per seat
    skipping positions without stamps, and one buffer serving every seat in turn. Each buffer
    starts as NaN, so an entry never written shows. Whole games of For The Glory and a mission
    reach the objectives met (one seat may meet two: "civ+prosperity") and the blocked seats."""
    game = make_game("inceptum", {"players": players, "mode": mode})
    ob = Observer(game)
    lay = ob.layout
    n = game.num_players
    rng = random.Random(players)
    stamped = [(np.full(ob.size, np.nan, np.float32), []) for _ in range(n)]
    skipping = [(np.full(ob.size, np.nan, np.float32), []) for _ in range(n)]
    shared: tuple[np.ndarray, list[Any]] = (np.full(ob.size, np.nan, np.float32), [])
    checked = marks = 0
    kinds: set[str] = set()
    for game_no in range(3):
        for step, (s, _seat, _legal, _action) in enumerate(random_walk(game, random.Random(10 * players + game_no), moves)):
            kinds.add(type(s.stack[-1]).__name__)
            marks += any(s.achieved) or bool(s.blocked)
            stamp = (players, mode, game_no, step)
            for p in rng.sample(range(n), n):
                expected = reference_raw(game, lay, s, p)
                assert same_bits(ob.raw(s, p), expected), f"seat {p + 1}'s full encoding at step {step}"
                raw, memo = stamped[p]
                assert same_bits(ob.update_raw(s, p, raw, memo, stamp), expected), f"seat {p + 1}, stamped, {step}"
                raw, memo = skipping[p]
                if rng.random() < 0.3:
                    assert same_bits(ob.update_raw(s, p, raw, memo), expected), f"seat {p + 1} after a skip, {step}"
                checked += 1
            p = rng.randrange(n)
            raw, memo = shared
            assert same_bits(ob.update_raw(s, p, raw, memo), reference_raw(game, lay, s, p)), "one buffer for all"
    assert checked > 1000
    assert {"Offer", "Respond", "Turn"} | ({"Redraw"} if mode == "journey" else set()) <= kinds, kinds
    assert marks > 0 or mode == "journey"


@pytest.mark.parametrize("players", [2, 3])
def test_environment_observations_equal_the_normalised_reference(players: int) -> None:
    """What both PettingZoo APIs hand out is the layout's normalisation of the reference values."""
    from civtable.rl.envs import inceptum_v1

    rng = np.random.default_rng(players)
    aec = inceptum_v1.env(options={"players": players})
    lay = aec.table.observer.layout
    aec.reset(seed=players)
    for k, agent in enumerate(aec.agent_iter(max_iter=1500)):
        o, _, term, trunc, _ = aec.last()
        raw = reference_raw(aec.game, lay, aec.match.state, aec.agent_name_mapping[agent])
        assert same_bits(o["observation"], lay.normalise(raw, np.empty(lay.size, np.float32))), f"AEC step {k}"
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(o["action_mask"]))))
    par = inceptum_v1.parallel_env(options={"players": players})
    obs, _ = par.reset(seed=players)
    for _ in range(300):
        for a, o in obs.items():
            raw = reference_raw(par.game, lay, par.match.state, par.agent_name_mapping[a])
            assert same_bits(o["observation"], lay.normalise(raw, np.empty(lay.size, np.float32)))
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
        if not par.agents:
            break
