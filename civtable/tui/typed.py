"""Understanding what a person typed at the table: a menu number, an action's text (with spaces
for underscores), a multi-step shortcut, or the unambiguous start of one action; a readable
refusal otherwise."""

from __future__ import annotations

import re
from collections.abc import Sequence

from civtable.core import Action, IllegalAction, MalformedAction
from civtable.core.game import GameState


def resolve(state: GameState, seat: int, line: str, shown: int | None = None) -> list[Action]:
    """The action(s) a typed line means for ``seat``: a menu number, an action text, a multi-step
    shortcut (``build granary 2 3`` = ``build granary`` then ``slot 2 3``; a step may omit its kind
    when its arguments pick one legal action), or an unambiguous beginning of one action text.
    Raises :class:`ActionError` with a readable reason otherwise."""
    legal = state.legal_actions(seat)
    if seat not in state.decision().players:
        raise IllegalAction(f"it is not {state.game.seat_name(seat)}'s decision now")
    text = " ".join(line.lower().split())
    if not text:
        raise MalformedAction("the action is empty")
    choice = choice_words(shown or len(legal))  # the options on the screen (a staged menu shows a few)
    if re.fullmatch(r"-?\d+", text):
        n = int(text)
        if not 1 <= n <= len(legal):
            raise IllegalAction(f"there is no action number {n}; choose {choice}")
        return [legal[n - 1]]
    tokens = text.split()
    single = _match(legal, tokens)
    if single is not None:
        return [single]
    spaced = [a for a in legal if _spaced(a) == text]  # 'research trade routes': trade_routes
    if len(spaced) == 1:
        return spaced
    plan = _split(state, seat, tokens, depth=0)
    if plan:
        return plan
    starts = [a for a in legal if a.text().startswith(text) or _spaced(a).startswith(text)]
    # 'fi' for 'left fire', 'pyr' for 'claim pyramids_of_giza', 'rec arm 3' for 'recruit army 3'; 'con' the
    # start of 'confirm' and of 'claim confucius' is the start of both
    starts += [a for a in word_starts(legal, tokens) if a not in starts]
    if len(starts) == 1:
        return starts
    if len(starts) > 1:
        some = ", ".join(f"'{_spaced(a)}'" for a in starts[:3]) + (", …" if len(starts) > 3 else "")
        raise IllegalAction(f"that is the start of {len(starts)} actions ({some}); type more of '{text}' or "
                            "choose a number from the menu")
    if re.fullmatch(r"-?\d+", tokens[0]):  # numbers, but not one menu number
        raise IllegalAction(f"that is no action here: '{text}'; type one number from the menu ({choice}) or an action's text")
    try:
        action = Action.parse(text)
    except MalformedAction:  # no action at all ('locus q/r3' in a game without Loci): said as any other
        raise MalformedAction(f"that is no action here: '{text}'; type one number from the menu ({choice}) "
                              "or an action's text") from None
    raise IllegalAction(state.explain_illegal(action, seat))


def word_starts(legal: Sequence[Action], tokens: Sequence[str]) -> list[Action]:
    """The legal actions whose words, or whose arguments' words (a content name without its
    kind), begin with the typed words one by one: ``pyr`` is ``claim pyramids_of_giza``, ``rec
    arm 3`` is ``recruit army 3``. A number must be whole, and the first word two characters at
    least: a stray letter plays nothing."""
    if not tokens or (len(tokens[0]) < 2 and not tokens[0].isdigit()):
        return []
    out = []
    for a in legal:
        for words in (_spaced(a).split(), " ".join(str(x) for x in a.args).replace("_", " ").split()):
            if words_begin(tokens, words):
                out.append(a)
                break
    return out


def words_begin(tokens: Sequence[str], words: Sequence[str]) -> bool:
    """Whether ``words`` begin with ``tokens``, word by word, each token the start of its word (a
    number the whole word)."""
    return len(tokens) <= len(words) and all(
        w == t if t.lstrip("-").isdigit() else w.startswith(t) for t, w in zip(tokens, words))


def choice_words(n: int) -> str:
    """The menu numbers to choose from: '1', '1 to 7'."""
    return "1" if n == 1 else f"1 to {n}"


def _spaced(action: Action) -> str:
    """An action's text as the screen names things: ``research trade routes``."""
    return action.text().replace("_", " ")


def _match(legal: Sequence[Action], tokens: Sequence[str]) -> Action | None:
    """The legal action whose text is ``tokens``, or else the only one whose arguments are."""
    text = " ".join(tokens)
    for a in legal:
        if a.text() == text:
            return a
    by_args = [a for a in legal if a.args and " ".join(str(x) for x in a.args) == text]
    return by_args[0] if len(by_args) == 1 else None


def _split(state: GameState, seat: int, tokens: Sequence[str], depth: int) -> list[Action] | None:
    """Longest legal first step, then the rest as the following step(s) of the same seat."""
    if depth > 4 or len(tokens) < 2:
        return None
    legal = state.legal_actions(seat)
    for cut in range(len(tokens) - 1, 0, -1):
        first = _match(legal, tokens[:cut])
        if first is None:
            continue
        nxt = state.clone()
        nxt.apply_unchecked(first, seat)
        if seat not in nxt.decision().players:
            continue
        rest = tokens[cut:]
        second = _match(nxt.legal_actions(seat), rest)
        if second is not None:
            return [first, second]
        deeper = _split(nxt, seat, rest, depth + 1)
        if deeper:
            return [first, *deeper]
    return None
