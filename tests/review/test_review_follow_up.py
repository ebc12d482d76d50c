"""What the rules do by themselves after a move, told apart from the move (``before_follow_up``)
in Path of Civilization (Phase F's events and the end of the round), Dominations (the end of
an Age, the Knowledge reset, a seat's start-of-turn gains), Conquest (the next player's
production and upkeep) and Inceptum (the next round's production): a swing the automatic part
made is put down to it, by its cards' names; the held copy is the real state before that part,
with a follow-up frame naming it on top (resumed, it is the state the move makes); a move that
sets nothing off is not split."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest
from test_review import _record

from civtable.core import CHANCE, GameState, make_game
from civtable.games.conquest import follow_up as cq_follow_up
from civtable.games.conquest.frames import FollowUp as ConquestFollowUp
from civtable.games.dominations import follow_up as dom_follow_up
from civtable.games.inceptum import follow_up as inc_follow_up
from civtable.games.inceptum.frames import FollowUp as InceptumFollowUp
from civtable.games.pathciv import follow_up as pc_follow_up
from civtable.games.pathciv.frames import DestinyChoice, FollowUp
from civtable.games.pathciv.state import P_EVENT
from civtable.games.pathciv.vocab import BATTLE_ROUNDS
from civtable.review import analyse, estimate, review_record
from civtable.review.analyse import _states


def _leaf(monkeypatch: pytest.MonkeyPatch, leaf: Any) -> None:
    """The review's estimates read ``leaf`` (uncalibrated), and nothing else; every change may
    be a swing (no noise floor: ``leaf`` has none)."""
    monkeypatch.setattr(estimate, "game_bot_module", lambda game: SimpleNamespace(leaf_values=leaf))
    monkeypatch.setattr(estimate, "calibration_slopes", lambda: {})
    monkeypatch.setattr(analyse, "NOISE_SWING", 0.0)


def test_pathciv_a_swing_made_by_a_battle_round_names_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Player 1's chance grows with every Battle round played out, which only Phase F and the end
    of the round move (after the last purchase): the swing is put down to the battle, named by its
    card, not to the purchase that set it off."""

    def battles(s: Any) -> list[float]:
        done = sum(1 for r in BATTLE_ROUNDS if r < s.round)
        return [0.3 + 0.1 * done, 0.7 - 0.1 * done]

    _leaf(monkeypatch, battles)
    record = _record("pathciv", 3)
    review = review_record(record, seats=[], samples=1)
    game, states = _states(record)
    names = {b.id: b.name for b in game.content.battles}
    last = review["points"][-1]["round"]
    swings = [sw for sw in review["swings"] if sw["round"] < last]  # the last: the game's real end
    assert len(swings) >= 2
    for sw in swings:
        r = sw["round"]
        assert r in BATTLE_ROUNDS
        card = names[game.content.battles[states[sw["at"]].battles[BATTLE_ROUNDS.index(r)]].id]
        assert sw["sentence"] == (f"Round {r}: the battle of Round {r} ({card}) and the end of Round {r} — "
                                  f"Player 1 (red)'s chance rose from {round(100 * sw['before'])}% to "
                                  f"{round(100 * sw['after'])}%."), sw["sentence"]
        assert sw["actor"] == -2 and sw["alone"]


