"""Dominations for reinforcement learning: a fixed numbering of every action.

Listing every action by name is out of reach: a placement names one of 90 tiles, a cell of a
land that may grow 63 tiles away from the Cradle and a rotation (1.7 million placements with 4
players), and a Mastery names its copy and a square of a Tree that may grow 33 squares from its
Campfire (over a million). The numbering here keeps the action text and changes only how an
action is counted:

* a **tile** is named by its *hand slot*: slot ``k`` is the ``k``-th tile of the player's hand in
  content order (the player sees its hand, so the number means the same to it as the name);
* a **cell** of the land is named absolutely, among the cells that can ever be reached (see
  :func:`land_radius`);
* a **Tree square** is named by its rank among the free squares beside the player's Tree in
  sorted order (a Tree of ``k`` cards has at most ``2k + 2`` of them, see :func:`tree_squares`);
* a **Locus** is named by the corner of the placed cell it is (0-2);
* everything else (Masteries, Monuments, Objectives, colours, seats) by its place in the content.

The numbering is fixed for a game (its players and content), and for every legal action ``a``
``action(state, seat, index(state, seat, a)) == a``.

:func:`observation_vector` encodes a player's view (only what the seat may see) as a fixed number
of floats, mostly in [0, 1]. Seats are *rotated*: the viewer's block comes first, then the next
seats in seat order; absent seats (2-3 players) are zeros. Layout, in order:

* game: Age (one-hot), turn in the Age, players (one-hot 2-4), decision kind (one-hot), whether the
  viewer decides, tiles left to draw, the viewer's place in the Initiative order, game over;
* per seat (4 blocks): present, stocks and limits per colour / 20, VP / 100, Influence / 50, City
  tokens, hand size, Objective chosen, its Monument (which of the Monuments in play), Masteries
  per colour, Advanced Masteries, Monument Levels, Tree size, tiles placed, Cities and their
  levels, Domination cards held;
* the viewer's hand, slot by slot as the action numbering counts it: camp colour and the three
  corner resources (one-hot);
* the land within ``WINDOW`` steps of the Cradle, cell by cell: placed, by whom, camp colour, the
  resource shown at each corner, City level and owner, Monument standee; and how many tiles lie
  farther out;
* each Monument in play: Levels built, control per seat, colour, the next Level's cost;
* each Mastery of the content: copies left, held by the viewer (basic / Advanced), held by others.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from civtable.core import Action, GameState

from .content import COLOURS, NODUS_NAMES, TEXT_DOMINATION, Content
from .geometry import Cell, corners, neighbours
from .grow import CRADLE
from .tree import open_squares

if TYPE_CHECKING:
    from .game import Dominations
    from .state import DominationsState

# Which turn phases can place a Land tile: one Grow per turn, and the Farmer's second tile
# once per Age (the Domination card "farmer", power "second_tile").
FARMER_TILES_PER_AGE = 1


def max_placements(c: Content, players: int) -> int:
    """The most Land tiles a whole game can place: one per turn (``turns_per_age`` turns per
    player in each of the ``ages`` Ages) plus the Farmer's second tile once per Age, and never
    more tiles than the content has."""
    rules = c.rules
    per_game = rules["turns_per_age"] * players * rules["ages"] + FARMER_TILES_PER_AGE * rules["ages"]
    return min(per_game, len(c.tiles))


def land_radius(c: Content, players: int) -> int:
    """How far (in steps across full edges) from the Cradle a tile can ever lie.

    A tile is placed on a cell sharing a full edge with the Cradle or with a placed tile, so the
    ``k``-th tile placed lies at most ``k`` steps from the Cradle: no tile is ever farther than
    the number of tiles a game can place (a straight line of tiles reaches exactly that far)."""
    return max_placements(c, players)


def land_cells(radius: int) -> list[Cell]:
    """The cells at most ``radius`` steps from the Cradle (the Cradle's own cells excluded), sorted."""
    dist = {cell: 0 for cell in CRADLE}
    todo = deque(sorted(CRADLE))
    while todo:
        cell = todo.popleft()
        if dist[cell] >= radius:
            continue
        for nb in neighbours(cell):
            if nb not in dist:
                dist[nb] = dist[cell] + 1
                todo.append(nb)
    return sorted(cell for cell in dist if cell not in CRADLE)


def max_tree_cards(c: Content, players: int) -> int:
    """The most cards one Tree can hold: its Campfire, one Mastery per Develop phase, one
    assimilated Mastery per Age, and one Monument Level per Build phase (at most every Level of
    the Monuments in play)."""
    rules = c.rules
    turns = rules["turns_per_age"] * rules["ages"]
    levels = sum(sorted((len(m.levels) for m in c.monuments), reverse=True)[:players])
    return 1 + turns + rules["ages"] + min(turns, levels)


def tree_squares(c: Content, players: int) -> int:
    """The most free squares beside a Tree: a set of ``k`` squares joined side to side has at most
    ``2k + 2`` free squares beside it (each new square adds at most two), and a card is only ever
    placed beside the Tree, so the Tree before its last card has ``max_tree_cards - 1`` cards."""
    return 2 * (max_tree_cards(c, players) - 1) + 2


def max_hand(c: Content) -> int:
    """The most tiles a hand can hold: the hand size, +2 for the High Priest (power ``draw2``)
    and +n for every ``hand_size`` effect a player could own at once."""
    extra = 0
    for m in c.masteries:
        extra += max([e.n for e in m.basic + m.advanced if e.do == "hand_size"] or [0])
    for mon in c.monuments:
        for lv in mon.levels:
            extra += sum(e.n for e in lv.effects if e.do == "hand_size")
    return int(c.rules["hand_size"]) + 2 + extra


class DominationsActions:
    """The action codec of one Dominations game (see the module's docstring)."""

    def __init__(self, game: Dominations) -> None:
        c: Content = game.content
        self.c = c
        n = game.num_players
        self.players = n
        self.radius = land_radius(c, n)
        self.cells = land_cells(self.radius)
        self.cell_no = {cell: i for i, cell in enumerate(self.cells)}
        self.hand = max_hand(c)
        self.squares = tree_squares(c, n)
        nc, nm, nmon = len(self.cells), len(c.masteries), len(c.monuments)
        dims: list[tuple[str, tuple[int, ...]]] = [
            ("place", (self.hand, nc, 3)),
            ("reactivate", (nc,)), ("city", (nc,)), ("upgrade", (nc,)), ("site", (nc,)),
            ("develop", (nm, 4, self.squares)), ("assimilate", (nm, 4, self.squares)),
            ("monument", (nmon, self.squares)),
            ("advance", (nm,)), ("flip", (nm,)), ("discard", (self.hand,)),
            ("choose", (len(c.objectives), nmon)), ("convert", (6, 6)),
            ("edge", (3,)), ("locus", (3,)), ("all_edges", ()), ("vest", (6,)), ("first", (n,)),
            ("keep", ()), ("pass", ()),
        ]
        self.blocks: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.starts: list[tuple[int, str]] = []
        at = 0
        for kind, shape in dims:
            self.blocks[kind] = (at, shape)
            self.starts.append((at, kind))
            size = 1
            for d in shape:
                size *= d
            at += size
        self.size = at
        self._encode: dict[str, Callable[[DominationsState, int, tuple[Any, ...]], tuple[int, ...] | None]] = {
            "place": self._place_in, "reactivate": self._cell_in, "city": self._cell_in,
            "upgrade": self._cell_in, "site": self._cell_in, "develop": self._take_in,
            "assimilate": self._take_in, "monument": self._monument_in, "advance": self._mastery_in,
            "flip": self._mastery_in, "discard": self._discard_in, "choose": self._choose_in,
            "convert": self._convert_in, "edge": self._small_in, "locus": self._locus_in,
            "all_edges": self._none_in, "vest": self._vest_in, "first": self._first_in,
            "keep": self._none_in, "pass": self._none_in,
        }

    def __len__(self) -> int:
        return self.size

    # ----- numbering ---------------------------------------------------------------------------------
    def index(self, state: GameState, player: int, action: Action) -> int | None:
        block = self.blocks.get(action.kind)
        if block is None:
            return None
        s: DominationsState = state  # type: ignore[assignment]
        try:
            parts = self._encode[action.kind](s, player, action.args)
        except (KeyError, ValueError, TypeError, IndexError):
            return None
        start, shape = block
        if parts is None or len(parts) != len(shape) or any(not 0 <= x < d for x, d in zip(parts, shape, strict=True)):
            return None
        i = 0
        for x, d in zip(parts, shape, strict=True):
            i = i * d + x
        return start + i

    def action(self, state: GameState, player: int, i: int) -> Action | None:
        if not 0 <= i < self.size:
            return None
        kind, start = "", 0
        for at, k in self.starts:
            if at > i:
                break
            kind, start = k, at
        shape = self.blocks[kind][1]
        rest = i - start
        parts = [0] * len(shape)
        for d in range(len(shape) - 1, -1, -1):
            rest, parts[d] = divmod(rest, shape[d])
        s: DominationsState = state  # type: ignore[assignment]
        return self._decode(s, player, kind, parts)

    # ----- action -> parts ------------------------------------------------------------------------------
    def _slot(self, s: DominationsState, player: int, tile_id: Any) -> int:
        return sorted(s.players[player].hand).index(self.c.tile_index[str(tile_id)])

    def _place_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        cell = (int(args[1]), int(args[2]), int(args[3]))
        return (self._slot(s, player, args[0]), self.cell_no[cell], int(args[4]))

    def _cell_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self.cell_no[(int(args[0]), int(args[1]), int(args[2]))],)

    def _square(self, s: DominationsState, player: int, x: Any, y: Any) -> int:
        return open_squares(s.players[player]).index((int(x), int(y)))

    def _take_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self.c.mastery_index[str(args[0])], int(args[1]) - 1, self._square(s, player, args[2], args[3]))

    def _monument_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self.c.monument_index[str(args[0])], self._square(s, player, args[1], args[2]))

    def _mastery_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self.c.mastery_index[str(args[0])],)

    def _discard_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self._slot(s, player, args[0]),)

    def _choose_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (self.c.objective_index[str(args[0])], self.c.monument_index[str(args[1])])

    def _convert_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (COLOURS.index(str(args[0])), COLOURS.index(str(args[1])))

    def _small_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (int(args[0]),)

    def _locus_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...] | None:
        top = s.stack[-1] if s.stack else None
        cell = getattr(top, "cell", None)
        if cell is None:
            return None
        return (corners(cell).index((int(args[0]), int(args[1]))),)

    def _none_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...] | None:
        return () if not args else None

    def _vest_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (COLOURS.index(str(args[0])),)

    def _first_in(self, s: DominationsState, player: int, args: tuple[Any, ...]) -> tuple[int, ...]:
        return (int(args[0]) - 1,)

    # ----- parts -> action ------------------------------------------------------------------------------
    def _decode(self, s: DominationsState, player: int, kind: str, parts: list[int]) -> Action | None:
        c = self.c
        hand = sorted(s.players[player].hand) if 0 <= player < len(s.players) else []
        if kind == "place":
            if parts[0] >= len(hand):
                return None
            i, j, o = self.cells[parts[1]]
            return Action("place", (c.tiles[hand[parts[0]]].id, i, j, o, parts[2]))
        if kind in ("reactivate", "city", "upgrade", "site"):
            return Action(kind, self.cells[parts[0]])
        if kind in ("develop", "assimilate", "monument"):
            squares = open_squares(s.players[player]) if 0 <= player < len(s.players) else []
            if parts[-1] >= len(squares):
                return None
            x, y = squares[parts[-1]]
            if kind == "monument":
                return Action(kind, (c.monuments[parts[0]].id, x, y))
            return Action(kind, (c.masteries[parts[0]].id, parts[1] + 1, x, y))
        if kind in ("advance", "flip"):
            return Action(kind, (c.masteries[parts[0]].id,))
        if kind == "discard":
            return Action(kind, (c.tiles[hand[parts[0]]].id,)) if parts[0] < len(hand) else None
        if kind == "choose":
            return Action(kind, (c.objectives[parts[0]].id, c.monuments[parts[1]].id))
        if kind == "convert":
            return Action(kind, (COLOURS[parts[0]], COLOURS[parts[1]]))
        if kind == "edge":
            return Action(kind, (parts[0],))
        if kind == "locus":
            cell = getattr(s.stack[-1], "cell", None) if s.stack else None
            return Action(kind, corners(cell)[parts[0]]) if cell is not None else None
        if kind == "vest":
            return Action(kind, (COLOURS[parts[0]],))
        if kind == "first":
            return Action(kind, (parts[0] + 1,))
        return Action(kind)


