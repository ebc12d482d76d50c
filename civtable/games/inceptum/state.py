"""The state of a game of INCEPTUM and the dispatcher of its rules.

The state is a small set of plain Python values (lists of ints, bitmasks, tuples), so copying
it for search is cheap. Who decides what is a stack of typed frames (``frames.py``): the top
frame is the current decision, e.g. ``Turn(seat)`` the main turn of a seat, ``Slot(seat, kind,
target, free)`` choosing the slot of a new structure, ``Government(seat, research, build,
benefit)`` the pause after researching a government.

This class holds the data and sends each decision to the module of its rulebook topic:

===============  ===============================================================
``setup``        traits, starting player, Humble Beginnings (p. 4-5, 20-23)
``rounds``       production phase, start and end of turns and rounds (p. 6, 35)
``turn``         the actions of a turn and choosing a slot (p. 10-16)
``bonus``        bonus production dice and praying (p. 11, 33)
``trade``        the bank and offers between players (p. 12)
``research``     research actions (p. 12-14, 24)
``building``     buildings, upgrades, population, United grid (p. 15-17, 22, 30)
``wonders``      wonders and government benefit effects (p. 24-29)
``government``   free actions and the government pause (p. 24-28)
``costs``        costs after reductions, Stone / Iron (p. 32-33)
``production``   PTP accounting and caps (p. 9, 32, 35)
``victory``      CP, objectives, tie-breaks (p. 17, 19, 34-38)
===============  ===============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.core import CHANCE, Action, Decision, GameResult, GameState

from . import actions as A
from . import bonus, costs, government, rounds, setup, trade, turn, victory
from .building import grid_capacity
from .content import RESOURCES, Content, Vec
from .frames import (
    CHANCE_KINDS,
    CODEC,
    BonusChoice,
    BonusSlot,
    Deal,
    Dice,
    FollowUp,
    Frame,
    FreeActions,
    Government,
    HumbleBeginnings,
    Offer,
    Over,
    Pray,
    Redeal,
    Redraw,
    Respond,
    Slot,
    StartRoll,
    Turn,
)
from .player import EMPTY, RESBLD, SPECBLD, WONDER, Player
from .production import recalculate_ptp

if TYPE_CHECKING:
    from .game import Inceptum

_END_DECISION = Over().decision()


def _no_actions(state: InceptumState, f: Any, player: int | None) -> list[Action]:
    return []


def _ignore(state: InceptumState, f: Any, action: Action, player: int) -> None:
    raise AssertionError(f"no action applies to the frame {f!r}")


# Per kind of frame: who lists the legal actions, who applies one, who draws chance outcomes.
_LEGAL: dict[type, Callable[[InceptumState, Any, int | None], list[Action]]] = {
    Turn: turn.legal_turn,
    Slot: turn.legal_slot,
    BonusSlot: bonus.legal_bonus_slot,
    BonusChoice: bonus.legal_choice,
    Pray: bonus.legal_pray,
    FreeActions: government.legal_free,
    Government: government.legal_free,
    Offer: trade.legal_offer,
    Respond: trade.legal_respond,
    Redraw: setup.legal_redraw,
    Over: _no_actions,
}
_APPLY: dict[type, Callable[[InceptumState, Any, Action, int], None]] = {
    Turn: turn.apply_turn,
    Slot: turn.apply_slot,
    Dice: bonus.apply_dice,
    BonusSlot: bonus.apply_bonus_slot,
    BonusChoice: bonus.apply_choice,
    Pray: bonus.apply_pray,
    FreeActions: government.apply_free,
    Government: government.apply_free,
    Offer: trade.apply_offer,
    Respond: trade.apply_respond,
    Deal: setup.apply_deal,
    Redraw: setup.apply_redraw,
    Redeal: setup.apply_redeal,
    StartRoll: setup.apply_startroll,
    HumbleBeginnings: setup.apply_humble,
    FollowUp: rounds.apply_resume,
    Over: _ignore,
}
_CHANCE: dict[type, Callable[[InceptumState], list[tuple[Action, float]]]] = {
    Dice: bonus.dice_outcomes,
    Deal: setup.trait_outcomes,
    Redeal: setup.trait_outcomes,
    StartRoll: setup.startroll_outcomes,
    HumbleBeginnings: setup.humble_outcomes,
    FollowUp: rounds.resume_outcomes,
}
assert set(_CHANCE) == CHANCE_KINDS and set(_APPLY) == set(_LEGAL) | CHANCE_KINDS


_OWN_FRAMES = (Slot, FreeActions, Government, Pray)


def _own_only(f: Frame, action: Action) -> bool:
    """Whether ``action`` at frame ``f`` (by the frame's own seat) changes no other player:
    a purchase, bank trade, slot, free action, government benefit or prayer. Ending the turn
    (the next seat's turn, the production phase), offers, bonuses and dice may change others."""
    if type(f) is Turn:
        return action.kind not in ("end", "offer")
    return type(f) in _OWN_FRAMES


class InceptumState(GameState):
    game: Inceptum
    __slots__ = (
        "game", "c", "t", "n", "opt", "players", "round", "order", "turn_pos", "stack",
        "dice", "wonder_owner", "benefit_owner", "trait_deck", "hb_deck", "offers_made",
        "achieved", "blocked", "civ_round", "winners", "finished", "end_reason", "unfinished", "owner",
    )
    HOLDS_ROUND = False
    """Whether the start of a round is held back (the review's copies, ``follow_up.py``): the
    machine stops before the next round's production phase with a :class:`FollowUp` on top.
    ``False`` for every state of a game."""

    def __init__(self, game: Inceptum, fresh: bool = True) -> None:
        self.game = game
        self.c: Content = game.content
        self.t: A.ActionTable = game.table
        self.n = game.num_players
        self.opt = game.options
        self.owner = -1  # see clone_for: -1 when this state owns every player
        if not fresh:
            return
        c = self.c
        self.players: list[Player] = []
        self.round = 0
        self.order: tuple[int, ...] = tuple(range(self.n))
        self.turn_pos = 0
        self.stack: list[Frame] = []
        self.dice: tuple[int, int, int, int] | None = None  # black, white, row, col
        self.wonder_owner = [-1] * len(c.wonders)
        self.benefit_owner = [-1] * len(c.benefits)
        self.trait_deck = [t.cards for t in c.traits]
        self.hb_deck = [1] * len(c.humble)
        self.offers_made = 0
        self.achieved: list[str] = [""] * self.n  # "", "mission", "civ", "prosperity" this round
        self.blocked = 0  # bitmask of seats blocked from a civilizational victory
        self.civ_round = [0] * self.n  # first round each seat met its own trait's condition
        self.winners: list[int] = []
        self.finished = False
        self.unfinished = False
        self.end_reason = ""
        setup.new_game(self)

    # ==================================================================================
    # Who decides, what may be done, what happens
    def decision(self) -> Decision:
        if self.finished:
            return _END_DECISION
        f = self.stack[-1]
        cache = self.game.decision_cache[type(f)]
        d = cache.get(f)
        if d is None:
            if len(cache) > 50_000:
                cache.clear()
            d = cache[f] = f.decision()
        return d

    def current_players(self) -> tuple[int, ...]:
        return self.decision().players

    def is_terminal(self) -> bool:
        return self.finished

    def is_chance_node(self) -> bool:
        return not self.finished and type(self.stack[-1]) in CHANCE_KINDS

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.finished:
            return []
        draw = _CHANCE.get(type(self.stack[-1]))
        return draw(self) if draw is not None else []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The one place that says what may be done (each topic module lists its own)."""
        if self.finished:
            return []
        f = self.stack[-1]
        legal = _LEGAL.get(type(f))
        if legal is None:  # a chance frame
            if player is not None and player != CHANCE:
                return []
            return [a for a, _ in _CHANCE[type(f)](self)]
        return legal(self, f, player)

    def apply_unchecked(self, action: Action, player: int) -> None:
        f = self.stack[-1]
        if self.owner >= 0 and not (player == self.owner and _own_only(f, action)):
            self._own_all()
        _APPLY[type(f)](self, f, action, player)

    # ==================================================================================
    # Questions the views, bots and tests ask (answered by the topic modules)
    def research_cost(self, p: Player, adv: int) -> int:
        return costs.research_cost(self, p, adv)

    def build_cost(self, p: Player, line_idx: int, level: int) -> Vec:
        """Cost of building ``level`` (1-based) of a line, after every reduction (p. 33)."""
        return costs.build_cost(self, p, line_idx, level)

    def wonder_cost(self, p: Player, w: int) -> Vec:
        return costs.wonder_cost(self, p, w)

    def bank_ratio(self, p: Player, give: int) -> int:
        return costs.bank_ratio(self, p, give)

    def grid_capacity(self, p: Player) -> list[int]:
        return grid_capacity(self, p)

    def recalculate_ptp(self, seat: int) -> list[int]:
        return recalculate_ptp(self, seat)

    def cp(self, p: Player) -> int:
        return victory.cp(self, p)

    def cp_breakdown(self, p: Player) -> dict[str, int]:
        return victory.cp_breakdown(self, p)

    def dawn(self, p: Player) -> bool:
        return victory.dawn(self, p)

    def trait_condition(self, p: Player, trait_id: str) -> bool:
        return victory.trait_condition(self, p, trait_id)

    # ==================================================================================
    # Results, copies, saved states
    def result(self) -> GameResult:
        scores = [
            {
                "cp": victory.cp(self, p), "population": p.pop_total,
                "trait": self.c.traits[p.trait].id if p.trait >= 0 else None,
            }
            for p in self.players
        ]
        return GameResult(
            finished=self.finished and not self.unfinished,
            winners=list(self.winners),
            rounds=self.round,
            scores=scores,
            reason=self.end_reason,
        )

    def heuristic_values(self) -> list[float]:
        vals = []
        for p in self.players:
            v = victory.cp(self, p) * 1.0 + 0.35 * sum(p.ptp) + 0.05 * sum(p.hand) + 0.5 * p.pop_free
            vals.append(v)
        if self.finished and self.winners:
            return [1.0 / len(self.winners) if i in self.winners else 0.0 for i in range(self.n)]
        # each seat's share of the squared scores: the leader's share grows with the lead
        sq = [v * v for v in vals]
        s = sum(sq) or 1.0
        return [x / s for x in sq]

    def clone(self) -> InceptumState:
        s = self._copy_but_players()
        s.players = [p.copy() for p in self.players]
        return s

    def clone_for(self, seat: int) -> InceptumState:
        """A copy for looking ahead at ``seat``'s own moves: only ``seat``'s player is copied, the
        others are shared with this state (copy-on-write). The first action that could change
        another player (any other seat's or chance's, ending the turn, an offer) copies them all
        first, so the copy behaves exactly like :meth:`clone`'s. This state must not change while
        the copy is in use."""
        s = self._copy_but_players()
        players = self.players[:]
        players[seat] = players[seat].copy()
        s.players = players
        s.owner = seat
        return s

    def _own_all(self) -> None:
        me = self.owner
        self.players = [p if i == me else p.copy() for i, p in enumerate(self.players)]
        self.owner = -1

    def _copy_but_players(self) -> InceptumState:
        s = InceptumState.__new__(InceptumState)
        s.game = self.game
        s.c = self.c
        s.t = self.t
        s.n = self.n
        s.opt = self.opt
        s.owner = -1
        s.round = self.round
        s.order = self.order
        s.turn_pos = self.turn_pos
        s.stack = self.stack[:]
        s.dice = self.dice
        s.wonder_owner = self.wonder_owner[:]
        s.benefit_owner = self.benefit_owner[:]
        s.trait_deck = self.trait_deck[:]
        s.hb_deck = self.hb_deck[:]
        s.offers_made = self.offers_made
        s.achieved = self.achieved[:]
        s.blocked = self.blocked
        s.civ_round = self.civ_round[:]
        s.winners = self.winners[:]
        s.finished = self.finished
        s.end_reason = self.end_reason
        s.unfinished = self.unfinished
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "round": self.round,
            "order": list(self.order),
            "turn_pos": self.turn_pos,
            "stack": [CODEC.to_json(f) for f in self.stack],
            "dice": list(self.dice) if self.dice else None,
            "wonder_owner": self.wonder_owner,
            "benefit_owner": self.benefit_owner,
            "trait_deck": self.trait_deck,
            "hb_deck": self.hb_deck,
            "offers_made": self.offers_made,
            "achieved": self.achieved,
            "blocked": self.blocked,
            "civ_round": self.civ_round,
            "winners": self.winners,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "end_reason": self.end_reason,
        }

    @staticmethod
    def from_json(game: Inceptum, d: dict[str, Any]) -> InceptumState:
        s = InceptumState(game, fresh=False)
        s.players = [Player.from_json(x) for x in d["players"]]
        if len(s.players) != s.n:
            raise ValueError(f"the state has {len(s.players)} players, the options say {s.n}")
        s.round = int(d["round"])
        s.order = tuple(int(x) for x in d["order"])
        s.turn_pos = int(d["turn_pos"])
        s.stack = [CODEC.from_json(f) for f in d["stack"]]
        s.dice = tuple(d["dice"]) if d["dice"] else None  # type: ignore[assignment]
        s.wonder_owner = [int(x) for x in d["wonder_owner"]]
        s.benefit_owner = [int(x) for x in d["benefit_owner"]]
        s.trait_deck = [int(x) for x in d["trait_deck"]]
        s.hb_deck = [int(x) for x in d["hb_deck"]]
        s.offers_made = int(d["offers_made"])
        s.achieved = [str(x) for x in d["achieved"]]
        s.blocked = int(d["blocked"])
        s.civ_round = [int(x) for x in d.get("civ_round", [0] * s.n)]
        s.winners = [int(x) for x in d["winners"]]
        s.finished = bool(d["finished"])
        s.end_reason = str(d["end_reason"])
        s.unfinished = bool(d["unfinished"])
        return s

    # hidden information: traits are secret until the redraw phase ends ------------------
    def traits_hidden(self) -> bool:
        return not self.finished and bool(self.stack) and type(self.stack[-1]) in (Deal, Redraw, Redeal)

    def resample(self, player: int, rng: Any) -> InceptumState:
        s = self.clone()
        if not self.traits_hidden():
            return s
        pool: list[int] = []
        for ti, cnt in enumerate(s.trait_deck):
            pool += [ti] * cnt
        others = [i for i in range(self.n) if i != player and s.players[i].trait >= 0]
        for i in others:
            pool.append(s.players[i].trait)
        rng.shuffle(pool)
        counts = [0] * len(s.trait_deck)
        for i in others:
            s.players[i].trait = pool.pop()
        for ti in pool:
            counts[ti] += 1
        s.trait_deck = counts
        f = s.stack[-1]
        if isinstance(f, Redraw):
            choices = tuple(x if (x < 0 or i == player) else rng.randrange(2) for i, x in enumerate(f.choices))
            s.stack[-1] = Redraw(choices)
        return s

    # views and explanations sit on top of the state; the game object (game.py) wires them in
    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view_of(self, player)

    def explain_illegal(self, action: Action, player: int) -> str:
        return self.game.explain_illegal(self, action, player)


__all__ = ["EMPTY", "RESBLD", "RESOURCES", "SPECBLD", "WONDER", "InceptumState", "Player"]
