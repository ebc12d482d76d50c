"""Named levels (Beginner, Casual, Strong, Expert) and playing styles, read from ``levels.toml``.

A level is a bot spec per game and an optional *blunder* share (decisions played by a random
legal move), registered as a bot name: ``make_bot("strong", game, seat, seed)`` builds the
game's Strong bot, so every place that takes a bot spec (``civtable play --seats human,strong``,
simulate, the ladder, the server's seats) takes a level too. A level takes one parameter,
``style=NAME``: one of the game's styles (``[styles.<game>]`` in the data file), passed to the
bot the level is built from: the greedy player plays it with its own weights
(``greedy:style=NAME``), the search bot through the game's ``style_search`` hook
(``mcts:style=NAME``).

Measured ratings of the levels (OpenSkill, per game) are kept in ``level_ratings.json`` beside
the data file, written by ``civtable ladder ... --save-level-ratings``.
"""

from __future__ import annotations

import json
import random
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from civtable.core import Action, CivtableError, Game, Observation, OptionError

from . import BotFactory, parse_spec, register_level

DATA = Path(__file__).with_name("levels.toml")
RATINGS = Path(__file__).with_name("level_ratings.json")


class Level(NamedTuple):
    name: str
    title: str
    description: str
    spec: str  # the bot spec for games not listed in ``games``
    games: dict[str, str]  # game name -> bot spec
    blunder: float  # share of decisions played by a random legal move
    reference: bool  # a strong reference: it should rate above greedy

    def spec_for(self, game: str) -> str:
        return self.games.get(game, self.spec)


class Style(NamedTuple):
    name: str
    title: str
    description: str


@cache
def _data() -> dict[str, Any]:
    with DATA.open("rb") as fh:
        return tomllib.load(fh)


@cache
def levels() -> dict[str, Level]:
    """The levels by name, weakest first."""
    out: dict[str, Level] = {}
    for name, raw in _data().get("levels", {}).items():
        blunder = float(raw.get("blunder", 0.0))
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"{DATA}: level {name} has blunder={blunder}, not between 0 and 1")
        out[name] = Level(name, str(raw["title"]), str(raw["description"]), str(raw["spec"]),
                          {str(g): str(s) for g, s in raw.get("games", {}).items()}, blunder,
                          bool(raw.get("reference", False)))
    return out


def styles(game: str) -> dict[str, Style]:
    """The named styles of ``game`` (empty if it has none)."""
    raw = _data().get("styles", {}).get(game, {})
    return {name: Style(name, str(s["title"]), str(s["description"])) for name, s in raw.items()}


def bot_title(game: str, spec: str, params: bool = True) -> str:
    """A bot spec in the words of the lobby: "Expert bot, Warlord" for ``expert:style=warlord``; a
    bot that is not a level keeps its name ("greedy bot"); with ``params``, other parameters follow
    in brackets ("mcts bot (iters=50)"). A spec that cannot be read is kept as it is, with "bot"."""
    try:
        name, given = parse_spec(spec)
    except CivtableError:
        return f"{spec} bot"
    level = levels().get(name)
    style = styles(game).get(str(given.get("style", "")))
    words = f"{level.title if level else name} bot" + (f", {style.title}" if style else "")
    rest = [f"{k}={v}" for k, v in given.items() if not (k == "style" and style)]
    return words + (f" ({', '.join(rest)})" if params and rest else "")


def level_ratings() -> dict[str, Any]:
    """The measured ratings: ``{game: {"ratings": {bot: {...}}, "measured": {...}}}`` (empty
    when none are stored)."""
    if not RATINGS.exists():
        return {}
    data = json.loads(RATINGS.read_text())
    return data if isinstance(data, dict) else {}


def catalog(game: str) -> dict[str, Any]:
    """What a player chooses from for ``game``: the levels (title, sentence, measured rating)
    and the styles."""
    measured = level_ratings().get(game, {})
    rated = measured.get("ratings", {})
    return {
        "levels": [
            {"name": lv.name, "title": lv.title, "description": lv.description, "spec": lv.spec_for(game),
             "rating": rated.get(lv.name)}
            for lv in levels().values()
        ],
        "styles": [s._asdict() for s in styles(game).values()],
        "measured": measured.get("measured"),
    }


