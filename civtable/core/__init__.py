"""The game-agnostic core of civtable. See ``docs/architecture.md``."""

from .actions import Action, as_action
from .errors import (
    ActionError,
    CivtableError,
    ContentError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    OptionError,
    Reason,
    RecordError,
    sentence,
    shown,
)
from .game import (
    CHANCE,
    Decision,
    Game,
    GameInfo,
    GameResult,
    GameState,
    Observation,
    OptionSpec,
    observe,
    sample_chance,
)
from .record import GameRecord, replay
from .registry import game_class, game_info, game_names, make_game, register
from .session import Agent, Session, agent_rng, chance_rng, play

__all__ = [
    "CHANCE",
    "Action",
    "ActionError",
    "Agent",
    "CivtableError",
    "ContentError",
    "Decision",
    "Game",
    "GameInfo",
    "GameRecord",
    "GameResult",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "Observation",
    "OptionError",
    "OptionSpec",
    "Reason",
    "RecordError",
    "Session",
    "agent_rng",
    "as_action",
    "chance_rng",
    "game_class",
    "game_info",
    "game_names",
    "make_game",
    "observe",
    "play",
    "register",
    "replay",
    "sample_chance",
    "sentence",
    "shown",
]
