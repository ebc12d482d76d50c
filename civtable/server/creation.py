"""What a new game is made of, checked before anything is stored: the game and its options for
the seats given, and the display names chosen for its human seats. Every refusal is an
:class:`~civtable.server.errors.ApiError` in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from civtable.core import CivtableError, Game, game_class, make_game

from .errors import ApiError, error_for
from .limits import check_option_text
from .names import check_name, check_unique

MAX_SEATS = 16


def checked_game(name: str, seats: Sequence[str], mode: str | None, options: dict[str, Any] | None) -> Game:
    """The game ``name`` with ``options`` (and ``mode``) for as many players as ``seats``."""
    try:
        cls = game_class(name)
    except CivtableError as exc:
        raise ApiError(400, str(exc), "bad_game") from exc
    if not seats:
        raise ApiError(400, "say who plays each seat: 'seats' has one entry per seat, each 'human' or a bot's name "
                            "(for example 'human' and 'greedy')", "bad_seats")
    if len(seats) > MAX_SEATS:
        raise ApiError(400, f"at most {MAX_SEATS} seats", "bad_seats")
    info = cls.info
    if not info.min_players <= len(seats) <= info.max_players:
        raise ApiError(400, f"{info.title} is played by {info.min_players} to {info.max_players} players, "
                            f"not {len(seats)}: give one seat to each player", "bad_seats")
    opts = dict(options or {})
    if mode is not None:
        opts["mode"] = mode
    for key, value in opts.items():
        check_option_text(key, value)
    if "players" in opts and opts["players"] != len(seats):
        raise ApiError(
            400, f"options say {opts['players']} players but {len(seats)} seats were given", "bad_seats"
        )
    if any(s.name == "players" for s in cls.info.options):
        opts["players"] = len(seats)
    try:
        game = make_game(name, opts)
    except CivtableError as exc:
        raise error_for(exc) from exc
    if game.num_players != len(seats):
        raise ApiError(400, f"{cls.info.title} needs {game.num_players} seats, not {len(seats)}", "bad_seats")
    return game


def checked_names(names: Sequence[str | None], specs: Sequence[str]) -> list[str | None]:
    """The display name of each seat: ``names`` checked (people only, each plain and unlike the
    others), ``None`` where none was chosen."""
    if len(names) > len(specs):
        raise ApiError(400, f"{len(names)} names for {len(specs)} seats", "bad_name")
    out: list[str | None] = [None] * len(specs)
    for i, name in enumerate(names):
        if name is None or name == "":
            continue
        if specs[i] != "human":
            raise ApiError(400, f"Player {i + 1} is a bot: only people choose names", "bad_name")
        out[i] = check_name(name, i)
        check_unique(out[i] or "", i, out)
    return out