SEARCH_REFERENCE = "mcts"
"""The default search bot's spec: a strong reference too."""


def is_strong_reference(spec: str) -> bool:
    """Whether ``spec`` names a bot that is meant to be strong: the default search bot (``mcts``
    as such) or a level marked ``reference`` (Strong, Expert), with or without a style."""
    if spec == SEARCH_REFERENCE:
        return True
    name, _params = parse_spec(spec)
    level = levels().get(name)
    return level is not None and level.reference


def expand_groups(specs: list[str], game: str) -> list[str]:
    """Bot lists may name groups: ``levels`` (every level, weakest first) and ``styles`` (the
    Strong level in each of the game's styles). A group adds only the specs not listed already."""
    out: list[str] = []
    for spec in specs:
        if spec == "levels":
            out.extend(lv for lv in levels() if lv not in specs and lv not in out)
        elif spec == "styles":
            items = [f"strong:style={s}" for s in styles(game)]
            if not items:
                raise OptionError(f"{game} has no playing styles, so the bot list cannot name 'styles'")
            out.extend(i for i in items if i not in specs and i not in out)
        else:
            out.append(spec)
    return out


def save_level_ratings(summary: dict[str, Any], measured: dict[str, Any], path: Path | None = None) -> Path:
    """Store a ladder's ratings of the levels, styles and plain bots for its game in
    ``level_ratings.json`` (replacing that game's entry), with how they were measured."""
    path = path or RATINGS
    data = json.loads(path.read_text()) if path.exists() else {}
    data[summary["game"]] = {
        "ratings": summary["ratings"],
        "measured": measured,
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return path


class CarelessBot:
    """Plays its base bot's move, except that a share ``blunder`` of its decisions (those with
    more than one legal move) is a uniformly random legal move."""

    def __init__(self, base: Any, rng: random.Random, blunder: float) -> None:
        self.base = base
        self.rng = rng
        self.blunder = blunder
        self.name = getattr(base, "name", "bot")

    def decide(self, obs: Observation) -> Action:
        if len(obs.legal) > 1 and self.rng.random() < self.blunder:
            return self.rng.choice(obs.legal)
        action: Action = self.base.decide(obs)
        return action

    def __getattr__(self, name: str) -> Any:  # restrict(), last_iterations ... of the base bot
        return getattr(self.base, name)


def _styled(game: Game, base: str, params: dict[str, str], style: str) -> dict[str, str]:
    """The base bot's parameters for ``style`` (``greedy:style=`` and ``mcts:style=`` both play
    the game's named styles)."""
    known = styles(game.info.name)
    if not known:
        raise OptionError(f"{game.info.title} has no playing styles, so a level takes no style= there")
    if style not in known:
        raise OptionError(f"{game.info.title} has no style called {style!r}; styles: {', '.join(sorted(known))}")
    if base not in ("greedy", "mcts"):
        raise OptionError(f"a level played by the {base} bot has no styles")
    return {**params, "style": style}


def _factory(level: Level, factories: dict[str, BotFactory]) -> BotFactory:
    def make(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> Any:
        extra = set(params) - {"style"}
        if extra:
            raise OptionError(f"the {level.title} level takes only style=NAME, not {sorted(extra)[0]!r}")
        base, base_params = parse_spec(level.spec_for(game.info.name))
        if "style" in params:
            base_params = _styled(game, base, base_params, params["style"])
        bot = factories[base](game, seat, rng, base_params)
        if level.blunder > 0:
            bot = CarelessBot(bot, random.Random(rng.getrandbits(64)), level.blunder)
        return bot

    return make


def register_levels(factories: dict[str, BotFactory]) -> None:
    """Register every level as a bot name (after the bots they are built from)."""
    for level in levels().values():
        if level.name in factories:
            raise ValueError(f"{DATA}: level {level.name!r} has the name of a bot")
        register_level(level.name, _factory(level, factories))
