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

from typing import TYPE_CHECKING

import numpy as np

from civtable.core.features import Layout

from .evolution import MAX_CHANGES
from .frames import FRAME_KINDS, OpenClaims
from .phases import EMPTY

if TYPE_CHECKING:
    from .game import PathOfCivilization
    from .player import Player
    from .state import PathState

MAX_SEATS = 5
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

    def __init__(self, game: PathOfCivilization) -> None:
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
        self.o = {f.name: f.start for f in seat.flat}
        self.nb = nb
        self.frame_no = {k: i for i, k in enumerate(FRAME_KINDS)}
        self.scores: dict[tuple[int, ...], int] = {}

    def write(self, s: PathState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw observation of ``viewer`` into the zeroed ``raw``."""
        c = self.c
        n = len(s.players)
        ones: list[int] = []
        raw[self.g_round] = s.round
        ones.append(self.g_phase + s.phase)
        top = s.stack[-1] if s.stack and not s.finished else None
        ones.append(self.g_frame + (self.frame_no[type(top)] if top is not None else len(TAGS) - 1))
        d = s.decision()
        if viewer in d.players:
            ones.append(self.g_mine)
        kind = getattr(top, "kind", None)
        if kind in ("wonder", "leader"):
            ones.append(self.g_claim + (0 if kind == "wonder" else 1))
            if getattr(top, "round", 0) or getattr(top, "reclaim", 0):
                ones.append(self.g_claim + 2)
        raw[self.g_threat] = s.threat
        for k, i in enumerate(s.challenges):
            if i >= 0:
                ones += (self.g_chal + 6 * k, self.g_chal + 6 * k + 1 + c.challenges[i].type)
        for k, i in enumerate(s.battles):
            if i >= 0:
                raw[self.g_bat + 2 * k] = 1.0
                raw[self.g_bat + 2 * k + 1] = c.battles[i].threat
        ones += [self.g_mw + i for i in s.market_w]
        ones += [self.g_ml + i for i in s.market_l]
        raw[self.g_lib:self.g_lib + self.nt] = s.supply
        nb = self.nb
        for lv in range(1, c.phil_top + 1):
            ones += [self.g_seen + (lv - 1) * nb + t for t in s.tokens[lv]]
            ones += [self.g_face + (lv - 1) * nb + t for t in s.faceup[lv]]
        claims = top if isinstance(top, OpenClaims) else None
        for k in range(n):
            seat = (viewer + k) % n
            at = self.s_base + k * self.seat_size
            self._seat(s, s.players[seat], seat == viewer, at, raw, ones)
            if claims is not None:  # claims are open: everyone sees who changed and who confirmed
                o = self.o["claiming"]
                raw[at + o:at + o + 4] = (seat in claims.active, seat in claims.seats,
                                          claims.changes[seat] / MAX_CHANGES, claims.confirms[seat] / 2)
        # every index once, with how often it occurs (a Technology held twice counts 2)
        if len(ones) == len(set(ones)):
            raw[ones] = 1.0
        else:
            counts: dict[int, int] = {}
            for i in ones:
                counts[i] = counts.get(i, 0) + 1
            raw[list(counts)] = list(counts.values())

    def _seat(self, s: PathState, p: Player, mine: bool, at: int, raw: np.ndarray, ones: list[int]) -> None:
        """One seat's block: its numbers as one run; its flags and card counts appended to
        ``ones`` (a card counted ``k`` times appears ``k`` times: :meth:`write` adds them up)."""
        c = self.c
        o = self.o
        pop = c.civs[p.civ].pop_levels[p.pop] if p.civ >= 0 else c.population_start
        ones.append(at)
        if p.civ >= 0:
            ones.append(at + o["civ"] + p.civ)
        committed = p.project is not None and EMPTY not in p.project
        sc = self._score(p) if p.civ >= 0 else 0
        raw[at + o["population"]:at + o["hand"]] = [
            pop, p.phil, p.legacy, *p.research, *p.trays, p.vp, sc, committed, p.bought, *p.placed, *p.aside, 0, 0, 0, 0]
        for name, cards in (("hand", p.hand), ("left", p.left), ("right", p.right), ("discovered", p.discovered),
                            ("discards", p.discards)):
            if cards:
                b = at + o[name]
                ones += [b + t for t in cards]
        if mine and p.project is not None:  # another seat's Phase A cards are secret
            for name, side in (("project_left", p.project[:2]), ("project_right", p.project[2:])):
                b = at + o[name]
                ones += [b + t for t in side if t != EMPTY]
        ones += [at + o["wonders"] + i for i in p.wonders]
        if p.leader >= 0:
            ones.append(at + o["leader"] + p.leader)
        ones += [at + o["cemetery"] + i for i in p.cemetery]
        claim = getattr(p, "claim", -1)
        if claim is not None and claim >= 0:
            ones.append(at + o["claim"] + claim)
        ones += [at + o["lost"] + i for i in getattr(p, "lost", ())]

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


def observation_encoder(game: PathOfCivilization) -> PathEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return PathEncoder(game)