def action_codec(game: Dominations) -> DominationsActions:
    """The fixed action numbering the RL adapters use (see :mod:`civtable.rl.encoding`)."""
    return DominationsActions(game)


# ----- observations ------------------------------------------------------------------------------------
WINDOW = 8  # the land is encoded cell by cell this many steps round the Cradle
MAX_SEATS = 4
KINDS = ("deal", "order", "secret", "discard", "grow", "farmer", "source", "vestige", "build", "site",
         "develop", "assimilate", "governor", "over")
ROLES = tuple(TEXT_DOMINATION)
RESOURCES = NODUS_NAMES[:7]  # the six colours and Vestigium
HAND_SLOTS = 19  # max_hand() of the text's content; larger hands are cut (see observation_size)
SEAT_BLOCK = 1 + 6 + 6 + 4 + 1 + MAX_SEATS + 6 + 3 + 3 + len(ROLES)
SLOT_BLOCK = 1 + 6 + 3 * len(RESOURCES)
CELL_BLOCK = 1 + MAX_SEATS + 6 + 3 * len(RESOURCES) + 1 + MAX_SEATS + 1
MONUMENT_BLOCK = 2 + MAX_SEATS + 6 + 6
_WINDOW_CELLS = land_cells(WINDOW)
_WINDOW_NO = {cell: i for i, cell in enumerate(_WINDOW_CELLS)}


