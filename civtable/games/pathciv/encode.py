"""A fixed-length numeric observation of a Path of Civilization position for one seat.

:class:`PathEncoder` reads the state directly (never the JSON view) and shows only what the seat
may see, as :mod:`.view` does: another seat's Phase A cards stay hidden until every seat has
committed (only *that* it has committed shows); its own placed cards show. Claims are open, so
they show. Values are written in their own units and normalised by the
:class:`~civtable.core.features.Layout` (the table of every slice is in ``docs/rl.md``).

Seats are rotated: the viewer's block first, then the next seats in seat order; absent seats
are zeros, so one network serves every seat and player count (2-5).

:func:`score` is a seat's score now (lines A-G, as the final score counts them).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import Layout, items

from .evolution import MAX_CHANGES
from .frames import FRAME_KINDS, OpenClaims
from .phases import EMPTY

if TYPE_CHECKING:
    from .game import PathOfCivilization
    from .player import Player
    from .state import PathState

MAX_SEATS = 5
PUBLIC = {"seat_blocks": ("seats",), "viewer_only": (), "own_hidden": ("seats.project_left", "seats.project_right")}
"""The public observation (``civtable.rl.public``): the per-seat blocks, each as the other seats
see it (Phase A cards placed only once revealed); no slice is the viewer's alone. A seat's private
observation keeps its own Phase A cards placed (``own_hidden``)."""
PHASES = 12  # setup, new round, A Project (2), B, C Philosophy, C Wonders, C Leaders, D, E, F, end
TAGS = tuple(k.TAG for k in FRAME_KINDS) + ("over",)  # type: ignore[attr-defined]
SCORE_SCALE = 60
"""A score difference of this many VP counts as 1 in the ``score`` and ``shaped`` rewards."""


def score(state: PathState, seat: int) -> int:
    """The seat's score now (the final score's lines A-G)."""
    return state.players[seat].score(state.content)["score"]


def _seat_layout(game: PathOfCivilization) -> Layout:
    c = game.content
    nt, nw, nl = len(c.techs), len(c.wonders), len(c.leaders)
    copies = max(t.copies for t in c.techs)
    sb = Layout()
    sb.add("present", 1, 1, "the seat is in the game")
    sb.add("civ", len(c.civs), 1, "civilization one-hot (" + ", ".join(cv.id for cv in c.civs) + ")")
    sb.add("population", 1, max(max(cv.pop_levels) for cv in c.civs), "population (the track's value)")
    sb.add("philosophy", 1, c.phil_top, "Philosophy level")
    sb.add("legacy", 1, 10, "Military Legacy", exact=False)
    sb.add("research", 5, c.research_max, "Research track per type (cultural, scientific, spiritual, military, industrial)")
    sb.add("trays", 5, 15, "cubes per tray (leaders, wonders, philosophy, challenges, battles)", exact=False)
    sb.add("vp_tokens", 1, 80, "VP tokens", exact=False)
    sb.add("score", 1, 150, "score now (lines A-G)", exact=False)
    sb.add("committed", 1, 1, "has committed its Phase A cards")
    sb.add("bought", 1, 1, "bought a Technology this round")
    sb.add("placed", 5, 15, "cubes (Phase B) or Research points (Phase D) chosen so far", exact=False)
    sb.add("aside", 8, 10, "cubes set aside: Sages for the Challenges of rounds 3, 5, 7, 9a, Units for the Battles of "
           "rounds 4, 6, 8, 9b", exact=False)
    sb.add("claiming", 4, 1, "in an open claim step: takes part, must answer now, claims changed this pass / "
           f"{MAX_CHANGES}, confirmations since its last change / 2")
    sb.add("hand", nt, copies, "Technologies in hand, count per Technology")
    sb.add("left", nt, copies, "Technologies on the left (cubes) side, count per Technology")
    sb.add("right", nt, copies, "Technologies on the right (Research) side, count per Technology")
    sb.add("discovered", nt, copies, "Technologies bought this round, count per Technology")
    sb.add("discards", nt, copies, "discarded Technologies, count per Technology")
    sb.add("project_left", nt, 2, "own Phase A cards placed left (shown to the viewer only)")
    sb.add("project_right", nt, 2, "own Phase A cards placed right (shown to the viewer only)")
    sb.add("wonders", nw, 1, "Wonders built")
    sb.add("leader", nl, 1, "living Leader, one-hot")
    sb.add("cemetery", nl, 1, "Leaders in the Cemetery")
    sb.add("claim", max(nw, nl), 1, "the card claimed in the current claim step (Wonder or Leader index)")
    sb.add("lost", max(nw, nl), 1, "cards lost on in the current claim step")
    return sb.freeze()


class PathEncoder:
    """The observation of one Path of Civilization configuration."""

    stamped = True  # update() takes a stamp: each seat's key is built once for every viewer

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the game it encodes: its packers and caches are built again."""
        return (observation_encoder, (self._game,))

    def __init__(self, game: PathOfCivilization) -> None:
        self._game = game
        c = game.content
        self.c = c
        nt, nw, nl, nb = len(c.techs), len(c.wonders), len(c.leaders), len(c.benefits)
        self.nt, self.nw, self.nl = nt, nw, nl
        lay = Layout()
        self.g_round = lay.add("round", 1, c.rounds, "the round")
        self.g_phase = lay.add("phase", PHASES, 1, "phase one-hot: setup, new round, A Project, A reveal, B Deployment, "
                               "C Philosophy, C Wonders, C Leaders, D Research, E Technology purchase, F Event, end of round")
        self.g_frame = lay.add("decision", len(TAGS), 1, "kind of decision, one-hot: " + ", ".join(TAGS))
        self.g_mine = lay.add("you_decide", 1, 1, "1 if the viewer must decide now")
        self.g_claim = lay.add("claim_step", 3, 1, "claim step: for a Wonder, for a Leader, a re-claim pass (after a "
                               "settlement)")
        self.g_threat = lay.add("threat", 1, max(b.threat for b in c.battles), "Power of the External Threat")
        self.g_chal = lay.add("challenges", 4 * 6, 1, "per Challenge (rounds 3, 5, 7, 9a): drawn, then its type one-hot")
        self.g_bat = lay.add("battles", 4 * 2, max(b.threat for b in c.battles),
                             "per Battle (rounds 4, 6, 8, 9b): drawn (as 1 Power unit), its Power")
        self.g_mw = lay.add("market_wonders", nw, 1, "Wonders in the market")
        self.g_ml = lay.add("market_leaders", nl, 1, "Leaders in the market")
        self.g_lib = lay.add("library", nt, max(t.copies for t in c.techs), "Technologies left in the library, per Technology")
        self.g_seen = lay.add("tokens_seen", c.phil_top * nb, 1, "per Philosophy level 1-5: Benefit tokens turned up")
        self.g_face = lay.add("tokens_faceup", c.phil_top * nb, 1, "per Philosophy level 1-5: Benefit tokens face up")
        seat = _seat_layout(game)
        self.seat = seat
        self.seat_size = seat.size
        self.s_base = lay.repeat("seats", MAX_SEATS, seat, "one block per seat, the viewer first, then the next seats "
                                 "in seat order (absent seats are zeros)")
        self.layout = lay.freeze()
        o = self.o = {f.name: f.start for f in seat.flat}
        self.o_civ, self.o_numbers = o["civ"], o["population"]
        numbers = o["hand"] - o["population"]  # population ... claiming: one run of numbers
        self.pack_numbers = struct.Struct(f"{numbers}f").pack_into
        self.pack_library = struct.Struct(f"{nt}f").pack_into
        self.o_cards = tuple(o[k] for k in ("hand", "left", "right", "discovered", "discards"))
        self.o_project_left, self.o_project_right = o["project_left"], o["project_right"]
        self.o_wonders, self.o_leader, self.o_cemetery = o["wonders"], o["leader"], o["cemetery"]
        self.o_claim, self.o_lost = o["claim"], o["lost"]
        self.nb = nb
        self.frame_no = {k: i for i, k in enumerate(FRAME_KINDS)}
        self.scores: dict[tuple[int, ...], int] = {}
        self.blocks: dict[tuple[Any, ...], np.ndarray] = {}  # a seat's block as every viewer sees it
        # the stamp of the state last read and each seat's key then (_seat_key, in seat order)
        self._keys: tuple[object, list[tuple[Any, ...]]] = (None, [])

    def write(self, s: PathState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw observation of ``viewer`` into the zeroed, contiguous ``raw``."""
        n = len(s.players)
        mv = items(raw)
        ones: list[int] = []
        top = s.stack[-1] if s.stack and not s.finished else None
        mv[self.g_round] = s.round
        ones += self._moment(s, viewer, top)
        self._table(s, mv, ones)
        claims = top if isinstance(top, OpenClaims) else None
        for k in range(n):
            seat = (viewer + k) % n
            at = self.s_base + k * self.seat_size
            self._seat(s, s.players[seat], seat == viewer, at, mv)
            if claims is not None:
                self._claiming(claims, seat, at, mv)
        _put(mv, ones)

    def _moment(self, s: PathState, viewer: int, top: Any) -> list[int]:
        """The flags of the game's first stretch (before the Threat) set to 1: the phase, the kind
        of decision, whether the viewer decides, the claim step."""
        ones = [self.g_phase + s.phase, self.g_frame + (self.frame_no[type(top)] if top is not None else len(TAGS) - 1)]
        if viewer in s.deciding():
            ones.append(self.g_mine)
        kind = getattr(top, "kind", None)
        if kind == "wonder" or kind == "leader":
            ones.append(self.g_claim + (0 if kind == "wonder" else 1))
            if getattr(top, "round", 0) or getattr(top, "reclaim", 0):
                ones.append(self.g_claim + 2)
        return ones

    def _table(self, s: PathState, mv: Any, ones: list[int]) -> None:
        """The table from the Threat on: events, markets, library, Benefit tokens (numbers into
        ``mv``, the raw buffer's memory; flags appended to ``ones``)."""
        self._events(s, mv, ones)
        ones += [self.g_mw + i for i in s.market_w]
        ones += [self.g_ml + i for i in s.market_l]
        self.pack_library(mv, self.g_lib * 4, *s.supply)
        self._tokens(s, ones)

    def _events(self, s: PathState, mv: Any, ones: list[int]) -> None:
        """The Threat, the Challenges and the Battles drawn (the stretch before the markets)."""
        c = self.c
        mv[self.g_threat] = s.threat
        for k, i in enumerate(s.challenges):
            if i >= 0:
                ones += (self.g_chal + 6 * k, self.g_chal + 6 * k + 1 + c.challenges[i].type)
        for k, i in enumerate(s.battles):
            if i >= 0:
                mv[self.g_bat + 2 * k] = 1.0
                mv[self.g_bat + 2 * k + 1] = c.battles[i].threat

    def _tokens(self, s: PathState, ones: list[int]) -> None:
        """The Benefit tokens turned up and face up per Philosophy level (the table's last stretch)."""
        nb = self.nb
        for lv in range(1, self.c.phil_top + 1):
            b = self.g_seen + (lv - 1) * nb
            ones += [b + t for t in s.tokens[lv]]
            b = self.g_face + (lv - 1) * nb
            ones += [b + t for t in s.faceup[lv]]

    def _claiming(self, claims: OpenClaims, seat: int, at: int, mv: Any) -> None:
        """Claims are open: everyone sees who takes part, who must answer, who changed and who
        confirmed."""
        o = at + self.o["claiming"]
        mv[o] = seat in claims.active
        mv[o + 1] = seat in claims.seats
        mv[o + 2] = claims.changes[seat] / MAX_CHANGES
        mv[o + 3] = claims.confirms[seat] / 2

    def update(self, s: PathState, viewer: int, raw: np.ndarray, memo: list[Any], stamp: object = None) -> None:
        """Bring ``raw`` (contiguous) to the raw observation of ``viewer`` (what :meth:`write`
        gives), rewriting only the stretches whose inputs changed since ``raw`` was last written
        through ``memo``.

        The observation is cut into stretches — the game's first numbers and flags (round,
        phase, decision), the rest of the table (Threat, events, markets, library, Benefit
        tokens) and one block per seat — and the memo keeps, for each, the values it was written
        from; a stretch whose values are unchanged is left as it is, any other is zeroed and
        written again. An empty memo means nothing is known: the whole buffer is written. The
        values are compared, not the state objects, so one buffer may follow any game and seat.

        ``stamp`` (optional) names the state as it is now: the caller promises that a state given
        with the same stamp again has not changed since (:class:`~civtable.rl.match.Match` gives
        a number no other position of any game has). Each seat's key is then built once for every
        viewer of the position."""
        n = len(s.players)
        if not memo or memo[0] != n:
            raw.fill(0.0)
            memo[:] = [n, None, None, [None] * MAX_SEATS, [None] * MAX_SEATS]
        mv = items(raw)
        top = s.stack[-1] if s.stack and not s.finished else None
        moment = self._moment(s, viewer, top)
        moment.append(s.round)
        if moment != memo[1]:
            old = memo[1]
            if old is not None:
                for i in old[:-1]:
                    mv[i] = 0.0
            for i in moment[:-1]:
                mv[i] = 1.0
            mv[self.g_round] = s.round
            memo[1] = moment
        t = memo[2]
        if t is None:
            raw[self.g_threat:self.s_base] = 0.0
            ones: list[int] = []
            self._table(s, mv, ones)
            _put(mv, ones)
            memo[2] = [s.supply[:], s.market_w[:], s.market_l[:], (s.threat, s.challenges[:], s.battles[:]),
                       [lv[:] for lv in s.tokens], [lv[:] for lv in s.faceup]]
        else:  # the table's parts one by one: the library, each market, the events, the tokens
            if s.supply != t[0]:
                self.pack_library(mv, self.g_lib * 4, *s.supply)
                t[0] = s.supply[:]
            if s.market_w != t[1]:
                _swap(mv, self.g_mw, t[1], s.market_w)
                t[1] = s.market_w[:]
            if s.market_l != t[2]:
                _swap(mv, self.g_ml, t[2], s.market_l)
                t[2] = s.market_l[:]
            events = t[3]
            if s.threat != events[0] or s.challenges != events[1] or s.battles != events[2]:
                raw[self.g_threat:self.g_mw] = 0.0
                ones = []
                self._events(s, mv, ones)
                _put(mv, ones)
                t[3] = (s.threat, s.challenges[:], s.battles[:])
            if s.tokens != t[4] or s.faceup != t[5]:
                raw[self.g_seen:self.s_base] = 0.0
                ones = []
                self._tokens(s, ones)
                _put(mv, ones)
                t[4], t[5] = [lv[:] for lv in s.tokens], [lv[:] for lv in s.faceup]
        claims = top if isinstance(top, OpenClaims) else None
        shared = self._keys
        if stamp is not None and shared[0] == stamp:
            seat_keys = shared[1]
        else:
            seat_keys = [self._seat_key(p, claims, seat) for seat, p in enumerate(s.players)]
            if stamp is not None:
                self._keys = (stamp, seat_keys)
        keys = memo[3]
        size = self.seat_size
        blocks = self.blocks
        for k in range(n):
            seat = (viewer + k) % n
            p = s.players[seat]
            key = seat_keys[seat]
            shown = p.project if seat == viewer else None  # the viewer's own Phase A cards
            if (key is not keys[k] and key != keys[k]) or shown != memo[4][k]:
                # what every viewer sees of the seat is cached by its values; the viewer's own
                # Phase A cards are added to it
                block = blocks.get(key)
                if block is None:
                    if len(blocks) >= 4096:
                        blocks.clear()
                    block = blocks[key] = np.zeros(size, np.float32)
                    bmv = items(block)
                    self._seat(s, p, False, 0, bmv)
                    if claims is not None:
                        self._claiming(claims, seat, 0, bmv)
                at = self.s_base + k * size
                raw[at:at + size] = block
                if shown is not None:
                    self._project(shown, at, mv)
                keys[k] = key
                memo[4][k] = shown

    @staticmethod
    def _seat_key(p: Player, claims: OpenClaims | None, seat: int) -> tuple[Any, ...]:
        """Every value one seat's block is written from, as every viewer sees it (only whether
        it has committed its Phase A cards, not the cards)."""
        return (p.civ, p.pop, p.phil, p.legacy, p.vp, p.leader, p.claim, p.bought, *p.research, *p.trays, *p.placed,
                *p.aside, -1, *p.hand, -1, *p.left, -1, *p.right, -1, *p.discovered, -1, *p.discards, -1, *p.wonders,
                -1, *p.cemetery, -1, *p.lost, -2, p.project is not None and EMPTY not in p.project,
                None if claims is None else (seat in claims.active, seat in claims.seats, claims.changes[seat],
                                             claims.confirms[seat]))

    def _project(self, project: tuple[int, ...], at: int, mv: Any) -> None:
        """The viewer's own Phase A cards placed so far, added into ``mv`` (zero there before)."""
        b = at + self.o_project_left
        for t in project[:2]:
            if t != EMPTY:
                mv[b + t] += 1.0
        b = at + self.o_project_right
        for t in project[2:]:
            if t != EMPTY:
                mv[b + t] += 1.0

    def _seat(self, s: PathState, p: Player, mine: bool, at: int, mv: Any) -> None:
        """One seat's block, written into ``mv`` (the zeroed buffer's memory) at ``at``: its
        numbers as one run, its flags, and its card counts (a card held twice counts 2)."""
        c = self.c
        civ = p.civ
        pop = c.civs[civ].pop_levels[p.pop] if civ >= 0 else c.population_start
        mv[at] = 1.0
        if civ >= 0:
            mv[at + self.o_civ + civ] = 1.0
        project = p.project
        committed = project is not None and EMPTY not in project
        sc = self._score(p) if civ >= 0 else 0
        self.pack_numbers(mv, (at + self.o_numbers) * 4, pop, p.phil, p.legacy, *p.research, *p.trays, p.vp, sc,
                          committed, p.bought, *p.placed, *p.aside, 0, 0, 0, 0)
        for b, cards in zip(self.o_cards, (p.hand, p.left, p.right, p.discovered, p.discards), strict=True):
            if cards:
                b += at
                for t in cards:
                    mv[b + t] += 1.0
        if mine and project is not None:  # another seat's Phase A cards are secret
            self._project(project, at, mv)
        if p.wonders:
            b = at + self.o_wonders
            for i in p.wonders:
                mv[b + i] += 1.0
        if p.leader >= 0:
            mv[at + self.o_leader + p.leader] = 1.0
        if p.cemetery:
            b = at + self.o_cemetery
            for i in p.cemetery:
                mv[b + i] += 1.0
        if p.claim >= 0:
            mv[at + self.o_claim + p.claim] = 1.0
        if p.lost:
            b = at + self.o_lost
            for i in p.lost:
                mv[b + i] += 1.0

    def _score(self, p: Player) -> int:
        """``p.score(content)["score"]``, cached by everything the score lines read (PC-END-2:
        civilization, population, Philosophy, Legacy, trays, VP tokens, cards, Wonders, Leaders)."""
        key = (p.civ, p.pop, p.phil, p.legacy, p.vp, p.leader, *p.trays, -1, *p.hand, -1, *p.left, -1, *p.right, -1,
               *p.discards, -1, *p.discovered, -1, *p.wonders, -1, *p.cemetery)
        got = self.scores.get(key)
        if got is None:
            if len(self.scores) >= 20_000:
                self.scores.clear()
            got = self.scores[key] = p.score(self.c)["score"]
        return got


def _swap(mv: Any, at: int, old: list[int], new: list[int]) -> None:
    """Turn the flags of ``old`` (offsets from ``at``) into those of ``new``, each counted as
    often as it occurs (the stretch holds only these flags)."""
    for i in old:
        mv[at + i] = 0.0
    for i in new:
        mv[at + i] += 1.0


def _put(mv: Any, ones: list[int]) -> None:
    """Add 1 at every index of ``ones`` (zeros before: each ends as how often it occurs, a
    Technology held twice counts 2); item by item, quicker than NumPy for these short lists."""
    for i in ones:
        mv[i] += 1.0


def observation_encoder(game: PathOfCivilization) -> PathEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return PathEncoder(game)
