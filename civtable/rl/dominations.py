"""Dominations' actions factorised for the RL layer: at most a few thousand tokens.

A Dominations action may name a tile in hand, a cell of a land that can grow 63 steps from the
Cradle, a rotation, a Mastery copy and a square of a Tree: listed one by one that is hundreds of
thousands of actions. Here every action is a short sequence of tokens, chosen one after the
other (the environments apply the action once its last token is chosen):

* ``place TILE I J O R`` -> the tile (its slot in the hand, content order), the row ``J``, the
  column ``(I, O)``, the rotation ``R``: *tile -> position -> rotation*;
* ``reactivate`` / ``city`` / ``upgrade`` / ``site I J O`` -> the verb, the row, the column;
* ``develop`` / ``assimilate MASTERY COPY X Y`` -> the Mastery copy, the Tree column ``X``, the
  Tree row ``Y``; ``monument MONUMENT X Y`` -> the Monument, ``X``, ``Y``;
* everything else is one token: ``choose OBJECTIVE MONUMENT``, ``convert A B``, ``discard TILE``
  (hand slot), ``advance`` / ``flip MASTERY``, ``edge K``, ``locus`` (the corner of the placed
  cell), ``vest COLOUR``, ``first SEAT`` (counted from the viewer: 0 is itself), ``keep``,
  ``pass``, ``all_edges``.

Rows and columns cover every cell a game can reach and Tree coordinates every square a Tree can
reach; both bounds come from the content (:mod:`civtable.games.dominations.encode`). Only the
numbering is new: the actions themselves are the engine's, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable

from civtable.core import Action, GameState
from civtable.games.dominations.content import COLOURS
from civtable.games.dominations.encode import land_cells, land_radius, max_hand, max_tree_cards
from civtable.games.dominations.game import Dominations
from civtable.games.dominations.geometry import corners

from .actions import split_tokens

MAX_SEATS = 4
FIXED = frozenset(("reactivate", "city", "upgrade", "site", "develop", "assimilate", "monument", "choose", "convert",
                   "advance", "flip", "edge", "vest", "keep", "pass", "all_edges"))
"""The kinds of action whose tokens depend on the action alone (not on the hand, the seat or
the cell just placed)."""


class DominationsTokens:
    """The token space of one Dominations configuration (see the module's docstring)."""

    depth = 4

    def __init__(self, game: Dominations) -> None:
        c = game.content
        self.c = c
        n = game.num_players
        self.n = n
        cells = land_cells(land_radius(c, n))
        self.i_lo, self.i_hi = min(x[0] for x in cells), max(x[0] for x in cells)
        self.j_lo, self.j_hi = min(x[1] for x in cells), max(x[1] for x in cells)
        reach = max_tree_cards(c, MAX_SEATS)
        self.t_lo, self.t_hi = -reach, reach
        self.hand = max_hand(c)
        nm, nmon, nobj = len(c.masteries), len(c.monuments), len(c.objectives)
        groups: list[tuple[str, int, str]] = [
            ("wait", 1, "wait (only when the seat has nothing to decide)"),
            ("pass", 1, "pass"), ("keep", 1, "keep"), ("all_edges", 1, "all_edges"),
            ("edge", 3, "edge K"), ("locus", 3, "locus at corner K of the placed cell"),
            ("vest", 6, "vest COLOUR (" + ", ".join(COLOURS) + ")"),
            ("first", MAX_SEATS, "first SEAT, counted from the viewer (0 = itself)"),
            ("convert", 36, "convert A B (colour A x 6 + colour B)"),
            ("choose", nobj * nmon, "choose OBJECTIVE MONUMENT (objective x Monuments + Monument)"),
            ("advance", nm, "advance MASTERY"), ("flip", nm, "flip MASTERY"),
            ("discard", self.hand, "discard the tile in hand slot K (content order)"),
            ("place", self.hand, "place the tile in hand slot K — then row, column, rotation"),
            ("verb", 4, "reactivate, city, upgrade, site — then row, column"),
            ("develop", nm * 4, "develop MASTERY COPY (Mastery x 4 + copy - 1) — then Tree column, Tree row"),
            ("assimilate", nm * 4, "assimilate MASTERY COPY — then Tree column, Tree row"),
            ("monument", nmon, "monument MONUMENT — then Tree column, Tree row"),
            ("row", self.j_hi - self.j_lo + 1, f"land row J = {self.j_lo} .. {self.j_hi}"),
            ("column", 2 * (self.i_hi - self.i_lo + 1), f"land column (I, O): (I - {self.i_lo}) x 2 + O"),
            ("rotation", 3, "rotation R"),
            ("tree_x", self.t_hi - self.t_lo + 1, f"Tree column X = {self.t_lo} .. {self.t_hi}"),
            ("tree_y", self.t_hi - self.t_lo + 1, f"Tree row Y = {self.t_lo} .. {self.t_hi}"),
        ]
        self.start: dict[str, int] = {}
        self.groups = groups
        at = 0
        for name, size, _doc in groups:
            self.start[name] = at
            at += size
        self.size = at
        self.verbs = ("reactivate", "city", "upgrade", "site")
        self._known: dict[Action, tuple[int, ...]] = {}  # the tokens of FIXED actions, once computed

    # ----- tokens of an action -------------------------------------------------------------------
    def _cell(self, i: int, j: int, o: int) -> tuple[int, int]:
        return (self.start["row"] + j - self.j_lo, self.start["column"] + 2 * (i - self.i_lo) + o)

    def _square(self, x: int, y: int) -> tuple[int, int]:
        return (self.start["tree_x"] + x - self.t_lo, self.start["tree_y"] + y - self.t_lo)

    def _hand(self, state: GameState, seat: int) -> dict[str, int]:
        """Tile id -> its slot in the seat's hand (content order)."""
        tiles = self.c.tiles
        return {tiles[t].id: slot for slot, t in enumerate(sorted(state.players[seat].hand))}  # type: ignore[attr-defined]

    def roots(self, state: GameState, seat: int, legal: list[Action]) -> tuple[dict[int, Action], dict[int, list[Action]]]:
        """The root of the token trie (:class:`~civtable.rl.actions.Choices`) without the rest of
        each sequence: the actions of a single token (token -> action) and, per first token of a
        longer one, its actions (a turn has hundreds of placements, and only the tile chosen
        needs its rows, columns and rotations)."""
        place = self.start["place"]
        hand: dict[str, int] | None = None
        ends: dict[int, Action] = {}
        deeper: dict[int, list[Action]] = {}
        others = []
        for a in legal:
            if a.kind == "place":
                if hand is None:
                    hand = self._hand(state, seat)
                t = place + hand[a.args[0]]  # type: ignore[index]  # a tile id (str)
                got = deeper.get(t)
                if got is None:
                    deeper[t] = [a]
                else:
                    got.append(a)
            else:
                others.append(a)
        if not others:
            return ends, deeper
        # the other actions' tokens: most depend on the action alone (kept once computed)
        known = self._known

        def firsts() -> Iterable[tuple[int, bool, Action, Action]]:
            for a in others:
                seq = known.get(a)
                if seq is None:
                    seq = next(iter(self.sequences(state, seat, [a])))[0]
                    if a.kind in FIXED:
                        if len(known) >= 100_000:
                            known.clear()
                        known[a] = seq
                yield seq[0], len(seq) > 1, a, a

        split_tokens(firsts(), ends, deeper)
        return ends, deeper

    def sequences(self, state: GameState, seat: int, legal: list[Action]) -> Iterable[tuple[tuple[int, ...], Action]]:
        c = self.c
        st = self.start
        hand = self._hand(state, seat)
        top = state.stack[-1] if state.stack else None  # type: ignore[attr-defined]
        # a placement (the commonest action, hundreds a turn) with the offsets of _cell inlined
        place, row, column, rotation = st["place"], st["row"] - self.j_lo, st["column"] - 2 * self.i_lo, st["rotation"]
        for a in legal:
            k, args = a.kind, a.args
            if k == "place":
                seq: tuple[int, ...] = (place + hand[str(args[0])], row + int(args[2]), column + 2 * int(args[1]) + int(args[3]),
                                        rotation + int(args[4]))
            elif k in self.verbs:
                seq = (st["verb"] + self.verbs.index(k), *self._cell(int(args[0]), int(args[1]), int(args[2])))
            elif k in ("develop", "assimilate"):
                m = c.mastery_index[str(args[0])]
                seq = (st[k] + 4 * m + int(args[1]) - 1, *self._square(int(args[2]), int(args[3])))
            elif k == "monument":
                seq = (st["monument"] + c.monument_index[str(args[0])], *self._square(int(args[1]), int(args[2])))
            elif k == "choose":
                seq = (st["choose"] + c.objective_index[str(args[0])] * len(c.monuments) + c.monument_index[str(args[1])],)
            elif k == "convert":
                seq = (st["convert"] + 6 * COLOURS.index(str(args[0])) + COLOURS.index(str(args[1])),)
            elif k == "discard":
                seq = (st["discard"] + hand[str(args[0])],)
            elif k in ("advance", "flip"):
                seq = (st[k] + c.mastery_index[str(args[0])],)
            elif k == "edge":
                seq = (st["edge"] + int(args[0]),)
            elif k == "locus":
                seq = (st["locus"] + corners(top.cell).index((int(args[0]), int(args[1]))),)  # type: ignore[union-attr]
            elif k == "vest":
                seq = (st["vest"] + COLOURS.index(str(args[0])),)
            elif k == "first":
                seq = (st["first"] + (int(args[0]) - 1 - seat) % self.n,)
            elif k in ("keep", "pass", "all_edges"):
                seq = (st[k],)
            else:
                raise ValueError(f"the Dominations token space has no tokens for {a.text()!r}")
            yield seq, a

    def name(self, token: int) -> str:
        for name, size, _doc in self.groups:
            at = self.start[name]
            if at <= token < at + size:
                return name if size == 1 else f"{name} {token - at}"
        raise IndexError(token)

    def rows(self) -> list[tuple[str, str]]:
        out = []
        for name, size, doc in self.groups:
            at = self.start[name]
            out.append((f"{at}" if size == 1 else f"{at}-{at + size - 1}", doc))
        return out
