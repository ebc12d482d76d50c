"""A seat's estimated chance to win, from its own information only.

The estimate is the game's chance estimate: ``chance_values`` in ``civtable.games.<game>.bot``
where a game has one (a value fitted on outcomes where the search's leaf estimate orders positions
well but is no chance: Path of Civilization's), else the search bot's own evaluation, the game's
leaf estimate (``leaf_values``, per-seat win estimates in [0, 1]; else
:meth:`~civtable.core.GameState.heuristic_values`), averaged over determinisations drawn from the
seat's observation (:meth:`~civtable.core.Observation.sample_state`: hidden information re-drawn
as the seat could imagine it, never the true state). A finished game counts its real result.
A game's leaf estimates may be sharper than the outcomes bear out (Inceptum's) or more timid
(Dominations': positions read as 75% were won 84% of the time); :func:`calibrated` maps them
through a per-game calibration fitted on simulated games (``calibration.toml`` beside this module, written by
``civtable review calibrate GAME``: :mod:`civtable.review.calibrate`). The same file holds each game's measured noise
(:func:`calibration_noise`): how far one estimate strays from the seat's real chance, read from
recorded games by how the changes from one round to the next cancel out (a real chance's changes
do not: what it expects next is what it says now), so that the review can say how uncertain its
chances are and count no change within that uncertainty as a swing.

To weigh one move against another (:meth:`Estimator.after`) each move is applied to the same
determinisations, the seat's own follow-up decisions (the rest of its turn) are played by the
search bot's rollout policy, and the position is then scored: the turn horizon of the search.
"""

from __future__ import annotations

import math
import random
import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from civtable.bots.greedy import game_bot_module
from civtable.bots.mcts import generic_greedy_rollout
from civtable.core import CHANCE, Action, CivtableError, Game, GameState, game_module, observe
from civtable.core.game import sample_chance
from civtable.core.registry import game_names

Leaf = Callable[[GameState], list[float]]
Rollout = Callable[[GameState, int, random.Random], Action]

FOLLOW_UP = 80
"""At most this many of the seat's own follow-up decisions are played after a weighed move."""


CALIBRATION = Path(__file__).with_name("calibration.toml")
GAME_KEYS = {"slope": float, "noise": float, "records": int, "finished": int, "estimates": int, "pairs": int,
             "seed": int, "players": list, "seats": list, "samples": int, "command": str, "brier": list,
             "held_out": list, "slope_range": list, "noise_range": list, "correlation": float}
"""The keys of a game's table in ``calibration.toml`` and their types: ``slope`` and ``noise``
are used; the others say how they were obtained (``civtable review calibrate``)."""


class CalibrationError(CivtableError):
    """A calibration file that cannot be read or says something the review cannot use."""


def load_calibration(path: Path = CALIBRATION) -> dict[str, dict[str, Any]]:
    """The calibration per game in ``path`` (``[games.<game>]`` tables: see :data:`GAME_KEYS`);
    {} when the file does not exist. A file that is no TOML, a game the registry does not know,
    a key not listed or a figure out of range raises :class:`CalibrationError` naming the file,
    the game and the key."""
    try:
        stamp = path.stat().st_mtime_ns
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise CalibrationError(f"the calibration file {path} cannot be read ({exc.strerror or exc})") from exc
    return _load(str(path), stamp)


@cache
def _load(path: str, _stamp: int) -> dict[str, dict[str, Any]]:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CalibrationError(f"the calibration file {path} is not valid TOML: {exc}") from exc
    except OSError as exc:
        raise CalibrationError(f"the calibration file {path} cannot be read ({exc.strerror or exc})") from exc
    extra = sorted(set(data) - {"games"})
    if extra:
        raise CalibrationError(f"the calibration file {path} has {extra[0]!r} at its top; it holds only "
                               "[games.<game>] tables")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise CalibrationError(f"the calibration file {path}: 'games' must be a table of [games.<game>] tables")
    known = game_names()
    out: dict[str, dict[str, Any]] = {}
    for game, entry in games.items():
        where = f"the calibration file {path}, [games.{game}]"
        if game not in known:
            raise CalibrationError(f"{where}: there is no game called {game!r} (games: {', '.join(sorted(known))})")
        if not isinstance(entry, dict):
            raise CalibrationError(f"{where} must be a table")
        for key, value in entry.items():
            kind = GAME_KEYS.get(key)
            if kind is None:
                raise CalibrationError(f"{where}: unknown key {key!r} (keys: {', '.join(GAME_KEYS)})")
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise CalibrationError(f"{where}: {key} must be {_KIND_WORDS[kind]}, not {value!r}")
        read = dict(entry)
        if "slope" in read:
            read["slope"] = slope = float(read["slope"])
            if not (math.isfinite(slope) and 0.0 < slope <= 10.0):
                raise CalibrationError(f"{where}: slope must be a number above 0 and at most 10, not {slope!r}")
        if "noise" in read:
            read["noise"] = noise = float(read["noise"])
            if not (math.isfinite(noise) and 0.0 <= noise <= 0.5):
                raise CalibrationError(f"{where}: noise must be a number from 0 to 0.5, not {noise!r}")
        out[game] = read
    return out


