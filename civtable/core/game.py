"""The game-agnostic core: game definitions, states, decisions and results.

A :class:`Game` is a configured game (its options and its loaded content); it makes
:class:`GameState` objects. A state always says who must decide what (:meth:`GameState.decision`):

* one seat (an ordinary turn, or one step of a multi-part decision),
* several seats at once (a simultaneous choice; each seat submits its own action),
* the chance player :data:`CHANCE` (dice, shuffles), whose outcomes are listed with
  probabilities by :meth:`GameState.chance_outcomes`,
* nobody, when the game is over.

Multi-part decisions are a stack of pending sub-decisions kept in the state by each game; the
top of the stack is what :meth:`decision` reports.

Applying an action through :meth:`GameState.apply` is checked: a malformed action raises
:class:`MalformedAction`, a well-formed action that is not legal now raises
:class:`IllegalAction` (or :class:`NotYourTurn`), and in both cases the state is untouched.
:meth:`GameState.apply_unchecked` is the fast path for search, where the caller guarantees
legality.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, as_action
from .errors import IllegalAction, NotYourTurn, OptionError, RecordError, shown

CHANCE = -1
"""The seat number of the chance player."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One declared game option (``--mode``, ``--max-rounds`` ...)."""

    name: str
    kind: type  # int, str or bool
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, str):
                low = value.lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} must be true or false, not {shown(value)}")
            return value
        if self.kind is int:
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} must be a whole number, not {shown(value)}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        elif self.kind is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} must be text, not {shown(value)}")
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name!r} must be one of {', '.join(map(str, self.choices))}, not {shown(value)}"
            )
        return value


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Metadata a game declares once."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: str  # "explicit" (chance nodes with listed outcomes) or "deterministic"
    information: str  # "perfect" or "imperfect"
    simultaneous: bool
    options: tuple[OptionSpec, ...] = ()
    modes: tuple[str, ...] = ()
    description: str = ""
    example: bool = False  # a small example for developers (Nim): not offered to players in the lobby

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise OptionError(f"{self.name} has no option {name!r}; options: {', '.join(o.name for o in self.options)}")

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and check every value; unknown names raise :class:`OptionError`."""
        options = dict(options or {})
        out: dict[str, Any] = {}
        for key, value in options.items():
            spec = self.option(key.replace("-", "_"))
            out[spec.name] = spec.check(value)
        for spec in self.options:
            out.setdefault(spec.name, spec.default)
        players = out.get("players")
        if players is not None and not (self.min_players <= players <= self.max_players):
            raise OptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, and what kind of decision it is."""

    players: tuple[int, ...]  # () when the game is over; (CHANCE,) at a chance node
    kind: str  # game-specific name of the decision ("turn", "slot", "dice", ...)
    prompt: str = ""  # a sentence for people

    @property
    def is_chance(self) -> bool:
        return self.players == (CHANCE,)

    @property
    def is_simultaneous(self) -> bool:
        return len(self.players) > 1


@dataclass(slots=True)
class GameResult:
    """The outcome (so far) of a game."""

    finished: bool
    winners: list[int]
    rounds: int
    scores: list[dict[str, Any]]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "winners": list(self.winners),
            "rounds": self.rounds,
            "scores": self.scores,
            "reason": self.reason,
        }


