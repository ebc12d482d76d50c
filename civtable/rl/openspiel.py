"""OpenSpiel adapter: any civtable game with a fixed action space as a Python OpenSpiel game.

>>> import civtable.rl.openspiel  # registers civtable_inceptum, civtable_dominations (others on demand)
>>> game = pyspiel.load_game("civtable_inceptum", {"players": 4})

* Player actions are the game's fixed action numbers (:class:`~civtable.rl.encoding.ActionIndex`:
  indices into :meth:`~civtable.core.Game.action_space`, or the game's own action codec).
* Chance outcomes are numbered by their position in
  :meth:`~civtable.core.GameState.chance_outcomes` (a fixed order for a given state).
* Simultaneous decisions are played in seat order (the game is registered as sequential, so
  OpenSpiel's ``MCTSBot`` accepts it); hidden information is declared, and
  ``resample_from_infostate`` re-draws it through :meth:`~civtable.core.GameState.resample`.
* Returns are civtable's returns (1 shared among the winners); utility is general-sum in [0, 1].
* Observation and information-state strings are the player's JSON view (plus, for the
  information state, the history of player actions, which every seat sees).

Game parameters are civtable options (``players``, ``mode`` ...), plus ``max_game_length``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel

from civtable.core import CHANCE, Game, GameState, make_game

from .encoding import ActionIndex

PREFIX = "civtable_"
MAX_CHANCE_OUTCOMES = 4096
DEFAULT_MAX_LENGTH = 100_000

_REGISTERED: set[str] = set()


def _game_type(name: str, civ: Game) -> pyspiel.GameType:
    info = civ.info
    params: dict[str, Any] = {"max_game_length": DEFAULT_MAX_LENGTH}
    for spec in info.options:
        value = civ.options.get(spec.name, spec.default)
        if isinstance(value, bool | int | str):
            params[spec.name] = value
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"civtable {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance == "explicit"
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.information == "perfect"
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


class _Context:
    """The civtable game and action index shared by every state of one OpenSpiel game (never
    copied: OpenSpiel may rebuild the Python game object, so states keep this instead)."""

    def __init__(self, civ: Game) -> None:
        self.civ = civ
        self.index = ActionIndex(civ)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self


class _Box:
    """Holds the civtable state. OpenSpiel clones Python states by deep-copying their
    attributes; this makes that copy a fast :meth:`~civtable.core.GameState.clone`."""

    __slots__ = ("state", "played")

    def __init__(self, state: GameState, played: list[tuple[int, str]]) -> None:
        self.state = state
        self.played = played

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.state.clone(), list(self.played))


class CivtableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A civtable game seen through OpenSpiel."""

    civ_name = ""
    game_type: pyspiel.GameType | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        max_len = int(params.pop("max_game_length", DEFAULT_MAX_LENGTH))
        self.ctx = _Context(make_game(self.civ_name, params))
        self.civ: Game = self.ctx.civ
        self.index = self.ctx.index
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.index),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES if self.civ.info.chance == "explicit" else 0,
            num_players=self.civ.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_len,
        )
        full = dict(self.civ.options)
        full["max_game_length"] = max_len
        spec_params = {k: v for k, v in full.items() if isinstance(v, bool | int | str)}
        super().__init__(self.game_type, info, spec_params)

    def new_initial_state(self) -> CivtableSpielState:
        return CivtableSpielState(self, self.ctx, self.civ.new_initial_state(), [])


class CivtableSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a civtable :class:`~civtable.core.GameState`."""

    def __init__(
        self, game: Any, ctx: _Context, civ_state: GameState, played: list[tuple[int, str]]
    ) -> None:
        super().__init__(game)
        self._ctx = ctx
        self._box = _Box(civ_state, played)  # played: player actions (seat, text), public history

    @property
    def civ_state(self) -> GameState:
        """The wrapped civtable state."""
        return self._box.state

    @property
    def _played(self) -> list[tuple[int, str]]:
        return self._box.played

    # ----- OpenSpiel API ------------------------------------------------------------------
    def current_player(self) -> int:
        deciders = self.civ_state.decision().players
        if not deciders:
            return int(pyspiel.PlayerId.TERMINAL)
        if deciders == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return deciders[0]

    def _legal_actions(self, player: int) -> list[int]:
        return self._ctx.index.legal_indices(self.civ_state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.civ_state.chance_outcomes()
        if len(outcomes) > MAX_CHANCE_OUTCOMES:
            raise pyspiel.SpielError(f"{len(outcomes)} chance outcomes exceed {MAX_CHANCE_OUTCOMES}")
        return [(i, p) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        deciders = self.civ_state.decision().players
        if deciders == (CHANCE,):
            outcome = self.civ_state.chance_outcomes()[action][0]
            self.civ_state.apply_unchecked(outcome, CHANCE)
            return
        player = deciders[0]
        civ_action = self._ctx.index.action(self.civ_state, player, action)
        if civ_action is None:
            raise pyspiel.SpielError(f"action {action} means nothing in this state")
        self.civ_state.apply_unchecked(civ_action, player)
        self._played.append((player, civ_action.text()))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.civ_state.chance_outcomes()
            if 0 <= action < len(outcomes):
                return "chance " + outcomes[action][0].text()
            return f"chance outcome {action}"
        return self._ctx.index.text(self.civ_state, player, action)

    def is_terminal(self) -> bool:
        return self.civ_state.is_terminal()

    def returns(self) -> list[float]:
        return list(self.civ_state.returns())

    def observation_string(self, player: int) -> str:
        return json.dumps(self.civ_state.view(player), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player: int) -> str:
        return self.observation_string(player) + "|" + ";".join(f"{p}:{t}" for p, t in self._played)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CivtableSpielState:
        """A state the player cannot tell apart from this one, hidden information re-drawn."""
        try:
            x = float(probability_sampler())
        except TypeError:
            x = random.random()
        rng = random.Random(int(x * 2**53))
        return CivtableSpielState(self.get_game(), self._ctx, self.civ_state.resample(player_id, rng), list(self._played))

    def __str__(self) -> str:
        return json.dumps(self.civ_state.view(None), sort_keys=True)


def register(name: str) -> str:
    """Register civtable game ``name`` with OpenSpiel as ``civtable_<name>``; returns that name."""
    short = PREFIX + name
    if short in _REGISTERED:
        return short
    civ = make_game(name, {})
    ActionIndex(civ)  # refuse games without a fixed action space, with a readable error
    game_type = _game_type(name, civ)
    cls = type(f"Civtable_{name}_SpielGame", (CivtableSpielGame,), {"civ_name": name, "game_type": game_type})
    pyspiel.register_game(game_type, cls)
    _REGISTERED.add(short)
    return short


def load_game(name: str, params: dict[str, Any] | None = None) -> Any:
    """Register (if needed) and load ``civtable_<name>``."""
    return pyspiel.load_game(register(name), params or {})


class HeuristicEvaluator:
    """An OpenSpiel MCTS evaluator with depth-limited random rollouts finished with civtable's
    :meth:`~civtable.core.GameState.heuristic_values` (like civtable's own ``mcts`` bot), so long
    games can be searched at all."""

    def __init__(self, depth: int = 10, seed: int = 0) -> None:
        self.depth = depth
        self.rng = random.Random(seed)

    def evaluate(self, state: CivtableSpielState) -> Any:
        import numpy as np

        from civtable.core import sample_chance

        civ = state.civ_state.clone()
        steps = 0
        while True:
            deciders = civ.decision().players
            if not deciders:
                return np.asarray(civ.returns())
            if deciders == (CHANCE,):
                civ.apply_unchecked(sample_chance(civ.chance_outcomes(), self.rng), CHANCE)
                continue
            if steps >= self.depth:
                return np.asarray(civ.heuristic_values())
            p = deciders[0]
            civ.apply_unchecked(self.rng.choice(civ.legal_actions(p)), p)
            steps += 1

    def prior(self, state: CivtableSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def _register_builtin() -> None:
    for name in ("inceptum", "dominations"):
        try:
            register(name)
        except Exception:  # noqa: BLE001 - a game may be unavailable while it is being developed
            pass


_register_builtin()
