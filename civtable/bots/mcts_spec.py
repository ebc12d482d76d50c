"""Reading an ``mcts`` bot spec into a :class:`~civtable.bots.mcts.MCTSBot`, and registering
the bot as ``mcts`` (the search itself is in :mod:`civtable.bots.mcts`).

Spec parameters (``mcts:iters=400,depth=12,rollout=greedy``):

``iters``   iterations per decision (default 200 unless ``ms`` is given),
``ms``      wall-clock budget per decision in milliseconds (with ``iters`` both apply),
``steps``   work budget per decision: moves played by the rollout policy plus calls of the
            game's move filter (deterministic like ``iters``, and a bound on the time a
            decision takes whatever the position; with ``iters`` both apply; given alone, an
            iteration counts at least one step),
``depth``   rollout length in decisions before the state is scored (default 10),
``rollout`` ``random`` (default) or ``greedy`` (the game's greedy rollout policy if it has one,
            else a one-ply lookahead on ``heuristic_values``), or a policy the game names in
            its ``ROLLOUTS`` dict (Inceptum: ``fast``, greedy without bank-trade planning),
``c``       exploration constant (default 0.7),
``horizon`` ``game`` (default: search and roll out through everyone's decisions), ``turn``
            (plan the searching seat's own run of consecutive decisions — a whole turn of
            micro-actions — and score the position when another seat or chance is next) or
            ``round`` (play on to the searching seat's next decision after the others' turns
            and chance, then score),
``chance``  with ``horizon=turn``: ``stop`` (default: the look-ahead ends at a chance event) or
            ``roll`` (the dice are rolled and the seat's turn goes on to its end; chance events
            inside the searching seat's turn do not branch the tree),
``style``   one of the game's playing styles (its greedy ``STYLES``): the game's
            ``style_search(style, seat)`` hook gives the styled rollout policy, candidate moves
            and leaf values of the searching seat,
``opp``     with ``horizon=round``: ``policy`` (default: the other seats' turns are played by
            the rollout policy) or ``tree`` (they are search nodes, each seat maximising its
            own value),
``widen``   progressive widening exponent ``A`` (0 = off, the default),
``prune``   ``1`` (default) uses the game's move filter if it has one, ``0`` searches every
            legal action,
``leaf``    ``game`` (default) scores leaves with the game's own estimate if it has one,
            ``heuristic`` always uses :meth:`~civtable.core.GameState.heuristic_values`,
``search``  ``tree`` (default: the tree search above) or ``anchored`` (below),
``top``     with ``search=anchored``: how many candidate moves are compared (default 4),
``margin``  with ``search=anchored``: how much better (in the game's margin units, mean per
            determinisation) a candidate must do to replace the rollout policy's move (default 0),
``z``       with ``search=anchored``: the candidate's paired gain over the rollout policy's move
            must also stand ``z`` standard errors above zero (default 0: off),
``plans``   with ``search=anchored``: ``1`` (default) compares the game's whole plans where it
            offers them (``search_plans``), ``0`` compares single moves only,
``reach``   with ``search=anchored``: ``K`` > 0 ends each rollout once the game's
            ``rollout_mark(state)`` has grown by ``K`` (Path of Civilization: ``K`` more rounds
            have ended), or after ``depth`` moves, whichever comes first (default 0: off),
``kinds``   with ``search=anchored``: the decision kinds searched, joined by ``-``
            (``kinds=buy-pick``); a decision of another kind plays the rollout policy's move (or
            the move filter's single move) without rollouts; ``all`` searches every kind (the
            default, unless the game's ``MCTS_DEFAULTS`` name kinds),
``skip``    with ``search=anchored``: decision kinds not searched, joined by ``-``
            (``skip=buy``: every other kind is searched; ``none``: every kind); not together
            with ``kinds`` (``kinds`` given alone replaces a game's default ``skip``).
"""

from __future__ import annotations

import random
from typing import Any

from civtable.core import Game, OptionError

from . import register_bot
from .greedy import game_bot_module, int_param
from .mcts import HORIZONS, PARAMS, SEARCHES, MCTSBot, RolloutPolicy, generic_greedy_rollout, random_rollout


def _float_param(params: dict[str, str], key: str, default: float) -> float:
    if key not in params:
        return default
    try:
        value = float(params[key])
    except ValueError:
        raise OptionError(f"bot parameter {key}={params[key]!r} must be a number") from None
    if not (0.0 <= value <= 100.0):
        raise OptionError(f"bot parameter {key}={value} must be between 0 and 100")
    return value


def rollout_policy(game: Game, name: str) -> RolloutPolicy:
    """The rollout policy called ``name`` for ``game``."""
    if name == "random":
        return random_rollout
    module = game_bot_module(game)
    if name == "greedy":
        if module is not None and hasattr(module, "rollout_action"):
            return module.rollout_action  # type: ignore[no-any-return]
        return generic_greedy_rollout
    extra = dict(getattr(module, "ROLLOUTS", {}) or {}) if module is not None else {}
    if name in extra:
        return extra[name]  # type: ignore[no-any-return]
    names = ", ".join(["random", "greedy", *sorted(extra)])
    raise OptionError(f"mcts rollout must be one of {names}, not {name!r}")