class Game(ABC):
    """A game definition configured with options and content. Immutable once built."""

    info: ClassVar[GameInfo]

    def __init__(self, options: Mapping[str, Any] | None = None, content_path: str | None = None) -> None:
        self.options: dict[str, Any] = self.info.validate_options(options)
        self.content_path = content_path
        self.content_id: str = self.load_content(content_path)

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @abstractmethod
    def load_content(self, path: str | None) -> str:
        """Load (and validate) this game's content; return its identity (a hash)."""

    @abstractmethod
    def new_initial_state(self) -> GameState:
        """The state before the first decision (usually setup chance nodes)."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from :meth:`GameState.to_json` payload (already integrity-checked)."""

    def action_space(self) -> list[Action] | None:
        """Every action that can ever be legal for a player, in a fixed order, for adapters that
        need a fixed-size discrete action space (RL). ``None`` if the game has no bounded set."""
        return None

    def describe_action(self, state: GameState, player: int, action: Action) -> str:
        """A sentence for a log, e.g. 'Anna researches Writing for 3 Gold.'"""
        if player == CHANCE and action.kind == "resume":  # a held move going on: nothing to tell
            return ""
        who = "Chance" if player == CHANCE else self.seat_name(player)
        if self.info.information != "perfect" and not _seen_by_all(state, player, action):
            return f"{who} draws in secret." if player == CHANCE else f"{who} chooses in secret."
        return f"{who}: {action.text()}"

    def before_follow_up(self, state: GameState, player: int, action: Action) -> tuple[GameState, str] | None:
        """What ``action`` does by itself, apart from what the rules then do on their own (the
        next player's production, say): a copy of ``state`` with ``action`` applied but that
        follow-up not yet, and the follow-up's name for people ("Player 2's production and
        upkeep"). ``None`` when the action sets nothing off that the game tells apart. The copy
        is for estimates only (it may stand between two decisions)."""
        return None

    def seat_name(self, player: int) -> str:
        """A seat's name for people: "Player N", counted from 1 (servers put chosen names in)."""
        return f"Player {player + 1}"

    def fold_log(self, earlier: str, later: str) -> str | None:
        """One log line that says two consecutive ones, when they tell the same kind of thing
        (Dominations: "Player 1 draws a Land tile." twice reads "Player 1 draws 2 Land tiles."),
        else ``None`` to keep both. It only joins what both lines already say: nothing hidden
        from a seat comes in. For people only: the record keeps every action (see
        :func:`civtable.core.words.fold_lines`)."""
        return None

    def round_words(self, rounds: int) -> str:
        """The round in which :meth:`GameState.result` counts ``rounds``, as the game's table says
        it, in lower case for the middle of a sentence: "round 14" (Dominations, whose count is
        the rounds complete: "Age 3, round 5")."""
        return f"round {rounds}"

    def round_of(self, state: GameState) -> int:
        """The count of :meth:`round_words` for the round being played in ``state``, as the
        table's header counts it. Default: :meth:`GameState.result`'s rounds."""
        return int(state.result().rounds)

    def in_setup(self, state: GameState) -> bool:
        """Whether ``state`` is before the first round's play: the setup's choices (a game review
        names moves there "Setup", not by a round). Default: no round counted yet; Dominations,
        whose count is the rounds complete, says so while the Objective and Monument choices are
        still secret."""
        return int(state.result().rounds) < 1

    def follow_up_when(self, words: str) -> str:
        """When the rules' own steps named ``words`` (:meth:`before_follow_up`) happened, where that
        is not a round of play: Dominations' "the end of Age 1 scoring" -> "End of Age 1", "the
        final scoring" -> "Final scoring"; "" (the default): in their round."""
        return ""

    def round_mark(self, rounds: int) -> str:
        """The same round as a chart's axis marks it, in a few characters: "14" (Dominations:
        "A3 R5", the Age and round of :meth:`round_words`)."""
        return str(rounds)

    # ----- saving states -------------------------------------------------------------------
    def save_state(self, state: GameState) -> dict[str, Any]:
        payload = state.to_json()
        body = {
            "format": "civtable-state",
            "version": 1,
            "game": self.info.name,
            "options": self.options,
            "content_id": self.content_id,
            "state": payload,
        }
        body["checksum"] = _checksum(body)
        return body

    def load_state(self, data: Any) -> GameState:
        if not isinstance(data, dict) or data.get("format") != "civtable-state":
            raise RecordError("this is not a civtable saved state (missing format 'civtable-state')")
        if data.get("game") != self.info.name:
            raise RecordError(f"this saved state is a game of {data.get('game')!r}, not {self.info.name!r}")
        body = {k: v for k, v in data.items() if k != "checksum"}
        if data.get("checksum") != _checksum(body):
            raise RecordError("the saved state is corrupt or was edited: its checksum does not match")
        if data.get("content_id") != self.content_id:
            raise RecordError("the saved state was made with other content than the content loaded now")
        saved = data.get("options")
        try:  # a state saved before an option existed has that option at its default
            same = saved == self.options or self.info.validate_options(saved) == self.options
        except (OptionError, TypeError, AttributeError):
            same = False
        if not same:
            raise RecordError("the saved state was made with other game options")
        try:
            return self.state_from_json(data["state"])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"the saved state is malformed: {exc}") from exc


