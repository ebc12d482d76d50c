"""Race Game: a fifth game written outside civtable, as its docs say (a test fixture).

Two runners race to the goal. Chance deals each a secret boost card; each round both choose at
once to walk (1), sprint (2) or play their boost card (its value, once), then a die gives the
runner behind 0 or 1 more. First to the goal wins; a tie shares the win.
"""

from __future__ import annotations

import hashlib
from typing import Any

from civtable.core import CHANCE, Action, Decision, Game, GameInfo, GameResult, GameState, OptionSpec

from . import content as _content

_END = Decision((), "over", "the game is over")


class RaceGame(Game):
    info = GameInfo(
        name="racegame", title="Race Game", min_players=2, max_players=2, chance="explicit",
        information="imperfect", simultaneous=True,
        options=(OptionSpec("players", int, 2, "number of players", minimum=2, maximum=2),),
        description="Race to the goal with a secret boost card.",
    )

    def load_content(self, path: str | None) -> str:
        rules = _content.load(path)
        self.goal = int(rules["goal"])
        self.cards = tuple(int(c) for c in rules["cards"])
        with open(path or _content.BUILTIN_PATH, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()

    def new_initial_state(self) -> RaceState:
        return RaceState(self, [-1, -1], [0, 0], [False, False], [None, None], 0, False)

    def state_from_json(self, data: dict[str, Any]) -> RaceState:
        return RaceState(self, list(data["cards"]), list(data["pos"]), list(data["used"]),
                         list(data["pending"]), int(data["rounds"]), bool(data["rolling"]))

    def action_space(self) -> list[Action]:
        return [Action("walk"), Action("sprint"), Action("boost")]


class RaceState(GameState):
    game: RaceGame

    def __init__(self, game, cards, pos, used, pending, rounds, rolling):
        self.game, self.cards, self.pos, self.used = game, cards, pos, used
        self.pending, self.rounds, self.rolling = pending, rounds, rolling

    def _over(self) -> bool:
        return max(self.pos) >= self.game.goal or self.rounds >= 12

    def decision(self) -> Decision:
        if -1 in self.cards:
            return Decision((CHANCE,), "deal", "a secret card is dealt")
        if self._over():
            return _END
        if self.rolling:
            return Decision((CHANCE,), "roll", "the catch-up die is rolled")
        waiting = tuple(p for p in (0, 1) if self.pending[p] is None)
        return Decision(waiting, "race", "walk, sprint or boost")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        d = self.decision()
        if d.players == (CHANCE,):
            return [a for a, _ in self.chance_outcomes()]
        if player is None:
            if len(d.players) != 1:
                return []
            player = d.players[0]
        if player not in d.players:
            return []
        acts = [Action("walk"), Action("sprint")]
        if not self.used[player]:
            acts.append(Action("boost"))
        return acts

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if -1 in self.cards:
            left = [c for c in self.game.cards if c not in self.cards]
            return [(Action("card", (c,)), 1 / len(left)) for c in left]
        if self.rolling:
            return [(Action("roll", (0,)), 0.5), (Action("roll", (1,)), 0.5)]
        return []

    def apply_unchecked(self, action: Action, player: int) -> None:
        if action.kind == "card":
            self.cards[self.cards.index(-1)] = int(action.args[0])
        elif action.kind == "roll":
            if self.pos[0] != self.pos[1]:
                self.pos[0 if self.pos[0] < self.pos[1] else 1] += int(action.args[0])
            self.rolling = False
            self.rounds += 1
        else:
            self.pending[player] = action.kind
            if None not in self.pending:
                for p in (0, 1):
                    kind = self.pending[p]
                    if kind == "boost":
                        self.pos[p] += self.cards[p]
                        self.used[p] = True
                    else:
                        self.pos[p] += 1 if kind == "walk" else 2
                self.pending = [None, None]
                self.rolling = True

    def clone(self) -> RaceState:
        return RaceState(self.game, list(self.cards), list(self.pos), list(self.used),
                         list(self.pending), self.rounds, self.rolling)

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "positions": list(self.pos), "goal": self.game.goal, "rounds": self.rounds,
            "your_card": self.cards[player] if player is not None else None,
            "boost_used": list(self.used),
            "chosen": [self.pending[p] is not None for p in (0, 1)],
            "your_choice": self.pending[player] if player is not None else None,
            "you": player,
        }

    def resample(self, player: int, rng: Any) -> RaceState:
        s = self.clone()
        other = 1 - player
        if s.cards[other] != -1:
            left = [c for c in self.game.cards if c != s.cards[player]]
            s.cards[other] = rng.choice(left)
        if s.pending[other] is not None:
            s.pending[other] = rng.choice(["walk", "sprint"] + ([] if s.used[other] else ["boost"]))
        return s

    def result(self) -> GameResult:
        fin = self._over() and -1 not in self.cards
        best = max(self.pos)
        return GameResult(finished=fin, winners=[p for p in (0, 1) if self.pos[p] == best] if fin else [],
                          rounds=self.rounds, scores=[{"position": x} for x in self.pos])

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "pos": list(self.pos), "used": list(self.used),
                "pending": list(self.pending), "rounds": self.rounds, "rolling": self.rolling}

    def heuristic_values(self) -> list[float]:
        a, b = self.pos
        return [0.5 + (a - b) / 20, 0.5 + (b - a) / 20]
