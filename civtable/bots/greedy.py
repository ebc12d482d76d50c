"""The ``greedy`` bot: a fast, sensible player for every game.

If the game ships its own greedy player (a module ``bot`` in its package, ``civtable.games.<game>.bot``
for the built-in games, with a function
``make_greedy(game, seat, rng, params)``), that player is used. Otherwise the generic greedy bot
below looks one ply ahead: for each legal action it applies the action to a few determinisations
(:meth:`~civtable.core.Observation.sample_state`) and keeps the action with the best mean
:meth:`~civtable.core.GameState.heuristic_values` for its own seat (a finished game counts its
real :meth:`~civtable.core.GameState.returns`). Ties are broken at random with the bot's own
generator, so the bot is deterministic given its seed.

Parameters (spec ``greedy:samples=3``): ``samples`` — determinisations per decision (default 1
for perfect-information games, 3 otherwise).

Strategies that differ (for studies that mix them), for games whose greedy player declares its
weights (``WEIGHTS``, a dict of numbers, and ``STYLES``, named sets of weights, in
``bot`` in the game's package (``civtable.games.<game>.bot``); its ``make_greedy`` then takes ``weights=``):

* ``greedy:style=builder`` — one of the game's named styles;
* ``greedy:w_NAME=X`` — the weight ``NAME`` set to ``X`` (0 to 10; after the style, before the
  noise): ``greedy:w_battles=1.5`` asks "what if the bot valued this 50% more";
* ``greedy:noise=0.1`` — every weight multiplied by its own factor drawn uniformly from
  ``[1 - noise, 1 + noise]``: a new perturbation each game and seat, drawn from the bot's
  seeded generator, or one fixed personality with ``noise_seed=N``.

Parameters are checked strictly: an unknown name, style or value is an error.
"""

from __future__ import annotations

import difflib
import random
from types import ModuleType
from typing import Any

from civtable.core import Action, Game, GameState, Observation, OptionError
from civtable.core.registry import game_module

from . import int_param, register_bot


def game_bot_module(game: Game) -> ModuleType | None:
    """The optional per-game bot module, ``bot`` in the game's package (None if there is none)."""
    return game_module(game, "bot")


def state_value(state: GameState, seat: int) -> float:
    """Value of a (sampled) state for ``seat``: real returns when over, else the heuristic."""
    if state.is_terminal():
        return state.returns()[seat]
    return state.heuristic_values()[seat]


class GenericGreedyBot:
    """One-ply lookahead on ``heuristic_values`` over a few determinisations."""

    def __init__(self, game: Game, seat: int, rng: random.Random, samples: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.samples = samples
        self.name = "greedy"

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = obs.sample_state(self.rng)
            for i, action in enumerate(legal):
                child = base.clone()
                child.apply_unchecked(action, obs.player)
                totals[i] += state_value(child, obs.player)
        best = max(totals)
        choices = [a for a, t in zip(legal, totals) if t >= best - 1e-12]
        return self.rng.choice(choices)


STYLE_PARAMS = ("style", "noise", "noise_seed")
WEIGHT_PREFIX = "w_"  # greedy:w_NAME=X sets one weight


def is_style_param(key: str) -> bool:
    """A parameter that chooses the greedy player's weights (style, one weight, noise)."""
    return key in STYLE_PARAMS or key.startswith(WEIGHT_PREFIX)


def float_param(params: dict[str, str], key: str, default: float, low: float, high: float) -> float:
    """Read a decimal bot parameter with a readable error."""
    if key not in params:
        return default
    raw = params[key]
    try:
        value = float(raw)
    except ValueError:
        raise OptionError(f"bot parameter {key}={raw!r} must be a number") from None
    if not low <= value <= high:
        raise OptionError(f"bot parameter {key}={value:g} must be between {low:g} and {high:g}")
    return value


def style_weights(module: ModuleType | None, game: Game, rng: random.Random, params: dict[str, str]) -> dict[str, float] | None:
    """The weights asked for by ``style``, ``noise`` and ``noise_seed`` (None when none is given)."""
    if not any(is_style_param(k) for k in params):
        return None
    defaults = getattr(module, "WEIGHTS", None)
    styles: dict[str, dict[str, float]] = getattr(module, "STYLES", {}) or {}
    if not isinstance(defaults, dict) or not defaults:
        raise OptionError(f"the greedy bot of {game.info.title} has no weights, so it takes no style=, w_NAME= or noise=")
    weights = {k: float(v) for k, v in defaults.items()}
    if "style" in params:
        style = params["style"]
        if style not in styles:
            raise OptionError(f"greedy style {style!r} does not exist in {game.info.title}; styles: {', '.join(sorted(styles))}")
        weights.update(styles[style])
    for key in sorted(k for k in params if k.startswith(WEIGHT_PREFIX)):
        name = key[len(WEIGHT_PREFIX):]
        if name not in weights:
            raise OptionError(f"the greedy bot of {game.info.title} has no weight {name!r}; weights: "
                              + ", ".join(sorted(weights)))
        weights[name] = float_param(params, key, 1.0, 0.0, 10.0)
    noise = float_param(params, "noise", 0.0, 0.0, 1.0)
    if "noise_seed" in params and "noise" not in params:
        raise OptionError("greedy parameter noise_seed needs noise=")
    if noise > 0:
        seed = int_param(params, "noise_seed", 0, 0) if "noise_seed" in params else rng.getrandbits(64)
        draw = random.Random(f"civtable-greedy-noise/{seed}")
        weights = {k: v * (1.0 + noise * (2.0 * draw.random() - 1.0)) for k, v in sorted(weights.items())}
    return weights


def make_greedy(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> Any:
    """Factory registered as ``greedy``."""
    module = game_bot_module(game)
    if module is not None and hasattr(module, "make_greedy"):
        weights = style_weights(module, game, rng, params)
        rest = {k: v for k, v in params.items() if not is_style_param(k)}
        try:
            if weights is None:
                return module.make_greedy(game, seat, rng, rest)
            return module.make_greedy(game, seat, rng, rest, weights=weights)
        except OptionError as exc:
            raise _with_style_params(exc, module, rest) from None
    if any(is_style_param(k) for k in params):
        raise OptionError(f"the greedy bot of {game.info.title} has no weights, so it takes no style=, w_NAME= or noise=")
    unknown = set(params) - {"samples"}
    if unknown:
        raise OptionError(f"the greedy bot has no parameter {sorted(unknown)[0]!r}; it takes samples=N")
    default = 1 if game.info.information == "perfect" else 3
    return GenericGreedyBot(game, seat, rng, int_param(params, "samples", default, 1, 64))


def _with_style_params(exc: OptionError, module: ModuleType, rest: dict[str, str]) -> OptionError:
    """A game's refusal of an unknown greedy parameter lists only the game's own; where the game's
    player has weights, it also takes the parameters read here (``greedy:nois=0.1`` is told so)."""
    text = str(exc)
    if "has no parameter" not in text or not isinstance(getattr(module, "WEIGHTS", None), dict):
        return exc
    near = [m for k in sorted(rest) for m in difflib.get_close_matches(k, STYLE_PARAMS, n=1)]
    hint = f" (did you mean {near[0]}=?)" if near else ""
    return OptionError(f"{text}; it also takes style=NAME, w_NAME=X and noise=X (its weights){hint}")


register_bot("greedy", make_greedy)
