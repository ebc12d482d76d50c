"""The Path of Civilization state: the table, the decision stack and the phase machine.

A round runs the phases in order (PC-GEN-2); each phase is a small function in a topic module
(:mod:`.setup`, :mod:`.phases`, :mod:`.evolution`, :mod:`.events`) that may push decision frames
(:mod:`.frames`). When the stack empties, the machine continues with the current phase (phase
functions are re-entrant through ``stage``) or the next one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.core import CHANCE, Action, Decision, GameResult, GameState
from civtable.core.frames import tag_of

from . import events, evolution, phases, setup
from .content import Content
from .frames import CHANCE_FRAMES, CODEC, FollowUp, OpenClaims, Project
from .player import Player

if TYPE_CHECKING:
    from .game import PathOfCivilization

(P_SETUP, P_START, P_PROJECT, P_REVEAL, P_DEPLOY, P_PHIL, P_WONDERS, P_LEADERS, P_RESEARCH,
 P_PURCHASE, P_EVENT, P_END) = range(12)
PHASE_NAMES = (
    "setup", "new round", "A Project", "A Project", "B Deployment", "C Philosophy", "C Wonders", "C Leaders",
    "D Research", "E Technology purchase", "F Event", "end of round",
)
_END = Decision((), "over", "the game is over")

_FIELDS = ("round", "phase", "stage", "finished", "threat", "market_w", "market_l", "drawn_w", "drawn_l",
           "supply", "challenges", "battles", "tokens", "faceup", "phil_queue", "claimed", "moments")
_SCALARS = ("round", "phase", "stage", "finished", "threat")
_FLAT = ("market_w", "market_l", "drawn_w", "drawn_l", "supply", "challenges", "battles", "claimed")  # lists of ints
_NESTED = ("tokens", "faceup", "phil_queue")  # lists of lists of ints
assert set(_FIELDS) == {*_SCALARS, *_FLAT, *_NESTED, "moments"}


def _seats(f: Any) -> tuple[int, ...]:
    """The seats a player's decision frame waits for."""
    return (f.seat,) if hasattr(f, "seat") else f.seats


