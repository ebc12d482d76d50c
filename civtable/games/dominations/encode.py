"""Dominations for reinforcement learning: bounds of the land and the Tree, and a fixed-length
observation of a position for one seat.

The bounds (:func:`land_radius`, :func:`max_tree_cards`, :func:`max_hand` ...) come from the
content and the rules: the RL layer's factorised action space (``civtable.rl.dominations``)
counts cells and Tree squares with them.

:class:`DominationsEncoder` reads the state directly (never the JSON view) and shows only what
the seat may see, as :mod:`.view` does: other seats' tiles in hand (only how many), the piles,
and — until every seat has chosen — the Objectives and Monuments dealt to and kept by other
seats. Values are written in their own units and normalised by the
:class:`~civtable.core.features.Layout` (the table of every slice is in ``docs/rl.md``). Seats
are rotated: the viewer's block first, then the next seats; absent seats are zeros. The land is
shown cell by cell within ``WINDOW`` steps of the Cradle, plus a count of the tiles farther out.
"""

from __future__ import annotations

import struct
from collections import deque
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import BlockCache, Layout, items, rotate

from .content import COLOURS, NODUS_NAMES, Content
from .geometry import Cell, corners, neighbours
from .grow import CRADLE

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


# ----- observations ------------------------------------------------------------------------------------
WINDOW = 8  # the land is shown cell by cell this many steps round the Cradle
MAX_SEATS = 4
PUBLIC = {"seat_blocks": ("seats",), "viewer_only": ("hand", "dealt"), "own_hidden": ("seats.objective", "seats.monument")}
"""The public observation (``civtable.rl.public``): the per-seat blocks, each as the other seats
see it (an Objective and a Monument once every seat has chosen); the viewer's Land tiles in hand
and what was dealt to it left out. A seat's private observation keeps those and its own
Objective and Monument (``own_hidden``)."""
KINDS = ("deal", "order", "secret", "discard", "grow", "farmer", "source", "vestige", "build", "site",
         "develop", "assimilate", "governor", "over")
RESOURCES = NODUS_NAMES[:7]  # the six colours and Vestigium
SCORE_SCALE = 60
"""A VP difference of this much counts as 1 in the ``score`` and ``shaped`` rewards."""


def score(state: DominationsState, seat: int) -> int:
    """The seat's VP now (before the final scoring, which adds Objectives and cards)."""
    p = state.players[seat]
    return p.final.get("vp", p.vp) if state.finished else p.vp


def _onehots(names: tuple[str, ...]) -> str:
    return ", ".join(names)


