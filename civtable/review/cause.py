"""What caused a swing: the seat's chance before and after every step of the swing's round.

A step is one action of the record (a move, or chance's draw: a roll, a card) or what the rules
then did by themselves (:meth:`~civtable.core.Game.before_follow_up`: the next player's
production, say), told apart where the game can. Each step's change is the seat's own estimate
after it minus before it, so the changes add up to the swing. The swing is put down to the step
that moved the seat's chance most in its direction when that step alone makes more than half of
the swing and more than half of what its source (the same player's moves, the dice, the rules)
did in that direction over the round (one of a player's four moves that made 0.17 of a 0.30
fall is not most of it when that player's moves made 0.53 of falls); otherwise the sentence says the swing came over the round, and from whom most of it
came (a seat's moves, chance's draws, the rules' own steps) when one of them made more than half.

The last answer to a simultaneous decision brings all the answers into view: a seat learns the
others' hidden answers then, not when they were given, so when that step brought a seat others'
answers along with the last one (its own last answer, or a third seat's earlier one) it is
named as the simultaneous choices of all of them, not as the move that happened to come last.
Only where an answer was hidden when given (a Project placed face down): answers that every seat
saw as they were given (Path of Civilization's purchases and open claims) are each their own
step, the last one named by its own sentence as the last answer, the others' answers beside it
("Player 1 (Roman) confirms: a claim on Archimedes, the last answer to the simultaneous choices,
after Player 2 (Mayan) confirms: ...; and Player 3 (Egyptian) ...": what it completed, the claims
settled, is its step).

Sentences are the log's: a move hidden from the other seats is told as the log tells it to them
("places a Technology face down"), so a review names no more than the game's log does.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from civtable.core import CHANCE, Action, GameRecord, GameState
from civtable.core.game import _seen_by_all as seen_by_all

from .estimate import Estimator, describe, describe_step

RULES = -2
"""The actor of a step the rules took by themselves (chance is -1)."""
TOGETHER = -3
"""Where the steps of a swing are added up by their source: simultaneous choices shown at once."""
MOST = 0.5
"""A step, or one source of steps, explains a swing when it makes more than this share of it."""


class Step(NamedTuple):
    at: int  # the action's index in the record
    actor: int  # the seat that played it, -1 chance, -2 the rules' own follow-up
    words: str  # what happened, for people
    change: float  # the seat's chance after the step minus before it
    together: bool = False  # the last answer to a simultaneous decision, named as all the answers


class Cause(NamedTuple):
    at: int  # the largest step's action
    actor: int  # its seat, -1 chance, -2 the rules' own follow-up, -3 simultaneous choices
    words: str  # the sentence's part before " — "
    alone: bool  # one step made most of the swing


def steps(game: Any, est: Estimator, record: GameRecord, states: list[GameState],
          start: int, end: int, seat: int) -> list[Step]:
    """The steps of actions ``[start, end)`` with ``seat``'s chance change over each."""
    out: list[Step] = []
    prev = est.chance(states[start], seat)
    for i in range(start, end):
        player, text = record.actions[i]
        action = Action.parse(text)
        actor = player if player != CHANCE else -1
        words, together = _words(game, record, states, i, seat, action)
        now = est.chance(states[i + 1], seat, states[start])
        split = game.before_follow_up(states[i], player, action)
        if split is not None:
            held, follow_up = split
            middle = est.chance(held, seat, states[start])
            out.append(Step(i, actor, words, middle - prev, together))
            out.append(Step(i, RULES, follow_up, now - middle))
        else:
            out.append(Step(i, actor, words, now - prev, together))
        prev = now
    return out


def cause(game: Any, found: list[Step], rising: bool) -> Cause:
    """The step that explains the swing, or the words for a swing no single step explains."""
    sign = 1.0 if rising else -1.0
    total = sign * sum(s.change for s in found)
    best = max(found, key=lambda s: sign * s.change)
    # what the best step's source (the same player's moves, the dice, ...) did the swing's way in
    # all: one of a player's four moves that made 0.17 of a 0.30 fall is not "most" of it when
    # that player's moves made 0.53 of falls (the player's own rises took 0.23 back)
    mine = sum(sign * s.change for s in found if _source(s) == _source(best) and sign * s.change > 0)
    if total <= 0 or sign * best.change > MOST * max(total, mine):
        return Cause(best.at, _source(best), best.words, True)
    by: dict[int, float] = {}
    for s in found:
        by[_source(s)] = by.get(_source(s), 0.0) + sign * s.change
    source, share = max(by.items(), key=lambda kv: kv[1])
    lead = [s for s in found if _source(s) == source]
    top = max(lead, key=lambda s: sign * s.change) if share > MOST * total else best
    if share > MOST * total:
        whose = {-1: "the dice and draws", RULES: "what the rules did by themselves",
                 TOGETHER: "the players' simultaneous choices, each shown once all had answered"}.get(source) or f"{game.seat_name(source)}'s moves"
        words = f"over the round, mostly from {whose} (the largest step: {_lower(top.words)})"
    else:
        words = f"over the round, from several steps, none of them most (the largest: {_lower(top.words)})"
    return Cause(top.at, _source(top), words, False)