class GameState(ABC):
    """A position of a game. Subclasses implement the abstract methods; the checked
    boundary (:meth:`apply`) is implemented here once for every game."""

    game: Game

    # ----- who decides -------------------------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision: ...

    def current_players(self) -> tuple[int, ...]:
        return self.decision().players

    def is_terminal(self) -> bool:
        return not self.decision().players

    def is_chance_node(self) -> bool:
        return self.decision().players == (CHANCE,)

    # ----- actions -----------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (default: the single deciding seat, or chance)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability (summing to 1)."""

    @abstractmethod
    def apply_unchecked(self, action: Action, player: int) -> None:
        """Apply a legal action of ``player``. No validation: the fast path for search."""

    def explain_illegal(self, action: Action, player: int) -> str:
        """Why ``action`` is not legal for ``player`` now (games override for better words)."""
        return f"{action.text()!r} is not a legal action now"

    def apply(self, action: Action | str | dict[str, Any], player: int | None = None) -> Action:
        """Checked application. Returns the parsed action. On error the state is unchanged."""
        act, player = self.check(action, player)
        self.apply_unchecked(act, player)
        return act

    def check(self, action: Action | str | dict[str, Any], player: int | None = None) -> tuple[Action, int]:
        """Parse ``action`` and check that ``player`` (default: the single decider) may take it
        now, without changing anything: ``(action, player)``, or a typed
        :class:`~civtable.core.errors.ActionError` in plain words. Whatever reads an action
        before it is applied (log sentences, explanations) runs only after this check."""
        act = as_action(action)
        deciders = self.decision().players
        if not deciders:
            raise IllegalAction("the game is over; no more actions can be taken")
        if player is None:
            if len(deciders) != 1:
                raise NotYourTurn("several seats decide at once here; say which seat acts")
            player = deciders[0]
        if player not in deciders:
            if deciders == (CHANCE,):
                raise NotYourTurn("chance decides now (dice or cards), not a player")
            names = ", ".join(self.game.seat_name(p) for p in deciders)
            raise NotYourTurn(f"it is not {self.game.seat_name(player)}'s decision; waiting for {names}")
        if act not in self.legal_actions(player):
            raise IllegalAction(self.explain_illegal(act, player))
        return act, player

    # ----- copies, views, results ----------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (``None``: a spectator). JSON-ready. The only thing
        bots and user interfaces ever receive."""

    @abstractmethod
    def result(self) -> GameResult: ...

    def returns(self) -> list[float]:
        """Per-seat payoff: winners share 1, everyone else 0; 0 for all if unfinished."""
        res = self.result()
        n = self.game.num_players
        if not res.finished or not res.winners:
            return [0.0] * n
        share = 1.0 / len(res.winners)
        return [share if p in res.winners else 0.0 for p in range(n)]

    def heuristic_values(self) -> list[float]:
        """Per-seat estimate in [0, 1] of winning, used where search stops early."""
        return [1.0 / self.game.num_players] * self.game.num_players

    def resample(self, player: int, rng: Any) -> GameState:
        """A state consistent with everything ``player`` knows, hidden information re-drawn.
        Perfect-information games return a copy."""
        return self.clone()

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the state exactly (JSON-ready)."""

    story_keys: tuple[str, ...] = ()
    """Keys of :meth:`to_json` that only tell the story of the game (recent big moments, running
    totals for the score sheet) and never change what happens next. They are saved and loaded
    with the rest, but left out of :meth:`state_hash`, so records made before a game told its
    story still replay to their hash."""

    def state_hash(self) -> str:
        """A stable hash of the full state (its story aside): equal states have equal hashes."""
        data = self.to_json()
        if self.story_keys:
            data = {k: v for k, v in data.items() if k not in self.story_keys}
        return hashlib.sha256(_canonical(data)).hexdigest()[:32]


def _seen_by_all(state: GameState, player: int, action: Action) -> bool:
    """Whether everybody can tell ``action`` apart from the other actions ``player`` could take in
    ``state``: the spectator's view after it differs from the view after each alternative. A log
    line that names an action nobody else sees (a secret card dealt, one seat's part of a choice
    made at once) would tell every reader what the views hide."""
    choices = [a for a, _ in state.chance_outcomes()] if player == CHANCE else state.legal_actions(player)
    if len(choices) < 2:
        return True

    def seen(act: Action) -> str:
        after = state.clone()
        after.apply_unchecked(act, player)
        return json.dumps(after.view(None), sort_keys=True, default=str)

    mine = seen(action)
    return all(seen(other) != mine for other in choices if other != action)


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def _checksum(body: Any) -> str:
    return hashlib.sha256(_canonical(body)).hexdigest()


@dataclass
class Observation:
    """What an agent receives when it must decide: its view, its legal actions, and a way to
    draw states consistent with what it knows (for search). Never the true state."""

    player: int
    view: dict[str, Any]
    legal: list[Action]
    decision: Decision
    game: Game
    _sampler: Callable[[Any], GameState] = field(repr=False)

    def sample_state(self, rng: Any) -> GameState:
        """A determinisation: a full state consistent with this player's information."""
        return self._sampler(rng)


def observe(state: GameState, player: int) -> Observation:
    """Build the :class:`Observation` for ``player`` (the one place agents get information)."""
    snapshot = state.clone()
    return Observation(
        player=player,
        view=state.view(player),
        legal=state.legal_actions(player),
        decision=state.decision(),
        game=state.game,
        _sampler=lambda rng: snapshot.resample(player, rng),
    )


def sample_chance(outcomes: Sequence[tuple[Action, float]], rng: Any) -> Action:
    """Draw one chance outcome with the given probabilities from ``rng``."""
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]
