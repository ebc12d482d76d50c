"""Game records: a game is its options, content identity, seed and list of actions.

Chance outcomes are recorded as actions of the chance player, so replaying a record needs
no random generator and reproduces the identical state (proved by the state hash).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import ActionError, CivtableError, RecordError
from .game import CHANCE, Game, GameState
from .registry import make_game

FORMAT = "civtable-record"
VERSION = 1


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    content_id: str
    seed: int | None
    seats: list[str] = field(default_factory=list)  # who played each seat ("human", "greedy" ...)
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat or CHANCE, action text)
    final_hash: str | None = None
    content_path: str | None = None
    chance_key: str | None = None  # the secret mixed into chance draws (online games), published at the end

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "content_id": self.content_id,
            "content_path": self.content_path,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [[p, a] for p, a in self.actions],
            "final_hash": self.final_hash,
            **({"chance_key": self.chance_key} if self.chance_key is not None else {}),
        }

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not a civtable game record (missing format 'civtable-record')")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported (expected {VERSION})")
        try:
            actions = []
            for i, item in enumerate(data["actions"]):
                if (
                    not isinstance(item, list)
                    or len(item) != 2
                    or isinstance(item[0], bool)
                    or not isinstance(item[0], int)
                    or not isinstance(item[1], str)
                ):
                    raise RecordError(f"record action {i} is not a [seat, text] pair: {item!r}")
                actions.append((item[0], item[1]))
            options = data["options"]
            if not isinstance(options, dict):
                raise RecordError("record options must be an object")
            return GameRecord(
                game=str(data["game"]),
                options=options,
                content_id=str(data["content_id"]),
                seed=data.get("seed"),
                seats=list(data.get("seats") or []),
                actions=actions,
                final_hash=data.get("final_hash"),
                content_path=data.get("content_path"),
                chance_key=_optional_str(data.get("chance_key"), "chance_key"),
            )
        except KeyError as exc:
            raise RecordError(f"the record is missing the field {exc.args[0]!r}") from exc

    def save(self, path: str | Path) -> None:
        tmp = Path(str(path) + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=None, separators=(",", ":")) + "\n")
        tmp.replace(path)

    @staticmethod
    def load(path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise RecordError(f"cannot read the record {path}: {exc.strerror}") from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the record {path} is not valid JSON (line {exc.lineno}: {exc.msg})") from exc
        return GameRecord.from_json(data)


def _optional_str(value: Any, name: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise RecordError(f"record field {name!r} must be text")


def game_for_record(record: GameRecord, content_path: str | None = None) -> Game:
    try:
        game = make_game(record.game, record.options, content_path or record.content_path)
    except CivtableError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from exc
    if game.content_id != record.content_id:
        raise RecordError(
            "the record was played with other content than the content loaded now "
            f"(record {record.content_id[:12]}, loaded {game.content_id[:12]}); pass --content with the original file"
        )
    return game


def replay(record: GameRecord, content_path: str | None = None, upto: int | None = None) -> GameState:
    """Re-execute a record with every action checked. Raises :class:`RecordError` with the
    index of the first action that does not replay, or if the final hash differs."""
    game = game_for_record(record, content_path)
    state = game.new_initial_state()
    replay_onto(state, record, 0, len(record.actions) if upto is None else upto)
    if upto is None and record.final_hash and state.state_hash() != record.final_hash:
        raise RecordError("the replayed game does not end in the recorded state (hash mismatch): the record was altered")
    return state


def replay_onto(state: GameState, record: GameRecord, start: int, upto: int) -> None:
    """Apply the record's actions ``start`` to ``upto`` (exclusive) to ``state``, the position
    after its first ``start`` actions, every action checked; :class:`RecordError` names the
    first that does not replay."""
    for i in range(start, upto):
        player, text = record.actions[i]
        try:
            state.apply(Action.parse(text), player)
        except ActionError as exc:
            who = "chance" if player == CHANCE else f"seat {player}"
            raise RecordError(f"record action {i} ({text!r} by {who}) does not replay: {exc}") from exc