def _source(step: Step) -> int:
    return TOGETHER if step.together else step.actor


def _lower(words: str) -> str:
    """``words`` inside a sentence: a leading "The" or "A" lower-cased, names kept."""
    first, _, rest = words.partition(" ")
    return f"{first.lower()} {rest}" if first in ("The", "A", "An") and rest else words


def _words(game: Any, record: GameRecord, states: list[GameState], i: int, seat: int,
           action: Action) -> tuple[str, bool]:
    """The action's own sentence; the last answer to a simultaneous decision named as all the
    answers when it brought others' hidden answers into ``seat``'s view with it (``seat`` gave
    it, or a third seat had answered before), each seat's answer told as the log tells it once
    the answers are shown."""
    player = record.actions[i][0]
    said = describe_step(game, states[i], player, action)
    found = _together(record, states, i)
    if found is None:
        return said, False
    seats, first = found
    if player != seat and set(seats) <= {seat, player}:
        return said, False
    names = [game.seat_name(p) for p in seats]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    if not _hidden_before(record, states, first, i):  # every answer seen as it was given: no reveal
        others = [_answer(game, record, states, first, i, p) for p in seats if p != player]
        after = "; ".join(others[:-1]) + ("; and " if len(others) > 1 else "") + others[-1]
        return f"{said}, the last answer to the simultaneous choices, after {after}", False
    answers = "; ".join(_answer(game, record, states, first, i, p) for p in seats)
    return f"the simultaneous choices of {listed}, shown together: {answers}", True


ANSWER_LINES = 3
"""At most this many of one seat's (folded) log lines in a sentence: the last ones, which give
the answer as it was left (a claim moved, then confirmed)."""


def _answer(game: Any, record: GameRecord, states: list[GameState], first: int, last: int, seat: int) -> str:
    """``seat``'s answer to the simultaneous decision of actions ``first..last``: its log lines,
    lines of one kind folded into one wherever they stand (``Game.fold_log``: Research points of
    one type), the seat's name said once, the earliest lines left out past :data:`ANSWER_LINES`."""
    lines: list[str] = []
    for k in range(first, last + 1):
        if record.actions[k][0] != seat:
            continue
        line = describe(game, states[k], seat, Action.parse(record.actions[k][1])) + "."
        for n, earlier in enumerate(lines):
            both = game.fold_log(earlier, line)
            if both is not None:
                lines[n] = both
                break
        else:
            lines.append(line)
    lines = [line.rstrip(".") for line in lines]
    cut = len(lines) > ANSWER_LINES
    lines = lines[-ANSWER_LINES:]
    head = _speaker(lines)
    rest = [line[len(head):] if head and line.startswith(head) else line for line in lines[1:]]
    if cut:
        return f"{head}… " + ", ".join([lines[0][len(head):], *rest])
    return ", ".join([lines[0], *rest])


def _speaker(lines: list[str]) -> str:
    """The name the lines start with ("Player 1 (Roman) "), said once for all of them: the part
    before the first verb they share, up to a closing bracket or the seat's number."""
    first = lines[0]
    end = first.find(") ")
    head = first[:end + 2] if end > 0 else " ".join(first.split(" ")[:2]) + " "
    return head if all(line.startswith(head) for line in lines) else ""


def _hidden_before(record: GameRecord, states: list[GameState], first: int, last: int) -> bool:
    """Whether an answer among actions ``first..last - 1`` was hidden from the other seats when it
    was given (a Project placed face down), so that the last answer showed it: answers all seen
    as they were given (Path of Civilization's purchases, its open claims) are no reveal."""
    for k in range(first, last):
        player, text = record.actions[k]
        if player != CHANCE and not seen_by_all(states[k], player, Action.parse(text)):
            return True
    return False


def _together(record: GameRecord, states: list[GameState], i: int) -> tuple[list[int], int] | None:
    """The seats of the simultaneous decision that action ``i`` completes (it was the last to
    answer, and the others answered in the same decision before it) and the decision's first
    action, else ``None``."""
    d = states[i].decision()
    player = record.actions[i][0]
    if player == CHANCE or d.players != (player,):
        return None
    after = states[i + 1].decision()
    if after.kind == d.kind and player in after.players:
        return None  # the seat goes on answering: not the last answer yet
    seats, current = {player}, set(d.players)
    j = i - 1
    while j >= 0:
        dj = states[j].decision()
        if dj.kind != d.kind or record.actions[j][0] not in dj.players or not current <= set(dj.players):
            break
        current = set(dj.players)
        seats |= current
        j -= 1
    return (sorted(seats), j + 1) if len(seats) > 1 else None