def make_mcts(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> MCTSBot:
    """Factory registered as ``mcts``."""
    unknown = set(params) - set(PARAMS)
    if unknown:
        raise OptionError(
            f"the mcts bot has no parameter {sorted(unknown)[0]!r}; it takes {', '.join(PARAMS)}"
        )
    module = game_bot_module(game)
    by_players = getattr(module, "mcts_defaults", None) if module is not None else None
    if callable(by_players):  # defaults that depend on the number of seats
        defaults = dict(by_players(game.num_players))
    else:
        defaults = dict(getattr(module, "MCTS_DEFAULTS", {}) or {}) if module is not None else {}
    user = params
    params = {**defaults, **params}
    budget = ("iters", "ms", "steps")
    if any(k in user for k in budget):  # the budget given replaces the game's default budget
        params = {k: v for k, v in params.items() if k not in budget or k in user}
    ms = int_param(params, "ms", 0, 1, 3_600_000) if "ms" in params else None
    steps = int_param(params, "steps", 0, 1, 10**9) if "steps" in params else None
    iters: int | None = int_param(params, "iters", 200, 1, 10**8)
    if "iters" not in params and (ms is not None or steps is not None):
        iters = None  # a time or work budget given alone is the only budget
    reach = int_param(params, "reach", 0, 0, 1000)
    mark = getattr(module, "rollout_mark", None) if module is not None else None
    if reach and mark is None:
        raise OptionError(f"the search bot of {game.info.title} cannot roll out to a mark (reach=): the game has no rollout_mark")
    bot = MCTSBot(
        game,
        seat,
        rng,
        iters=iters,
        ms=ms,
        steps=steps,
        depth=int_param(params, "depth", 10, 0, 100_000),
        rollout=rollout_policy(game, params.get("rollout", "random")),
        c=_float_param(params, "c", 0.7),
        candidates=_hook(module, "search_actions", params.get("prune", "1"), "prune"),
        leaf=_hook(module, "leaf_values", params.get("leaf", "game"), "leaf"),
        horizon=_choice(params, "horizon", HORIZONS),
        opp=_choice(params, "opp", ("policy", "tree")),
        widen=_float_param(params, "widen", 0.0),
        chance=_choice(params, "chance", ("stop", "roll")),
        search=_choice(params, "search", SEARCHES),
        top=int_param(params, "top", 4, 2, 1000),
        margin=_float_param(params, "margin", 0.0),
        z=_float_param(params, "z", 0.0),
        margins=getattr(module, "margin_values", None) if module is not None else None,
        plans=_hook(module, "search_plans", params.get("plans", "1"), "plans"),
        reach=reach,
        mark=mark,
        kinds=_kinds(params, params.get("search", "tree"), given="kinds" in user),
        skip=_skip(params, params.get("search", "tree"), given="skip" in user, kinds="kinds" in user),
    )
    if "style" in params:
        apply_style(bot, module, game, params["style"])
    return bot


def apply_style(bot: MCTSBot, module: Any, game: Game, style: str) -> None:
    """Give ``bot`` the search hooks of one of the game's playing styles."""
    hook = getattr(module, "style_search", None) if module is not None else None
    styles = getattr(module, "STYLES", {}) if module is not None else {}
    if hook is None or not styles:
        raise OptionError(f"the search bot of {game.info.title} has no playing styles")
    if style not in styles:
        raise OptionError(f"{game.info.title} has no style called {style!r}; styles: {', '.join(sorted(styles))}")
    for attr, fn in hook(style, bot.seat).items():
        if attr not in ("rollout", "candidates", "leaf", "margins", "plans"):
            raise ValueError(f"style_search of {game.info.name} returned an unknown hook {attr!r}")
        setattr(bot, attr, fn)


def _kinds(params: dict[str, str], search: str, given: bool) -> frozenset[str] | None:
    """The decision kinds named by ``kinds=a-b-c`` (None when not given, or when a game's default
    meets the tree search, which searches every kind)."""
    if "kinds" not in params or (search != "anchored" and not given) or (not given and "skip" in params):
        return None  # skip given by the player (or a game's default skip) replaces a default kinds
    if search != "anchored":
        raise OptionError("mcts parameter kinds is for the anchored search (search=anchored)")
    if params["kinds"] == "all":
        return None
    names = [k for k in params["kinds"].split("-") if k]
    if not names:
        raise OptionError("mcts parameter kinds must name at least one decision kind, joined by '-'")
    return frozenset(names)


def _skip(params: dict[str, str], search: str, given: bool, kinds: bool) -> frozenset[str]:
    """The decision kinds named by ``skip=a-b`` (empty when not given, or when a game's default
    meets the tree search)."""
    if "skip" not in params or (search != "anchored" and not given) or (kinds and not given):
        return frozenset()  # kinds given by the player replace a game's default skip
    if search != "anchored":
        raise OptionError("mcts parameter skip is for the anchored search (search=anchored)")
    if given and kinds:
        raise OptionError("mcts parameters kinds and skip name the searched kinds two ways: give one of them")
    if params["skip"] == "none":
        return frozenset()
    names = [k for k in params["skip"].split("-") if k]
    if not names:
        raise OptionError("mcts parameter skip must name at least one decision kind, joined by '-'")
    return frozenset(names)


def _choice(params: dict[str, str], key: str, allowed: tuple[str, ...]) -> str:
    value = params.get(key, allowed[0])
    if value not in allowed:
        raise OptionError(f"mcts {key} must be {' or '.join(allowed)}, not {value!r}")
    return value


def _hook(module: Any, name: str, setting: str, param: str) -> Any:
    """A game's optional search hook, unless switched off (``prune=0`` / ``leaf=heuristic`` /
    ``plans=0``)."""
    on = {"prune": ("1", "0"), "leaf": ("game", "heuristic"), "plans": ("1", "0")}[param]
    if setting not in on:
        raise OptionError(f"mcts parameter {param} must be {' or '.join(on)}, not {setting!r}")
    if setting == on[1] or module is None:
        return None
    fn = getattr(module, name, None)
    return fn if callable(fn) else None


register_bot("mcts", make_mcts)