class PathState(GameState):
    game: PathOfCivilization

    def __init__(self, game: PathOfCivilization) -> None:
        self.game = game
        # the search's plan of a round per public position (bot.search_actions), shared by every
        # clone of this game's states and made anew for each new game (or loaded state): a seeded
        # game's bots play the same whatever games the same Game object played before
        self.plan_cache: dict[tuple[Any, ...], tuple[int, ...]] = {}
        c = game.content
        n = game.num_players
        self.players = [Player() for _ in range(n)]
        self.stack: list[Any] = []
        self.round = 0
        self.phase = P_SETUP
        self.stage = 0
        self.finished = False
        self.threat = 0  # Power of the External Threat
        self.market_w: list[int] = []
        self.market_l: list[int] = []
        self.drawn_w: list[int] = []  # every Wonder ever turned up
        self.drawn_l: list[int] = []
        self.supply = [0 if t.level == 0 else t.copies for t in c.techs]
        self.challenges = [-1, -1, -1, -1]
        self.battles = [-1, -1, -1, -1]
        self.tokens: list[list[int]] = [[] for _ in range(c.phil_top + 1)]  # revealed tokens per level
        self.faceup: list[list[int]] = [[] for _ in range(c.phil_top + 1)]  # available tokens per level
        self.phil_queue: list[list[int]] = []  # [level, seat, seat...] groups still to settle
        self.claimed: list[int] = []  # scratch of the claim steps
        self.moments: list[dict[str, Any]] = []  # facts of the recent big moments (:mod:`.story`), newest last

    @property
    def content(self) -> Content:
        return self.game.content

    # ----- the machine ---------------------------------------------------------------------
    def start(self) -> PathState:
        setup.begin(self)
        return self

    HOLD_BEFORE: int | None = None
    """The phase a review's copy stops before (:mod:`.follow_up`), leaving a :class:`FollowUp`
    on top; ``None`` for every state of a game."""

    def advance(self) -> None:
        while not self.stack and not self.finished:
            if self.phase == self.HOLD_BEFORE:
                self.stack.append(FollowUp(""))
                return
            if _PHASES[self.phase](self):
                if self.phase == P_END:
                    if self.finished:
                        return
                    self.phase = P_START
                else:
                    self.phase += 1
                self.stage = 0

    def seat_done(self, seat: int) -> None:
        """``seat`` answered the simultaneous frame on top; pop it when everybody has."""
        top = self.stack[-1]
        rest = tuple(s for s in top.seats if s != seat)
        if rest:
            self.stack[-1] = top._replace(seats=rest)
        else:
            self.stack.pop()
            self.advance()

    def pop(self) -> None:
        self.stack.pop()
        self.advance()

    # ----- core API --------------------------------------------------------------------------
    def decision(self) -> Decision:
        if self.finished:
            return _END
        f = self.stack[-1]
        if isinstance(f, CHANCE_FRAMES):
            return Decision((CHANCE,), tag_of(f), setup.chance_prompt(self, f))
        seats = _seats(f)
        prompt = evolution.open_prompt(self, f) if isinstance(f, OpenClaims) else PROMPTS[tag_of(f)]
        return Decision(tuple(seats), tag_of(f), prompt)

    def deciding(self) -> tuple[int, ...]:
        """The seats of :meth:`decision` (``(CHANCE,)`` at a chance step, none once the game is
        over) without the rest of it (its prompt)."""
        if self.finished:
            return ()
        f = self.stack[-1]
        if isinstance(f, CHANCE_FRAMES):
            return (CHANCE,)
        return tuple(_seats(f))

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.finished:
            return []
        f = self.stack[-1]
        if isinstance(f, CHANCE_FRAMES):
            return [a for a, _ in setup.outcomes(self, f)] if player in (None, CHANCE) else []
        seats = _seats(f)
        if player is None:
            if len(seats) != 1:
                return []
            player = seats[0]
        if player not in seats:
            return []
        return _LEGAL[tag_of(f)](self, f, player)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.finished or not isinstance(self.stack[-1], CHANCE_FRAMES):
            return []
        return setup.outcomes(self, self.stack[-1])

    def apply_unchecked(self, action: Action, player: int) -> None:
        f = self.stack[-1]
        if isinstance(f, CHANCE_FRAMES):
            setup.apply_chance(self, f, action)
        else:
            _APPLY[tag_of(f)](self, f, player, action)

    def explain_illegal(self, action: Action, player: int) -> str:
        return self.game.explain_illegal(self, action, player)

    def clone(self) -> PathState:
        s = PathState.__new__(PathState)
        s.game = self.game
        s.players = [p.copy() for p in self.players]
        s.stack = list(self.stack)  # frames are immutable
        mine, theirs = s.__dict__, self.__dict__
        for f in _SCALARS:
            mine[f] = theirs[f]
        for f in _FLAT:
            mine[f] = theirs[f][:]
        for f in _NESTED:
            mine[f] = [x[:] for x in theirs[f]]
        s.moments = list(self.moments)  # facts are written once, never changed
        s.plan_cache = self.plan_cache  # one per line of play, shared (see __init__)
        return s

    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view_of(self, player)

    def result(self) -> GameResult:
        c = self.content
        scores = [p.score(c) for p in self.players]
        winners: list[int] = []
        if self.finished:
            best = max(s["score"] for s in scores)
            winners = [i for i, s in enumerate(scores) if s["score"] == best]
        for i, s in enumerate(scores):
            s["civ"] = c.civs[self.players[i].civ].name if self.players[i].civ >= 0 else "?"  # type: ignore[assignment]
        return GameResult(finished=self.finished, winners=winners, rounds=self.round, scores=scores,  # type: ignore[arg-type]
                          reason=f"after round {self.round}" if self.finished else "")

    def heuristic_values(self) -> list[float]:
        return self.game.estimate(self)

    def resample(self, player: int, rng: Any) -> PathState:
        """Other seats' secret Phase A cards are re-drawn among the Projects they could make (as
        many cards placed as before). Face-down piles and Benefit tokens are drawn only when turned
        up, so nothing else is hidden."""
        s = self.clone()
        if not self.finished and self.stack and isinstance(self.stack[-1], Project):
            for seat, p in enumerate(s.players):
                if seat != player and p.project is not None:
                    k = sum(1 for t in p.project if t != phases.EMPTY)
                    full = rng.choice(phases.project_options(self, seat))
                    p.project = tuple(full[:k]) + (phases.EMPTY,) * (4 - k)
        return s

    def to_json(self) -> dict[str, Any]:
        out = {f: getattr(self, f) for f in _FIELDS}
        out["players"] = [p.to_json() for p in self.players]
        out["stack"] = [CODEC.to_json(f) for f in self.stack]
        return out

    @staticmethod
    def from_json(game: PathOfCivilization, d: dict[str, Any]) -> PathState:
        s = PathState(game)
        for f in _FIELDS:
            if f == "moments":  # saved states from before the narration have none
                v = d.get(f, [])
                if not isinstance(v, list) or not all(isinstance(m, dict) and isinstance(m.get("kind"), str) for m in v):
                    raise ValueError("'moments' must be a list of records with a 'kind'")
                s.moments = [dict(m) for m in v]
                continue
            v = d[f]
            cur = getattr(s, f)
            if isinstance(cur, bool):
                if not isinstance(v, bool):
                    raise ValueError(f"{f!r} must be true or false")
            elif isinstance(cur, int):
                v = int(v)
            elif not isinstance(v, list):
                raise ValueError(f"{f!r} must be a list")
            elif cur and isinstance(cur[0], list) or f == "phil_queue":
                v = [[int(y) for y in x] for x in v]
            else:
                v = [int(x) for x in v]
            setattr(s, f, v)
        players = d["players"]
        if not isinstance(players, list) or len(players) != game.num_players:
            raise ValueError("one player record per seat is needed")
        s.players = [Player.from_json(p) for p in players]
        s.stack = [CODEC.from_json(f) for f in d["stack"]]
        return s