_KIND_WORDS = {float: "a number", int: "a whole number", list: "a list", str: "a string in quotes"}


def calibration_slopes(path: Path = CALIBRATION) -> dict[str, float]:
    """The fitted slope per game (a game not listed: none, 1.0, no change)."""
    return {game: entry["slope"] for game, entry in load_calibration(path).items() if "slope" in entry}


def calibration_noise(path: Path = CALIBRATION) -> dict[str, float]:
    """The measured noise of the estimate per game: the standard deviation of one point's error,
    read from how consecutive changes cancel (``civtable review calibrate``); a game not listed,
    or whose changes did not cancel, has none measured (0.0)."""
    return {game: entry["noise"] for game, entry in load_calibration(path).items() if "noise" in entry}


def calibrated(p: float, slope: float, players: int) -> float:
    """``p`` scaled about the fair share ``1/players`` on the logit scale: ``slope`` 1 keeps it,
    0 gives the fair share, under 1 draws it toward the fair share, over 1 pushes it away.
    Certainties (0 and 1) stay."""
    if slope == 1.0 or p <= 0.0 or p >= 1.0:
        return p
    fair = math.log(1.0 / (players - 1)) if players > 1 else 0.0  # logit(1/players)
    z = fair + slope * (math.log(p / (1.0 - p)) - fair)
    return 1.0 / (1.0 + math.exp(-z))


class Estimator:
    """Chances to win for ``game``, from one seat's information."""

    def __init__(self, game: Game, samples: int, seed: int = 0, calibrate: bool = True,
                 calibration: Path | None = None) -> None:
        module = game_bot_module(game)
        leaf = getattr(module, "chance_values", None) if module is not None else None
        if not callable(leaf):
            leaf = getattr(module, "leaf_values", None) if module is not None else None
        rollout = getattr(module, "rollout_action", None) if module is not None else None
        self.leaf: Leaf = leaf if callable(leaf) else (lambda s: s.heuristic_values())
        self.rollout: Rollout = rollout if callable(rollout) else generic_greedy_rollout
        self.game = game
        self.samples = 1 if game.info.information == "perfect" else samples
        self.draws = samples if game.info.chance != "deterministic" else self.samples
        """Play-outs per weighed move (:meth:`after`): in a game with dice, one for every sample
        even where the information is perfect, so that a move's follow-up dice are averaged
        over rather than drawn once (Conquest's gains of a point or two changed sign with the
        draw)."""
        self.seed = seed
        slopes = calibration_slopes() if calibration is None else calibration_slopes(calibration)
        noise = calibration_noise() if calibration is None else calibration_noise(calibration)
        self.slope = slopes.get(game.info.name, 1.0) if calibrate else 1.0
        self.noise = noise.get(game.info.name, 0.0)
        """The estimate's measured error at one point (standard deviation; 0.0: not measured)."""
        self.neutral = _turn_neutral(game)

    def _rng(self, *key: object) -> random.Random:
        return random.Random("civtable-review/" + "/".join(str(k) for k in (self.seed, *key)))

    def _score(self, state: GameState, seat: int, like: GameState | None = None) -> float:
        if state.is_terminal():
            return state.returns()[seat]
        if like is not None and self.neutral is not None:  # whose turn it is, as in ``like``
            state = self.neutral(state, like)
        return float(self.leaf(state)[seat])

    def _out(self, raw: float) -> float:
        return calibrated(raw, self.slope, self.game.num_players)

    def chance(self, state: GameState, seat: int, like: GameState | None = None) -> float:
        """``seat``'s chance to win in ``state`` as ``seat`` sees it (mean over its samples; the
        same draws of the generator for every state, so that estimates compare). With ``like``,
        in a game whose estimate weighs whose turn it is, the state is read with the seat to
        play as in ``like`` (``turn_neutral`` in the game's ``follow_up`` module): a step that
        passes the turn is judged by what it did, not by whose turn comes next."""
        if state.is_terminal():
            return state.returns()[seat]
        snapshot = state.clone()  # drawn from as observe() does (the state may stand between decisions)
        rng = self._rng("chance", seat)
        return self._out(sum(self._score(snapshot.resample(seat, rng), seat, like)
                             for _ in range(self.samples)) / self.samples)

    def after(self, state: GameState, seat: int, actions: list[Action], key: object = "") -> list[float]:
        """``seat``'s chance after each of ``actions`` (its own legal moves in ``state``), each
        followed by the rest of its turn as the search's rollout policy plays it, on the same
        determinisations of ``seat``'s view."""
        obs = observe(state, seat)
        totals = [0.0] * len(actions)
        for k in range(self.draws):
            base = obs.sample_state(self._rng("sample", seat, key, k))
            for i, action in enumerate(actions):
                s = base.clone()
                s.apply_unchecked(action, seat)
                self._follow_up(s, seat, self._rng("rollout", seat, key, k))
                # a round limit: as before the move; the turn passed on by one move and not the
                # other is not counted as the difference between them
                totals[i] += self._score(base if stopped(s) else s, seat, base)
        return [self._out(t / self.draws) for t in totals]

    def _follow_up(self, s: GameState, seat: int, rng: random.Random) -> None:
        """The rest of ``seat``'s turn: its own decisions by the rollout policy, and the draws of
        chance among them (a research roll it bought) drawn from ``rng``, until another seat
        decides: so that a move that buys a roll is weighed after the roll, as the move that ends
        the turn is, not before it."""
        for _ in range(FOLLOW_UP):
            if s.is_terminal():
                return
            players = s.decision().players
            if players == (CHANCE,):
                s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
            elif players == (seat,):
                s.apply_unchecked(self.rollout(s, seat, rng), seat)
            else:
                return