def test_dominations_a_swing_made_by_the_domination_cards_names_the_end_of_the_age(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's chance follows its lead in Domination-card VP, which only the end of an Age
    scores: the swing is put down to the end of the Age, not to the last move of the Age."""

    def domination(s: Any) -> list[float]:
        lead = s.players[0].tally[3] - s.players[1].tally[3]  # VP from the Domination cards
        p = min(0.95, max(0.05, 0.5 + 0.04 * lead))
        return [p, 1.0 - p]

    _leaf(monkeypatch, domination)
    review = review_record(_record("dominations", 3), seats=[], samples=1)
    last = review["points"][-1]["round"]
    swings = [sw for sw in review["swings"] if sw["round"] < last]  # the last: the game's real end
    assert swings
    for sw in swings:
        # at the end of the Age it names, not in the next Age's first round ("Age 2, round 1: the end of Age 1 …")
        age = re.match(r"^End of Age ([12]): the (end of Age ([12]) scoring|Influence VP and Domination cards of Age ([12])) — "
                       r"Player \d \((red|blue)\)'s chance (rose|fell) from \d+% to \d+%\.$", sw["sentence"])
        assert age and age.group(1) == (age.group(3) or age.group(4)), sw["sentence"]
        assert sw["actor"] == -2 and sw["alone"]


def _walk(game_name: str, options: dict[str, Any], seed: int) -> list[tuple[GameState, int, Any, GameState]]:
    """(state, player, action, the state the action makes) for every action of a random game."""
    game = make_game(game_name, options)
    st = game.new_initial_state()
    rng = random.Random(seed)
    out = []
    while not st.is_terminal():
        d = st.decision()
        p = d.players[0]
        acts = [a for a, _ in st.chance_outcomes()] if p == CHANCE else st.legal_actions(p)
        a = rng.choice(acts)
        nxt = st.clone()
        nxt.apply_unchecked(a, p)
        out.append((st, p, a, nxt))
        st = nxt
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_pathciv_the_held_copy_is_the_state_before_phase_f(seed: int) -> None:
    """A move is split exactly when it sets Phase F off (the round ends, the game ends, or the
    Destiny choice comes); the held copy stands at Phase F with a FollowUp naming what comes,
    and resumed it is the state the move makes (same state hash); every other move is not split."""
    game = make_game("pathciv", {"players": 2, "rounds": 5})
    walk = _walk("pathciv", {"players": 2, "rounds": 5}, seed)
    split = 0
    for st, p, a, nxt in walk:
        got = game.before_follow_up(st, p, a)
        destiny = bool(nxt.stack) and isinstance(nxt.stack[-1], DestinyChoice) and not (
            st.stack and isinstance(st.stack[-1], DestinyChoice))
        expected = (st.round >= 1 and (nxt.round > st.round or nxt.finished)) or destiny
        assert (got is not None) == expected, (st.round, st.phase, a.text())
        if got is None:
            continue
        split += 1
        held, words = got
        assert held.phase == P_EVENT and held.stack == [FollowUp(words)]
        assert held.decision().players == (CHANCE,) and held.decision().prompt == words
        assert type(held) is type(st)  # a plain state, safe to copy and save
        assert pc_follow_up.resume(held).state_hash() == nxt.state_hash()
        assert game.load_state(game.save_state(held)).state_hash() == held.state_hash()
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", words)  # names, never ids
    assert split >= 5  # one per round at least


def test_pathciv_names_the_round_s_events_by_their_cards() -> None:
    game = make_game("pathciv", {"players": 2, "rounds": 9})
    walk = _walk("pathciv", {"players": 2, "rounds": 9}, 4)
    said = [got[1] for st, p, a, _ in walk if (got := game.before_follow_up(st, p, a)) is not None]
    challenges = {c.name for c in game.content.challenges}
    battles = {b.name for b in game.content.battles}
    assert said[0] == "the end of Round 1" and said[1] == "the end of Round 2"
    for text in said:
        m = re.match(r"^the (?:History of the )?Challenge of Round (\d) \((.+?)\)", text)
        if m:
            assert m.group(2) in challenges
        m = re.search(r"the battle of Round (\d) \((.+?)\)", text)
        if m:
            assert int(m.group(1)) in BATTLE_ROUNDS and m.group(2) in battles
    assert said[-1].endswith(" and the final scoring")
    assert any("the battle of Round 4 (" in t for t in said)


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6)])
def test_dominations_the_held_copy_is_the_state_before_the_automatic_steps(players: int, seed: int) -> None:
    """Split moves: the held copy waits at a FollowUp above the held step and resumed is the
    state the move makes; the moves of a turn that end no Age and start no gains are not split."""
    game = make_game("dominations", {"players": players})
    walk = _walk("dominations", {"players": players}, seed)
    said = []
    for st, p, a, nxt in walk:
        got = game.before_follow_up(st, p, a)
        if got is None:
            assert nxt.age == st.age and not nxt.finished, a.text()  # every Age ends in a held step
            continue
        held, words = got
        said.append(words)
        assert held.stack[-1].TAG == "follow-up" and held.stack[-2].TAG == "step"
        assert held.decision().players == (CHANCE,) and held.decision().prompt == words
        assert type(held) is type(st)
        assert dom_follow_up.resume(held).state_hash() == nxt.state_hash()
        assert game.load_state(game.save_state(held)).state_hash() == held.state_hash()
    assert "the end of Age 1 scoring" in said and "the end of Age 2 scoring" in said
    assert any(w.startswith("the Knowledge reset before Age ") for w in said)
    assert said[-1].endswith("the final scoring")
    assert len(said) < len(walk) // 20  # most moves set nothing off


def test_dominations_start_of_turn_gains_are_held_for_the_seat_that_has_them() -> None:
    """A seat with a start-of-turn gain: the move before its turn is split, naming that seat."""
    walk = _walk("dominations", {"players": 2}, 5)
    game = make_game("dominations", {"players": 2})
    st, p, a, nxt = next(w for w in walk if w[0].stack and w[0].stack[-1].TAG == "develop"
                          and w[3].age == w[0].age and w[3].turn_no > w[0].turn_no)
    seat = nxt.initiative[(nxt.turn_no - 1) % 2]
    assert game.before_follow_up(st, p, a) is None  # nobody gains anything at the start of a turn yet
    gains = st.clone()
    mods = gains.players[seat].mods
    gains.players[seat].mods = mods._replace(turn_start=(1, 0, 0, 0, 0, 0, 0))
    got = game.before_follow_up(gains, p, a)
    assert got is not None and got[1] == f"Player {seat + 1}'s gains at the start of the turn"
    after = gains.clone()
    after.apply_unchecked(a, p)
    assert dom_follow_up.resume(got[0]).state_hash() == after.state_hash()


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2)])
def test_conquest_the_held_copy_is_the_state_before_the_next_production(players: int, seed: int) -> None:
    """A move is split exactly when it starts a turn (the turn's end, or the last starting City);
    the held copy waits at a FollowUp naming the next player's production and upkeep, and
    resumed it is the state the move makes; it is a plain state that saves and loads."""
    options = {"players": players, "max_rounds": 6}
    game = make_game("conquest", options)
    walk = _walk("conquest", options, seed)
    said = []
    for st, p, a, nxt in walk:
        got = game.before_follow_up(st, p, a)
        starts = nxt.phase != "over" and (nxt.turns > st.turns or (st.phase == "city" and nxt.phase != "city"))
        assert (got is not None) == starts, (st.phase, a.text())
        if got is None:
            continue
        held, words = got
        said.append(words)
        assert words == f"Player {held.active + 1}'s production and upkeep" and held.active == nxt.active
        assert held.frames == [ConquestFollowUp(words)]
        assert held.decision().players == (CHANCE,) and held.decision().prompt == words
        assert held.legal_actions(CHANCE) == [cq_follow_up.RESUME]
        assert type(held) is type(st) and not vars(held).keys() - vars(st).keys()  # no marks left on it
        assert cq_follow_up.resume(held).state_hash() == nxt.state_hash()
        assert game.load_state(game.save_state(held)).state_hash() == held.state_hash()
    assert len(said) >= 6 * players - 1  # every turn but the last


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4)])
def test_inceptum_the_held_copy_is_the_state_before_the_next_round(players: int, seed: int) -> None:
    """A move is split exactly when it starts a round (the setup's end, a round's last turn; at
    the round limit the round that does not come); the held copy waits at a FollowUp naming the
    next round's production, and resumed it is the state the move makes."""
    options = {"players": players, "max_rounds": 3}
    game = make_game("inceptum", options)
    walk = _walk("inceptum", options, seed)
    said = []
    for st, p, a, nxt in walk:
        got = game.before_follow_up(st, p, a)
        assert (got is not None) == (nxt.round > st.round or nxt.unfinished), a.text()
        if got is None:
            continue
        held, words = got
        said.append(words)
        assert held.stack == [InceptumFollowUp(words)] and held.round == st.round
        assert held.decision().players == (CHANCE,) and held.decision().prompt == words
        assert held.legal_actions(CHANCE) == [inc_follow_up.RESUME]
        assert type(held) is type(st)
        assert inc_follow_up.resume(held).state_hash() == nxt.state_hash()
        assert game.load_state(game.save_state(held)).state_hash() == held.state_hash()
    assert said == [f"the production at the start of Round {r}" for r in range(1, len(said) + 1)]
    assert walk[-1][3].unfinished and len(said) == 4  # rounds 1 to 3, and the limit