_PHASES: tuple[Callable[[PathState], bool], ...] = (
    setup.run_setup, setup.run_round_start, phases.run_project, phases.run_reveal, phases.run_deploy,
    evolution.run_philosophy, evolution.run_wonders, evolution.run_leaders, phases.run_research,
    phases.run_purchase, events.run_events, setup.run_round_end,
)
_LEGAL: dict[str, Callable[[PathState, Any, int], list[Action]]] = {
    "project": phases.legal_project, "deploy": phases.legal_deploy, "research": phases.legal_research,
    "buy": phases.legal_purchase, "first": evolution.legal_first, "pick": evolution.legal_pick,
    "claim": evolution.legal_claim, "claims": evolution.legal_open, "destiny": events.legal_destiny,
}
_APPLY: dict[str, Callable[[PathState, Any, int, Action], None]] = {
    "project": phases.apply_project, "deploy": phases.apply_deploy, "research": phases.apply_research,
    "buy": phases.apply_purchase, "first": evolution.apply_first, "pick": evolution.apply_pick,
    "claim": evolution.apply_claim, "claims": evolution.apply_open, "destiny": events.apply_destiny,
}
PROMPTS = {
    "project": "Project: place 2 cards on the left (cubes), then 2 on the right (Research)",
    "deploy": "Deployment: choose your cubes one by one, up to your population",
    "research": "Research: choose your points one by one, up to your population",
    "buy": "Purchase: buy one Technology you can afford",
    "first": "Philosophy: choose the Benefit that goes face up (you are first on this level)",
    "pick": "Philosophy: choose one of the two face-up Benefits",
    "claim": "Claims: claim a card you can afford, or pass",
    "destiny": "Challenge: choose how many times to use its Destiny",
}
"""Every decision's prompt in one style: the phase, a colon, then what to do, beginning with a
verb (open claims: :func:`~.evolution.open_prompt`)."""