def _turn_neutral(game: Game) -> Callable[[GameState, GameState], GameState] | None:
    """The game's ``turn_neutral(state, like)`` (in its package's ``follow_up``), if any."""
    module = game_module(game, "follow_up")
    found = getattr(module, "turn_neutral", None)
    return found if callable(found) else None


def stopped(state: GameState) -> bool:
    """Whether ``state`` is over without a result: the game was cut off (a round limit reached
    without a winner), where every seat's payoff is 0 though nobody lost."""
    return state.is_terminal() and not state.result().finished


def is_decision(state: GameState, player: int) -> bool:
    """Whether ``player`` (not chance) chose among several legal moves here."""
    return player != CHANCE and len(state.legal_actions(player)) > 1


_NEXT_SENTENCE = re.compile(r"(?<=[a-z0-9)'\]][.!?])\s+(?=[A-Z])")


def describe(game: Game, state: GameState, player: int, action: Action) -> str:
    """The log sentence of ``action`` without its final full stop: its first sentence only, the
    action itself (a log line may go on with what followed by itself, e.g. Conquest's next
    player's production after a research roll, which would not name the move)."""
    text: Any = game.describe_action(state, player, action)
    return first_sentence(str(text))


TOLD = 3
_ANY_SENTENCE = re.compile(r"(?<=[\w)'\]][.!?])\s+(?=[A-Z])")
"""A sentence's end, after a capital too ("now 33 VP. Player 1's turn")."""
"""At most this many sentences of one seat's log line in a step's words (:func:`describe_step`)."""


def describe_step(game: Game, state: GameState, player: int, action: Action) -> str:
    """What a step of a swing did, as one sentence: the log line's first sentence, and the
    sentences after it that go on about the same seat, that seat's name said once ("Player 5
    rolls 3 on the Research table: +1 Arts, and scores 7 VP (5 Monuments + Arts 2), now 33 VP"
    rather than only the roll that ended the turn, whose Score phase made the swing); what
    follows about others (the next player's turn) is left out, as :func:`describe` leaves it."""
    text = str(game.describe_action(state, player, action)).strip()
    sentences = [x.rstrip(".") for x in _ANY_SENTENCE.split(text)]
    first = sentences[0]
    names = sorted((game.seat_name(p) for p in range(game.num_players)), key=len, reverse=True)
    name = next((n for n in names if first.startswith(n + " ")), None)
    if name is None:
        return first
    same = re.compile(rf"{re.escape(name)}(?: \([^()]*\))? (?!\()")
    more = []
    for sentence in sentences[1:TOLD]:
        found = same.match(sentence)
        if found is None:
            break
        more.append(sentence[found.end():])
    return ", and ".join([first, *more]) if more else first


def first_sentence(text: str) -> str:
    """The first sentence of a log line, without its full stop: the move itself, without what
    follows it ("Player 1 ends the turn" without "Round 2 begins. Production: ...")."""
    return _NEXT_SENTENCE.split(text.strip(), maxsplit=1)[0].rstrip(".")