class DominationsEncoder:
    """The observation of one Dominations configuration (see the module's docstring)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the game it encodes: its packers and caches are built again."""
        return (observation_encoder, (self._game,))

    def __init__(self, game: Dominations) -> None:
        self._game = game
        c = game.content
        self.c = c
        n = game.num_players
        self.n = n
        rules = c.rules
        nm, nmon, nobj = len(c.masteries), len(c.monuments), len(c.objectives)
        self.hand_slots = max_hand(c)
        self.cells = land_cells(WINDOW)
        self.cell_no = {cell: i for i, cell in enumerate(self.cells)}
        lay = Layout()
        self.g_age = lay.add("age", 3, 1, "Age one-hot")
        self.g_turn = lay.add("turn", 1, rules["turns_per_age"] * MAX_SEATS, "turn within the Age", exact=False)
        self.g_players = lay.add("players", 3, 1, "number of players one-hot: 2, 3, 4")
        self.g_kind = lay.add("decision", len(KINDS), 1, "kind of decision, one-hot: " + _onehots(KINDS))
        self.g_mine = lay.add("you_decide", 1, 1, "1 if the viewer must decide now")
        self.g_pile = lay.add("pile", 1, len(c.tiles), "Land tiles left to draw")
        self.g_init = lay.add("initiative", MAX_SEATS, 1, "the viewer's place in the Initiative order, one-hot")
        self.g_over = lay.add("finished", 1, 1, "the game is over")
        self.g_source = lay.add("source", 7, 1, "what the placement may score: edge 0-2, Locus at corner 0-2, all edges")
        self.g_vest = lay.add("vestige", 1, 6, "Vestigium Knowledge still to assign", exact=False)
        self.g_discard = lay.add("discard", 3, 1, "discarding: at an Age's start, the mulligan, and tiles discarded / 4")
        self.g_site = lay.add("site", MAX_SEATS, 1, "the Monument in play (by place) whose standee is being placed")
        self.g_gov = lay.add("governor", MAX_SEATS * MAX_SEATS, 1, "the next Initiative order set so far: place x rotated seat")
        self.g_dealt = lay.add("dealt", nobj + nmon, 1, "Objectives and Monuments dealt to the viewer, until every seat has chosen")
        seat = Layout()
        seat.add("present", 1, 1, "the seat is in the game")
        seat.add("stock", 6, rules["max_limit"], "Knowledge in stock per Domain (" + _onehots(COLOURS) + ")")
        seat.add("limit", 6, rules["max_limit"], "stock limit per Domain")
        seat.add("vp", 1, 100, "VP", exact=False)
        seat.add("influence", 1, 40, "Influence", exact=False)
        seat.add("city_tokens", 1, rules["city_tokens"], "City tokens left")
        seat.add("hand_size", 1, self.hand_slots, "Land tiles in hand")
        seat.add("chosen", 1, 1, "has chosen its Objective and Monument")
        seat.add("objective", nobj, 1, "its Objective, one-hot (shown once every seat has chosen, or to itself)")
        seat.add("monument", nmon, 1, "its Monument, one-hot (same)")
        seat.add("masteries", 6, 10, "Masteries per Domain", exact=False)
        seat.add("tree", 3, max_tree_cards(c, MAX_SEATS), "Advanced Masteries, Monument Level cards, cards in the Tree")
        seat.add("land", 3, 45, "tiles placed, Cities, sum of City levels", exact=False)
        seat.add("roles", len(c.dominations), 1, "Domination cards held this Age")
        self.seat_layout = seat.freeze()
        self.s_base = lay.repeat("seats", MAX_SEATS, self.seat_layout, "one block per seat, the viewer first, then the "
                                 "next seats in seat order (absent seats are zeros)")
        slot = Layout()
        slot.add("present", 1, 1, "a tile is in this slot")
        slot.add("camp", 6, 1, "its Camp colour one-hot")
        slot.add("corners", 3 * len(RESOURCES), 1, "its three corner resources, each one-hot (" + _onehots(RESOURCES) + ")")
        self.slot_layout = slot.freeze()
        self.h_base = lay.repeat("hand", self.hand_slots, self.slot_layout,
                                 "the viewer's Land tiles in content order (the order the action numbers use)")
        cell = Layout()
        cell.add("placed", 1, 1, "a tile lies here")
        cell.add("by", MAX_SEATS, 1, "who placed it (rotated seat one-hot)")
        cell.add("camp", 6, 1, "its Camp colour one-hot")
        cell.add("corners", 3 * len(RESOURCES), 1, "the resource shown at each corner (after rotation), one-hot")
        cell.add("city", 1, len(rules["city_costs"]), "City level")
        cell.add("city_owner", MAX_SEATS, 1, "City owner (rotated seat one-hot)")
        cell.add("standee", 1, 1, "a Monument standee stands here")
        self.cell_layout = cell.freeze()
        self.w_base = lay.repeat("land", len(self.cells), self.cell_layout,
                                 f"cells within {WINDOW} steps of the Cradle, in sorted (i, j, o) order")
        self.g_out = lay.add("land_outside", 1, 30, f"tiles farther than {WINDOW} steps from the Cradle", exact=False)
        mon = Layout()
        mon.add("levels", 2, max(len(m.levels) for m in c.monuments), "Level cards bought, Levels it has")
        mon.add("control", MAX_SEATS, 20, "control per seat (rotated)", exact=False)
        mon.add("colour", 6, 1, "colour one-hot")
        mon.add("next_cost", 6, 10, "the next Level's cost per Domain", exact=False)
        self.mon_layout = mon.freeze()
        self.m_base = lay.repeat("monuments", MAX_SEATS, self.mon_layout, "the Monuments in play, in order")
        sup = Layout()
        sup.add("copies", 1, 4, "copies left in the supply")
        sup.add("yours", 2, 1, "held by the viewer: basic, Advanced")
        sup.add("others", 1, MAX_SEATS - 1, "held by how many other seats")
        self.m_sup = lay.repeat("masteries", nm, sup.freeze(), "per Mastery, in content order")
        self.layout = lay.freeze()
        self.so = {f.name: f.start for f in self.seat_layout.flat}
        # a seat's numbers, written with struct (no NumPy call for a few values): present ...
        # hand size, and masteries ... land
        self.pack_head = struct.Struct(f"{self.so['chosen']}f").pack_into
        self.pack_tail = struct.Struct(f"{self.so['roles'] - self.so['masteries']}f").pack_into
        self.co = {f.name: f.start for f in self.cell_layout.flat}
        self.lands = BlockCache(limit=5000)
        self.hands = BlockCache(limit=5000)
        self.monuments = BlockCache(limit=5000)
        self.supplies = BlockCache(limit=5000)
        self.owned_counts: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self.mon_levels = len(c.monuments) and max(len(m.levels) for m in c.monuments)

    def write(self, s: DominationsState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw observation of ``viewer`` into the zeroed, contiguous ``raw``."""
        mv = items(raw)
        ones, numbers = self._head(s, viewer)
        for i, x in numbers:
            mv[i] = x
        counts = self._counts(s)
        self._seats(s, viewer, counts, mv, ones)
        _, block = self._hand(s.players[viewer])
        raw[self.h_base:self.h_base + block.size] = block
        key, block = self._land(s, viewer)
        raw[self.w_base:self.w_base + block.size] = block
        _, mons = self._monuments(s, viewer, key[2], key[3])
        assert mons is not None
        raw[self.m_base:self.m_base + mons.size] = mons
        _, sup = self._masteries(s, viewer)
        assert sup is not None
        raw[self.m_sup:self.m_sup + sup.size] = sup
        for i in ones:  # item by item: quicker than NumPy for a few dozen positions
            mv[i] = 1.0

    def update(self, s: DominationsState, viewer: int, raw: np.ndarray, memo: list[Any]) -> list[tuple[int, int]] | None:
        """Bring ``raw`` (contiguous) to the raw observation of ``viewer`` (what :meth:`write`
        gives), rewriting only the stretches whose inputs changed since ``raw`` was last written
        through ``memo``.

        The game's first stretch (Age, turn, decision, ...) is kept by its flags and numbers, the
        seats' blocks are written again each time (a few packed numbers), and the viewer's hand,
        the land, the Monuments and the Masteries by the keys their cached blocks are stored
        under (which name the viewer, so one buffer may follow any game and seat): a block whose
        key is unchanged is left as it is. An empty memo means nothing is known: the whole buffer
        is written. Returns the spans ``(start, stop)`` it may have rewritten (``None``: all)."""
        fresh = not memo or memo[0] != s.n
        if fresh:
            raw.fill(0.0)
            memo[:] = [s.n, [], (), None, None, None, None, None]
        mv = items(raw)
        ones, numbers = self._head(s, viewer)
        spans = [(0 if ones != memo[1] or numbers != memo[2] else self.s_base, self.h_base)]  # the seats always
        if ones != memo[1]:
            for i in memo[1]:
                mv[i] = 0.0
            for i in ones:
                mv[i] = 1.0
            memo[1] = ones
        if numbers != memo[2]:
            for i, _x in memo[2]:
                mv[i] = 0.0
            for i, x in numbers:
                mv[i] = x
            memo[2] = numbers
        key, block = self._hand(s.players[viewer])
        if key != memo[3]:
            raw[self.h_base:self.h_base + block.size] = block
            spans.append((self.h_base, self.h_base + block.size))
            memo[3] = key
        land = self._land_key(s, viewer)
        if land != memo[4]:
            key, block = self._land(s, viewer, land)
            raw[self.w_base:self.w_base + block.size] = block
            spans.append((self.w_base, self.w_base + block.size))
            memo[4] = land
            memo[5] = self._counts(s)
        key, changed = self._monuments(s, viewer, land[2], land[3], memo[6])
        if changed is not None:
            raw[self.m_base:self.m_base + changed.size] = changed
            spans.append((self.m_base, self.m_base + changed.size))
            memo[6] = key
        key, changed = self._masteries(s, viewer, memo[7])
        if changed is not None:
            raw[self.m_sup:self.m_sup + changed.size] = changed
            spans.append((self.m_sup, self.m_sup + changed.size))
            memo[7] = key
        raw[self.s_base:self.h_base] = 0.0
        ones = []  # the seats' flags
        self._seats(s, viewer, memo[5], mv, ones)
        for i in ones:
            mv[i] = 1.0
        return None if fresh else spans

    def _head(self, s: DominationsState, viewer: int) -> tuple[list[int], tuple[tuple[int, float], ...]]:
        """The game's first stretch (before the seats): the flags set to 1, and the numbers
        (index, value) that are not 0."""
        c = self.c
        n = s.n
        ones: list[int] = [self.g_age + s.age - 1, self.g_players + n - 2]
        numbers = [(self.g_turn, s.turn_no)]
        d = s.decision()
        kind = d.kind
        ones.append(self.g_kind + KINDS.index(kind))
        if viewer in d.players:
            ones.append(self.g_mine)
        numbers.append((self.g_pile, len(s.pile) + len(s.back)))
        if viewer in s.initiative:
            ones.append(self.g_init + s.initiative.index(viewer))
        if s.finished:
            ones.append(self.g_over)
        top = s.stack[-1] if s.stack and not s.finished else None
        if kind == "source":
            for what, i, j in top.options:  # type: ignore[union-attr]
                if what == 0:
                    ones.append(self.g_source + i)
                elif what == 1:
                    ones.append(self.g_source + 3 + corners(top.cell).index((i, j)))  # type: ignore[union-attr]
                else:
                    ones.append(self.g_source + 6)
        elif kind == "vestige":
            numbers.append((self.g_vest, top.remaining))  # type: ignore[union-attr]
        elif kind == "discard":
            ones.append(self.g_discard + (0 if top.stage == "refresh" else 1))  # type: ignore[union-attr]
            numbers.append((self.g_discard + 2, min(top.discarded, 4) / 4))  # type: ignore[union-attr]
        elif kind == "site":
            ones.append(self.g_site + s.in_play.index(top.monument))  # type: ignore[union-attr]
        elif kind == "governor":
            for place, seat in enumerate(top.order):  # type: ignore[union-attr]
                ones.append(self.g_gov + place * MAX_SEATS + rotate(seat, viewer, n))
        if not s.in_play:
            me = s.players[viewer]
            ones += [self.g_dealt + o for o in me.dealt_obj]
            ones += [self.g_dealt + len(c.objectives) + m for m in me.dealt_mon]
        return ones, tuple(numbers)

    @staticmethod
    def _counts(s: DominationsState) -> tuple[list[int], list[int], list[int]]:
        """Per seat: tiles placed, Cities, sum of City levels."""
        n = s.n
        board_by = [0] * n
        city_count = [0] * n
        city_levels = [0] * n
        for _t, _r, by in s.placed.values():
            board_by[by] += 1
        for owner, level in s.cities.values():
            city_count[owner] += 1
            city_levels[owner] += level
        return board_by, city_count, city_levels

    def _seats(self, s: DominationsState, viewer: int, counts: tuple[list[int], list[int], list[int]], mv: Any,
               ones: list[int]) -> None:
        """Every seat's block, the viewer's first: numbers packed into ``mv``, flags appended to
        ``ones``."""
        n = s.n
        so = self.so
        chosen, objective, monument, roles, tail = so["chosen"], so["objective"], so["monument"], so["roles"], so["masteries"]
        board_by, city_count, city_levels = counts
        revealed = bool(s.in_play)
        size = self.seat_layout.size
        base = [self.s_base + ((seat - viewer) % n) * size for seat in range(n)]  # each seat's block
        for seat, p in enumerate(s.players):
            at = base[seat]
            self.pack_head(mv, at * 4, 1.0, *p.stock, *p.limit, p.vp, p.influence, p.tokens, len(p.hand))
            if p.objective >= 0:
                ones.append(at + chosen)
                if revealed or seat == viewer:
                    ones.append(at + objective + p.objective)
                    ones.append(at + monument + p.monument)
            self.pack_tail(mv, (at + tail) * 4, *self._owned(p.owned), len(p.levels), len(p.tree), board_by[seat],
                           city_count[seat], city_levels[seat])
        for r, q in enumerate(s.roles):
            if 0 <= q < n:
                ones.append(base[q] + roles + r)

    def _owned(self, owned: dict[int, bool]) -> tuple[int, ...]:
        """Masteries held per Domain, then how many are Advanced (cached by the Masteries held)."""
        key = tuple(owned.items())
        got = self.owned_counts.get(key)
        if got is None:
            colours = [0] * 6
            advanced = 0
            for m, adv in key:
                colours[self.c.masteries[m].colour] += 1
                advanced += adv
            if len(self.owned_counts) >= 5000:
                self.owned_counts.clear()
            got = self.owned_counts[key] = (*colours, advanced)
        return got

    def _masteries(self, s: DominationsState, viewer: int, last: Any = None) -> tuple[Any, np.ndarray | None]:
        """Per Mastery: copies left, held by the viewer (basic, Advanced), held by others; cached
        by the supply and every seat's Masteries. Returns the key and its block (``None`` when
        the key equals ``last``: nothing to write)."""
        key = (viewer, tuple(s.supply), *[tuple(p.owned.items()) for p in s.players])
        if key == last:
            return key, None
        block = self.supplies.last(viewer, key)
        if block is None:
            nm = len(self.c.masteries)
            held_others = [0] * nm
            for seat, p in enumerate(s.players):
                if seat != viewer:
                    for m in p.owned:
                        held_others[m] += 1
            sup = np.zeros(4 * nm, np.float32)
            sup[0::4] = [b.bit_count() for b in s.supply]
            sup[3::4] = held_others
            for m, adv in s.players[viewer].owned.items():
                sup[4 * m + (2 if adv else 1)] = 1.0
            block = self.supplies.remember(viewer, key, sup)
        return key, block

    def _hand(self, me: Any) -> tuple[tuple[int, ...], np.ndarray]:
        """The viewer's Land tiles in hand: the key (the tiles, sorted) and its block."""
        key = tuple(sorted(me.hand))
        block = self.hands.get(key)
        if block is None:
            size = self.slot_layout.size
            out = np.zeros(self.hand_slots * size, np.float32)
            for k, t in enumerate(key[:self.hand_slots]):
                tile = self.c.tiles[t]
                out[k * size] = 1.0
                out[k * size + 1 + tile.camp] = 1.0
                for corner, r in enumerate(tile.resources):
                    out[k * size + 7 + corner * len(RESOURCES) + r] = 1.0
            block = self.hands.put(key, out)
        return key, block

    @staticmethod
    def _land_key(s: DominationsState, viewer: int) -> tuple[Any, ...]:
        """What the land window is written from: the viewer, the tiles, the Cities, the standees."""
        return viewer, tuple(s.placed.items()), tuple(s.cities.items()), tuple(s.standees.items())

    def _land(self, s: DominationsState, viewer: int, key: tuple[Any, ...] | None = None) -> tuple[tuple[Any, ...], np.ndarray]:
        """The land window (kept per viewer with its :meth:`_land_key`, which also gives the
        Cities and standees that :meth:`_monuments` uses): the key and its block. A new window
        is the viewer's previous one with only the cells that differ written again."""
        if key is None:
            key = self._land_key(s, viewer)
        prev = self.lands.previous(viewer)
        if prev is not None and prev[0] == key:
            return key, prev[1]
        # positions seldom come back: the block is not looked up by its key (hashing every
        # tile), only worked out from the viewer's previous one
        placed, cities, standees = s.placed, s.cities, s.standees
        if prev is None:  # every tile
            out = np.zeros(len(self.cells) * self.cell_layout.size + 1, np.float32)
            mv = items(out)
            outside = 0
            for cell in placed:
                i = self.cell_no.get(cell)
                if i is None:
                    outside += 1
                else:
                    self._cell(mv, i, cell, placed, cities, standees, viewer, s.n)
        else:  # the viewer's previous land with the cells that differ written again
            was: Any = prev[0]
            out = prev[1].copy()
            mv = items(out)
            outside = int(out[-1])
            was_placed = dict(was[1])
            changed = _changed(key[1], was[1]) | _changed(key[2], was[2]) | _changed(key[3], was[3])
            size = self.cell_layout.size
            for cell in changed:
                i = self.cell_no.get(cell)
                if i is None:
                    outside += (cell in placed) - (cell in was_placed)
                    continue
                out[i * size:(i + 1) * size] = 0.0
                if cell in placed:
                    self._cell(mv, i, cell, placed, cities, standees, viewer, s.n)
        out[-1] = outside
        block = self.lands.keep(viewer, key, out)
        return key, block

    def _cell(self, mv: Any, i: int, cell: Cell, placed: dict[Cell, Any], cities: dict[Cell, Any],
              standees: dict[Cell, Any], viewer: int, n: int) -> None:
        """Write the ``i``-th cell of the land window (a tile lies there) into the zeroed ``mv``."""
        co = self.co
        t, rot, by = placed[cell]
        b = i * self.cell_layout.size
        tile = self.c.tiles[t]
        mv[b] = 1.0
        mv[b + co["by"] + rotate(by, viewer, n)] = 1.0
        mv[b + co["camp"] + tile.camp] = 1.0
        for corner in range(3):  # what each corner shows (geometry.shown)
            mv[b + co["corners"] + corner * len(RESOURCES) + tile.resources[(corner + rot) % 3]] = 1.0
        if cell in cities:
            owner, level = cities[cell]
            mv[b + co["city"]] = level
            mv[b + co["city_owner"] + rotate(owner, viewer, n)] = 1.0
        if cell in standees:
            mv[b + co["standee"]] = 1.0

    def _monuments(self, s: DominationsState, viewer: int, cities: tuple[Any, ...], standees: tuple[Any, ...],
                   last: Any = None) -> tuple[Any, np.ndarray | None]:
        """The Monuments in play (levels, control per seat, colour, next cost), cached by what
        they depend on: the Monuments in play and built, Level cards held, Cities and standees.
        Returns the key and its block (``None`` when the key equals ``last``)."""
        key = (viewer, tuple(s.in_play), tuple(s.built.items()), cities, standees, *[tuple(p.levels) for p in s.players])
        if key == last:
            return key, None
        block = self.monuments.last(viewer, key)
        if block is None:
            size = self.mon_layout.size
            c = self.c
            n = s.n
            out = np.zeros(MAX_SEATS * size, np.float32)
            for k, m in enumerate(s.in_play[:MAX_SEATS]):
                mon = c.monuments[m]
                at = k * size
                built = s.built.get(m, 0)
                control = [0] * MAX_SEATS
                for seat, x in enumerate(_control(s, m)):
                    control[rotate(seat, viewer, n)] = x
                cost = mon.levels[built].cost if built < len(mon.levels) else (0,) * 6
                out[at:at + 2 + MAX_SEATS] = [built, len(mon.levels), *control]
                out[at + 2 + MAX_SEATS + mon.colour] = 1.0
                out[at + 8 + MAX_SEATS:at + 14 + MAX_SEATS] = cost
            block = self.monuments.remember(viewer, key, out)
        return key, block


def _changed(now: tuple[tuple[Cell, Any], ...], was: tuple[tuple[Cell, Any], ...]) -> set[Cell]:
    """The cells whose entry differs between two tuples of a dict's items (cell -> value): the
    cells added at the end when the earlier items are unchanged (tiles are placed one by one),
    else compared as sets."""
    k = len(was)
    if len(now) >= k and now[:k] == was:
        return {x[0] for x in now[k:]}
    return {x[0] for x in set(now).symmetric_difference(was)}


def _control(s: DominationsState, m: int) -> list[int]:
    from .build import control

    return control(s, m)


def observation_encoder(game: Dominations) -> DominationsEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return DominationsEncoder(game)