def _onehot(value: Any, choices: tuple[Any, ...]) -> list[float]:
    return [1.0 if value == c else 0.0 for c in choices]


def observation_size(game: Dominations) -> int:
    """The length of every observation vector of ``game`` (it depends on the number of Masteries)."""
    return 3 + 1 + 3 + len(KINDS) + 1 + 1 + MAX_SEATS + 1 + MAX_SEATS * SEAT_BLOCK + HAND_SLOTS * SLOT_BLOCK \
        + len(_WINDOW_CELLS) * CELL_BLOCK + 1 + MAX_SEATS * MONUMENT_BLOCK + 4 * len(game.content.masteries)


def _rotated(seat: int | None, viewer: int, n: int) -> int:
    """Where ``seat`` sits counting from the viewer (0 = the viewer; -1 for nobody)."""
    if seat is None or not 0 <= seat < n:
        return -1
    return (seat - viewer) % n


def _seat_one_hot(seat: Any, viewer: int, n: int) -> list[float]:
    r = _rotated(seat if isinstance(seat, int) else None, viewer, n)
    return [1.0 if r == k else 0.0 for k in range(MAX_SEATS)]


def _seat_block(view: dict[str, Any], pl: dict[str, Any], seat: int, monuments: list[str]) -> list[float]:
    out = [1.0]
    out += [pl["stock"][c] / 20.0 for c in COLOURS]
    out += [pl["limit"][c] / 20.0 for c in COLOURS]
    out += [pl["vp"] / 100.0, pl["influence"] / 50.0, pl["city_tokens"] / 15.0, pl["hand_size"] / HAND_SLOTS]
    out.append(1.0 if pl["chosen"] else 0.0)
    out += [1.0 if pl.get("monument") == m else 0.0 for m in (monuments + [""] * MAX_SEATS)[:MAX_SEATS]]
    masteries = [card for card in pl["tree"] if card["kind"] == "mastery"]
    out += [sum(1 for card in masteries if card["colour"] == c) / 10.0 for c in COLOURS]
    out += [sum(1 for card in masteries if card["advanced"]) / 10.0,
            sum(1 for card in pl["tree"] if card["kind"] == "level") / 10.0, len(pl["tree"]) / 34.0]
    board = view["board"]
    cities = [t["city"] for t in board if t["city"] is not None and t["city"][0] == seat]
    out += [sum(1 for t in board if t["by"] == seat) / 30.0, len(cities) / 15.0, sum(c[1] for c in cities) / 45.0]
    out += [1.0 if view["roles"].get(r) == seat else 0.0 for r in ROLES]
    return out


