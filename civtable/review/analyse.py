"""The review of a game record: each seat's chance to win after every round (from its own
information), the three biggest swings explained, and the Strong level's choice beside each
move of the analysed seats.

``review_record(record)`` re-executes the record once, keeping the state at the start of every
round; the chances are estimated there (:class:`~civtable.review.estimate.Estimator`). A swing is
the largest change of one seat's chance from one round to the next (at most one per round), left
out where the seat was beaten or sure to win all along (under 10% or over 90% at both ends); it
is explained step by step (:mod:`~civtable.review.cause`): the seat's chance before and after
every action of that round, and of what the rules then did by themselves (a production), and
the step that made most of the swing named by its log sentence, or the swing said to have come
over the round when no step did. Then, decision by decision, the Strong level is
asked what it would have played in the analysed seat's place (from that seat's observation);
where it differs, both moves are weighed (:meth:`Estimator.after`). This last part stops when
the CPU budget is spent: the moves not reached are counted, not guessed.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, NamedTuple

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, GameRecord, GameState, RecordError, observe
from civtable.core.record import game_for_record
from civtable.core.teaching import teaching_module

from .cause import RULES, cause, steps
from .chart import colour_name
from .estimate import Estimator, describe, is_decision, stopped

SAMPLES = 8
"""Determinisations per estimate in games with hidden information."""
CPU_BUDGET = 120.0
"""Default CPU seconds for one review (the move analysis stops when they are spent)."""
SWINGS = 3
NOISE_SWING = 2 * 2 ** 0.5
"""A change of one seat's chance from one point to the next is told as a sure swing only when it
is at least this many times the estimate's measured noise (``Estimator.noise``, one point's
error): two standard deviations of the difference of two points' errors. The biggest changes come
first; a smaller one (the estimate's own wobble may make it: Path of Civilization's 40% → 13% →
36% in consecutive rounds) is told only to make up the three swings, and its sentence says so."""
DECIDED = 0.10
"""A seat whose chance stays under this (or over 1 minus this) across a round was already beaten
(or had already won) there: its change is no swing (a beaten player's fall "from 4% to 0%")."""
VERSION = 15
"""The review's version: raised when its words or fields change, so that reviews stored by a
server are made again rather than shown in an older form (2: moves and swings in one sentence,
moves alike told apart by content names; 3: a swing put down to the step that made most of it,
a production or simultaneous choices included, or said to have come over the round; 4:
Dominations' places named as the board's rulers show them, M20, instead of by lattice numbers; 5:
a game cut off by a round limit stops where the chances stood, not at 0% for everyone; 6: a
step that passes the turn no longer read as a swing, moves weighed after the dice of their turn, a
record stopped mid-turn read as its round's steps are; 7: no swing where the player was beaten or
sure to win all along, and rounds named in the game's own words, Dominations' "Age 2, round 3";
8: the chart's axis marks rounds as those words do, Dominations' "A2 R3"; 9: Dominations' rounds
as the table's header counts them, Age 1, round 1 a point and a round of its own rather than
"Setup" (only the secret choices before it are), a seat's turn in its own round, and a swing made
by the end of an Age "End of Age 1: …" rather than the next round's words; a record that stops
says in which round in those words, ``stopped_in``; 10: a swing's sentence names every player
with the colour of their line and seat, "Player 2 (blue) claims ...", as the chart, the page and
the terminal do; Dominations' chances with its calibration refitted on these points; 11: Path of
Civilization's chances from its learned value, ``chance_values``, instead of the search's sharp
soft maximum of estimated VP, which leapt between favourites in 4-player games; 12: simultaneous
choices shown together tell every seat's answer, not only the last one given; 13: how uncertain
the chances are, ``noise`` (one estimate's error, the game's measured figure pooled with the
record's own curve), no change under ``least_swing`` counted as a swing, ``within_noise`` the
rounds left out so; ``analysis.draws``, a weighed move's play-outs, in a game with dice as
many as the samples even with perfect information; a step named alone only when it made most of the round's moves the swing's way;
open answers (purchases, open claims) no reveal but each its own step; a swing's step told with what it did for its seat, Conquest's turn-ending
roll "…: +1 Arts, and scores 7 VP (5 Monuments + Arts 2), now 33 VP"; 14: the three biggest
changes told again even under ``least_swing``, such a swing ``uncertain`` and its sentence saying
that the estimate's own error could make it; the last of answers seen as they were given told
"…, the last answer to the simultaneous choices, after" the others' answers; 15: every
game's slope and noise made again by ``civtable review calibrate`` on its simulated games, Path of
Civilization's and Conquest's chances calibrated too)."""
SUGGESTING_LEVEL = "strong"


class Point(NamedTuple):
    """The chances at the start of the game, after a round, or at the end."""

    label: str  # "start", "round 3" (the game's own words: Dominations "Age 2, round 3"), "end" ("stopped": the record ends first)
    round: int  # rounds completed
    at: int  # actions played
    chances: list[float]
    mark: str = ""  # the round on the chart's axis ("3"; Dominations "A2 R3"); "" at the start and end


class Swing(NamedTuple):
    round: int
    seat: int
    before: float
    after: float
    at: int  # the explaining action (its index in the record): the largest step in the swing's direction
    actor: int  # who played it (-1: chance, -2: the rules by themselves, e.g. a production, -3: simultaneous choices)
    alone: bool  # that step made most of the swing (else the sentence says it came over the round)
    sentence: str
    uncertain: bool = False  # smaller than the estimate's own error could make (``least_swing``): said so


class Move(NamedTuple):
    """One analysed decision where the Strong level would have played otherwise."""

    at: int  # the decision's index in the record
    round: int
    seat: int
    played: str  # the log sentences
    suggested: str
    played_chance: float
    suggested_chance: float
    when: str = ""  # the round in the game's own words ("round 3", Dominations "Age 1, round 3"); "" in the setup


def _round(state: GameState) -> int:
    return int(state.result().rounds)


def _states(record: GameRecord) -> tuple[Any, list[GameState]]:
    """The game and the state before every action (and the final state last)."""
    game = game_for_record(record)
    state = game.new_initial_state()
    states = [state.clone()]
    for i, (player, text) in enumerate(record.actions):
        try:
            state.apply(Action.parse(text), player)
        except Exception as exc:  # noqa: BLE001 - a record that does not replay is bad input
            raise RecordError(f"action {i + 1} of the record ({text!r}) cannot be replayed: {exc}") from exc
        states.append(state.clone())
    return game, states


def review_record(
    record: GameRecord,
    seats: list[int] | None = None,
    cpu_budget: float = CPU_BUDGET,
    samples: int = SAMPLES,
    calibration: Path | None = None,
) -> dict[str, Any]:
    """The review of ``record`` as JSON-ready data (see the module documentation). ``seats``
    are the 0-based seats whose moves are analysed (default: the seats a person played);
    ``calibration`` a calibration file to read instead of the one beside the estimate's module."""
    started = time.process_time()
    game, states = _states(record)
    n = game.num_players
    if seats is None:
        seats = [p for p, spec in enumerate(record.seats) if spec == "human"]
    est = Estimator(game, samples, record.seed or 0, calibration=calibration)
    points = _points(est, states, n, game)
    noise = record_noise(points, est.noise)
    floor = NOISE_SWING * noise
    swings = _swings(game, est, record, states, points, floor)
    chart_cpu = time.process_time() - started
    moves, analysed, agreed, skipped = _moves(game, est, record, states, seats, cpu_budget - chart_cpu)
    final = states[-1]
    result = final.result()
    return {
        "format": "civtable-review",
        "version": VERSION,
        "game": record.game,
        "title": game.info.title,
        "seats": [{"seat": p, "name": game.seat_name(p), "plays": record.seats[p] if p < len(record.seats) else ""}
                  for p in range(n)],
        "winners": list(result.winners),
        "finished": result.finished,
        "stopped_in": "" if result.finished else game.round_words(points[-1].round),  # "Age 2, round 3"
        "points": [pt._asdict() for pt in points],
        "swings": [sw._asdict() for sw in swings],
        "noise": round(noise, 3),  # one estimate's measured error (standard deviation; 0: not measured)
        "least_swing": round(floor, 3),  # smaller changes from round to round are within that noise
        "within_noise": _within_noise(points, floor),
        "moves": [m._asdict() for m in moves],
        "analysis": {
            "seats": seats,
            "level": SUGGESTING_LEVEL,
            "decisions": analysed + skipped,
            "analysed": analysed,
            "agreed": agreed,
            "not_analysed": skipped,
            "samples": est.samples,
            "draws": est.draws,  # play-outs per weighed move (a game with dice: every sample's)
            "cpu_seconds": round(time.process_time() - started, 2),
            "cpu_budget": cpu_budget,
        },
    }


def chance_points(record: GameRecord, samples: int = SAMPLES, calibrate: bool = True) -> tuple[list[Point], list[int]]:
    """The record's chance points alone (no swings, no moves) and its winners: what the
    calibration is fitted on (``calibrate=False``: the leaf estimates as they are)."""
    game, states = _states(record)
    est = Estimator(game, samples, record.seed or 0, calibrate=calibrate)
    return _points(est, states, game.num_players, game), list(states[-1].result().winners)


def _points(est: Estimator, states: list[GameState], n: int, game: Any = None) -> list[Point]:
    """Chances at the first decision of the game's play (after the setup's choices:
    :meth:`~civtable.core.Game.in_setup`), at the start of every later round (its count
    :meth:`~civtable.core.Game.round_of`), and at the end; ``game`` names the rounds (default:
    "round 3", the result's count, setup while it is 0)."""
    words = game.round_words if game is not None else "round {}".format
    marks = game.round_mark if game is not None else str
    rounds = game.round_of if game is not None else _round
    in_setup = game.in_setup if game is not None else (lambda s: _round(s) < 1)
    points: list[Point] = []
    last_round = None  # the round of the last point; -1 the setup
    for i, s in enumerate(states):
        if s.is_terminal():
            break
        d = s.decision()
        if not d.players or d.players == (CHANCE,):
            continue
        r = -1 if in_setup(s) else rounds(s)
        if last_round is None or r != last_round:
            chances = [round(est.chance(s, p), 4) for p in range(n)]
            if last_round is None or last_round < 0:  # setup decisions belong to the start
                points[:] = [Point("start", 0, i, chances)]
            else:
                points.append(Point(words(last_round), last_round, i, chances, marks(last_round)))
            last_round = r
    final = states[-1]
    last = len(states) - 1
    if stopped(final):  # cut off by a round limit: the chances where it stopped, not "nobody won"
        last -= 1
    like = states[points[-1].at] if points else None  # a record stopped mid-round: read as its round's steps are
    points.append(Point("end" if final.result().finished else "stopped", rounds(final), last,
                        [round(est.chance(states[last], p, like), 4) for p in range(n)]))
    return points


PRIOR_PAIRS = 30
"""How many pairs of consecutive changes the game's measured noise counts as, when it is pooled
with the record's own (about one record's worth: :func:`record_noise`)."""


def record_noise(points: list[Point], measured: float) -> float:
    """The estimate's noise in this record: the game's measured noise (``measured``, from
    ``calibration.toml``) pooled with what the record's own curve shows. A chance estimated from
    what a seat knows has changes that do not cancel from one point to the next; noise at every
    point makes consecutive changes cancel, their mean product minus the noise's variance. So
    the record's own variance is ``-mean(d_k * d_(k+1))`` over every seat (0 when they do not
    cancel), weighed by its number of pairs against :data:`PRIOR_PAIRS` for the game's: a record
    whose curve zigzags (40% → 13% → 36%) is told as that uncertain, one that does not keeps the
    game's figure. The last point is left out (a finished game's is its result)."""
    pairs: list[float] = []
    estimated = points[:-1]
    for p in range(len(points[0].chances) if points else 0):
        d = [b.chances[p] - a.chances[p] for a, b in zip(estimated, estimated[1:])]
        pairs.extend(x * y for x, y in zip(d, d[1:]))
    own = max(0.0, -sum(pairs) / len(pairs)) if pairs else 0.0
    return float(((PRIOR_PAIRS * measured ** 2 + len(pairs) * own) / (PRIOR_PAIRS + len(pairs))) ** 0.5)


def _within_noise(points: list[Point], floor: float) -> int:
    """How many rounds' changes that bear on who wins were left out as within the estimate's
    noise (smaller than ``floor``)."""
    return sum(1 for k in range(1, len(points))
               if any(a != b and _matters(b, a) and abs(a - b) < floor
                      for b, a in zip(points[k - 1].chances, points[k].chances))
               and not any(_matters(b, a) and abs(a - b) >= floor
                           for b, a in zip(points[k - 1].chances, points[k].chances)))


def _swings(game: Any, est: Estimator, record: GameRecord, states: list[GameState], points: list[Point],
            floor: float = 0.0) -> list[Swing]:
    """The biggest changes of one seat's chance between consecutive points, one per round; one
    under ``floor`` (the estimate's noise: it may be its own wobble) is marked ``uncertain``."""
    found: list[tuple[float, int, int]] = []  # (|change|, point, seat)
    for k in range(1, len(points)):
        moved = [(abs(a - b), p) for p, (b, a) in enumerate(zip(points[k - 1].chances, points[k].chances))
                 if a != b and _matters(b, a)]
        if moved:
            change, best = max(moved, key=lambda t: (t[0], -t[1]))
            found.append((change, k, best))
    found.sort(key=lambda t: (-t[0], t[1]))
    out = []
    for _change, k, seat in found[:SWINGS]:
        before, after = points[k - 1].chances[seat], points[k].chances[seat]
        why = cause(game, steps(game, est, record, states, points[k - 1].at, points[k].at, seat), after > before)
        names = [game.seat_name(p) for p in range(game.num_players)]
        named = _named(why.words, names[seat])  # "their" only after the seat was named
        whose = "their" if why.actor == seat and why.alone and named else f"{names[seat]}'s"
        verb = "rose" if after > before else "fell"
        label = points[k].label if points[k].label not in ("end", "stopped") else game.round_words(points[k].round)
        if why.actor == RULES and why.alone:  # the end of an Age's scoring: at that end, not in the next round
            label = game.follow_up_when(why.words) or label
        uncertain = _change < floor
        small = ", a change the estimate's own error could make" if uncertain else ""
        sentence = with_colours(f"{label[0].upper()}{label[1:]}: {why.words} — {whose} chance {verb} "
                                f"from {_pct(before)} to {_pct(after)}{small}.", names)
        out.append(Swing(points[k].round, seat, before, after, why.at, why.actor, why.alone, sentence, uncertain))
    out.sort(key=lambda sw: sw.at)
    return out


def _mention(name: str) -> re.Pattern[str]:
    """``name`` as a whole name: "Player 1" but not the start of "Player 10"."""
    return re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")


def _named(text: str, name: str) -> bool:
    return _mention(name).search(text) is not None


_OWN_PARENTHESIS = re.compile(r" \(([A-Z][^():]*)\)")
"""A game's own words in brackets after a seat's name: its people, "Player 2 (Egyptian)"."""


def with_colours(text: str, names: list[str]) -> str:
    """``text`` with the first mention of every seat's name followed by the colour of its line on
    the chart and its seat on the table ("Player 2 (blue) claims ..."; "Player 2 (blue,
    Egyptian)" where the game's words already bracket its people; "Player 1 (red)'s chance"), so
    that a sentence names players as the chart's legend, the page and the terminal do. The
    server puts the people's chosen names in for "Player N" afterwards: "Ada (red)"."""
    for seat, name in enumerate(names):
        found = _mention(name).search(text)
        if found is None:
            continue
        end = found.end()
        own = _OWN_PARENTHESIS.match(text, end)
        colour = colour_name(seat)
        if own is not None:
            text = f"{text[:own.start(1)]}{colour}, {text[own.start(1):]}"
        else:
            text = f"{text[:end]} ({colour}){text[end:]}"
    return text


def _matters(before: float, after: float) -> bool:
    """A change of one seat's chance that bears on who wins: not one where the seat was beaten
    all along (both chances under :data:`DECIDED`) or sure to win all along (both over 1 minus it)."""
    return max(before, after) >= DECIDED and min(before, after) <= 1 - DECIDED


def _moves(
    game: Any, est: Estimator, record: GameRecord, states: list[GameState], seats: list[int], budget: float
) -> tuple[list[Move], int, int, int]:
    """The Strong level's choice at every decision of ``seats``, until the CPU budget is spent.
    Returns (differing moves, decisions analysed, decisions where it agreed, not analysed)."""
    moves: list[Move] = []
    analysed = agreed = skipped = 0
    names: dict[str, str] | None = None  # the content's names by id, read when first needed
    deadline = time.process_time() + max(0.0, budget)
    for i, (player, text) in enumerate(record.actions):
        if player not in seats or not is_decision(states[i], player):
            continue
        if time.process_time() >= deadline:
            skipped += 1
            continue
        state = states[i]
        played = Action.parse(text)
        bot = make_bot(SUGGESTING_LEVEL, game, player, (record.seed or 0) * 1_000_003 + i)
        suggested = bot.decide(observe(state, player))
        analysed += 1
        if suggested == played:
            agreed += 1
            continue
        mine, theirs = est.after(state, player, [played, suggested], i)
        said, advised = describe(game, state, player, played), describe(game, state, player, suggested)
        if said == advised:
            if abs(mine - theirs) < 0.005:
                agreed += 1  # the same move in all but its place, worth the same: no advice
                continue
            names = names if names is not None else _content_names(game)
            said, advised = f"{said} ({_in_words(played, names)})", f"{advised} ({_in_words(suggested, names)})"
        r = game.round_of(state)
        when = "" if game.in_setup(state) else game.round_words(r)  # Dominations' Age 1, round 1 counts 0 rounds too
        moves.append(Move(i, r, player, said, advised, round(mine, 4), round(theirs, 4), when))
    return moves, analysed, agreed, skipped


def _content_names(game: Any) -> dict[str, str]:
    """The names of the game's content by id, from its glossary (``tech:rituals`` → Rituals);
    ids of fewer than three characters or without a letter are left out (numbers stay numbers)."""
    module = teaching_module(game.info.name)
    terms: dict[str, Any] = module.glossary(game) if module is not None and hasattr(module, "glossary") else {}
    out: dict[str, str] = {}
    for key, term in terms.items():
        _kind, _, ident = key.partition(":")
        if ident and len(ident) >= 3 and any(c.isalpha() for c in ident) and isinstance(term, dict) and term.get("name"):
            out.setdefault(ident, str(term["name"]))
    return out


def _in_words(action: Action, names: dict[str, str]) -> str:
    """The action's text with every content id replaced by its name: what tells apart two moves
    whose log sentences are the same (a card placed face down, say)."""
    return " ".join(names.get(word, word) for word in action.text().split())


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"