def _resources(names: list[str]) -> list[float]:
    out: list[float] = []
    for name in names:
        out += _onehot(name, RESOURCES)
    return out


def observation_vector(view: dict[str, Any], player: int) -> list[float]:
    """The fixed-length encoding of ``player``'s view (see the module's docstring)."""
    players = view["players"]
    n = len(players)
    decision = view["decision"]
    out: list[float] = _onehot(view["age"], (1, 2, 3))
    out.append(view["turn"] / max(1, view["turns_per_age"]))
    out += _onehot(n, (2, 3, 4)) + _onehot(decision["kind"], KINDS)
    out.append(1.0 if player in decision["seats"] else 0.0)
    out.append(view["pile"] / 90.0)
    place = view["initiative"].index(player) if player in view["initiative"] else -1
    out += [1.0 if place == k else 0.0 for k in range(MAX_SEATS)]
    out.append(1.0 if view["finished"] else 0.0)
    in_play = [m["id"] for m in view["monuments"]]
    for k in range(MAX_SEATS):
        if k < n:
            seat = (player + k) % n
            out += _seat_block(view, players[seat], seat, in_play)
        else:
            out += [0.0] * SEAT_BLOCK
    hand = players[player]["hand"] or []
    for k in range(HAND_SLOTS):
        if k < len(hand):
            out += [1.0] + _onehot(hand[k]["camp"], COLOURS) + _resources(hand[k]["resources"])
        else:
            out += [0.0] * SLOT_BLOCK
    cells = [[0.0] * CELL_BLOCK for _ in _WINDOW_CELLS]
    outside = 0
    for t in view["board"]:
        i = _WINDOW_NO.get((t["cell"][0], t["cell"][1], t["cell"][2]))
        if i is None:
            outside += 1
            continue
        city = t["city"]
        res, rot = t["resources"], t["rotation"]
        corner = [res[(k + rot) % 3] for k in range(3)]  # what each corner shows (geometry.shown)
        cells[i] = ([1.0] + _seat_one_hot(t["by"], player, n) + _onehot(t["camp"], COLOURS) + _resources(corner)
                    + [city[1] / 3.0 if city else 0.0] + _seat_one_hot(city[0] if city else None, player, n)
                    + [1.0 if t["monument"] else 0.0])
    for block in cells:
        out += block
    out.append(outside / 30.0)
    for k in range(MAX_SEATS):
        if k < len(view["monuments"]):
            m = view["monuments"][k]
            control = [0.0] * MAX_SEATS
            for seat, c in enumerate(m["control"]):
                control[_rotated(seat, player, n)] = c / 10.0
            cost = m["next_cost"] or {}
            out += [m["built"] / 8.0, m["levels"] / 8.0] + control + _onehot(m["colour"], COLOURS)
            out += [cost.get(c, 0) / 10.0 for c in COLOURS]
        else:
            out += [0.0] * MONUMENT_BLOCK
    held: dict[str, list[float]] = {}
    for seat, pl in enumerate(players):
        for card in pl["tree"]:
            if card["kind"] == "mastery":
                h = held.setdefault(card["id"], [0.0, 0.0, 0.0])
                if seat == player:
                    h[1 if card["advanced"] else 0] = 1.0
                else:
                    h[2] += 1.0 / 3.0
    for mid, copies in view["supply"].items():
        out += [copies / 4.0, *held.get(mid, [0.0, 0.0, 0.0])]
    return out
