"""Discrete action spaces for the RL adapters: every action of a game as a short sequence of
*tokens* (numbers ``0 .. size-1``).

* Token ``0`` is ``wait``: the only legal token of a seat that has nothing to decide (the
  multi-agent environments ask every seat every step), and of every seat once the game is over
  (so a mask is never empty); never legal for a seat that decides.
* A game that lists its actions (:meth:`~civtable.core.Game.action_space`) gets one token per
  action: token ``k + 1`` is the ``k``-th action of that list (:class:`FlatTokens`).
* A game whose actions are too many to list gets a *factorised* space from the RL layer (a
  Dominations placement is four successive choices: the tile, the row, the column, the
  rotation — :mod:`civtable.rl.dominations`). The environments ask for the tokens of one action
  one step at a time and apply the action once its last token is chosen; the observation shows
  the tokens chosen so far.

:class:`Choices` holds the legal token sequences of one seat in one position as a trie, so the
legal next tokens after any prefix are one dictionary lookup.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, Protocol

from civtable.core import Action, CivtableError, Game, GameState, OptionError

WAIT = 0

# games whose actions the RL layer factorises itself: name -> "module:class"
FACTORISED = {"dominations": "civtable.rl.dominations:DominationsTokens"}


class TokenSpace(Protocol):
    """A game's actions as token sequences."""

    size: int  # number of distinct tokens, WAIT included
    depth: int  # the longest sequence

    def sequences(self, state: GameState, seat: int, legal: list[Action]) -> Iterable[tuple[tuple[int, ...], Action]]: ...

    def name(self, token: int) -> str: ...

    def rows(self) -> list[tuple[str, str]]: ...


class FlatTokens:
    """One token per action of :meth:`~civtable.core.Game.action_space` (token 0 is ``wait``)."""

    depth = 1

    def __init__(self, game: Game) -> None:
        space = game.action_space()
        if space is None:
            raise OptionError(
                f"{game.info.title} has no fixed action space (Game.action_space() is None) and the RL layer "
                "has no factorised space for it, so it cannot be a discrete RL environment"
            )
        self.actions: list[Action] = list(space)
        self.index = {a: i + 1 for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise CivtableError(f"{game.info.name}: action_space() lists an action twice")
        self.size = len(self.actions) + 1
        self.game = game

    def sequences(self, state: GameState, seat: int, legal: list[Action]) -> Iterable[tuple[tuple[int, ...], Action]]:
        index = self.index
        for a in legal:
            i = index.get(a)
            if i is None:
                raise CivtableError(f"legal action {a.text()!r} is missing from {self.game.info.name}'s action space")
            yield (i,), a

    def flat(self, legal: list[Action]) -> dict[int, Action]:
        """Token -> action for the legal actions (the fast path of :class:`Choices`)."""
        index = self.index
        try:
            return {index[a]: a for a in legal}
        except KeyError:
            missing = next(a for a in legal if a not in index)
            raise CivtableError(
                f"legal action {missing.text()!r} is missing from {self.game.info.name}'s action space"
            ) from None

    def name(self, token: int) -> str:
        return "wait" if token == WAIT else self.actions[token - 1].text()

    def rows(self) -> list[tuple[str, str]]:
        """(token, meaning) for the documentation: runs of actions of one kind are grouped."""
        out = [("0", "wait (only when the seat has nothing to decide)")]
        start = 0
        for i in range(1, len(self.actions) + 1):
            if i == len(self.actions) or self.actions[i].kind != self.actions[start].kind:
                a, b = self.actions[start], self.actions[i - 1]
                where = f"{start + 1}" if i - 1 == start else f"{start + 1}-{i}"
                out.append((where, a.text() if a == b else f"{a.text()} … {b.text()}"))
                start = i
        return out


def make_token_space(game: Game) -> TokenSpace:
    """The token space of ``game``: factorised by the RL layer, or flat."""
    target = FACTORISED.get(game.info.name)
    if target is not None:
        module, _, cls = target.partition(":")
        return getattr(importlib.import_module(module), cls)(game)  # type: ignore[no-any-return]
    return FlatTokens(game)


def split_tokens(items: Iterable[tuple[int, bool, Action, Any]], ends: dict[int, Action] | None = None,
                 deeper: dict[int, list[Any]] | None = None) -> tuple[dict[int, Action], dict[int, list[Any]]]:
    """Group ``(token, more tokens follow, action, item)`` into the actions that end at their
    token (token -> action) and, per token, the items of those that go on (added to ``ends``
    and ``deeper`` when given). Two actions ending at one token are refused."""
    ends = {} if ends is None else ends
    deeper = {} if deeper is None else deeper
    for t, more, action, item in items:
        if not more:
            if t in ends:
                raise CivtableError(f"two actions share the token {t}: {action.text()!r}")
            ends[t] = action
        else:
            got = deeper.get(t)
            if got is None:
                deeper[t] = [item]
            else:
                got.append(item)
    return ends, deeper


class Choices:
    """The legal token sequences of one seat in one position, as a trie: :meth:`node` maps each
    legal next token after a prefix to its action (if it completes one) or ``None`` (more tokens
    follow). The trie is grown on demand: a node is built the first time its prefix is asked for
    (a factorised action explores one path of it). A space with ``roots`` gives the root from
    each action's first token alone (``roots(state, seat, legal)``: the actions of one token,
    token -> action, and the first tokens of longer ones, token -> their actions); the rest of a
    sequence is computed only under the first token chosen. Valid while the position is
    unchanged."""

    __slots__ = ("next", "_pending", "_bare", "_space", "_state", "_seat")

    def __init__(self, space: TokenSpace, state: GameState, seat: int, legal: list[Action] | None = None) -> None:
        if legal is None:
            legal = state.legal_actions(seat)
        # prefix -> the actions below it, as (sequence, action); or as bare actions (``roots``),
        # whose sequences are computed when the prefix is asked for
        self._pending: dict[tuple[int, ...], list[Any]] = {}
        self._bare = False
        if isinstance(space, FlatTokens):
            self.next: dict[tuple[int, ...], dict[int, Action | None]] = {(): space.flat(legal)}  # type: ignore[dict-item]
            return
        self.next = {}
        self._space, self._state, self._seat = space, state, seat
        roots = getattr(space, "roots", None)
        if roots is None:
            self._grow((), list(space.sequences(state, seat, legal)))
            return
        self._bare = True
        ends, deeper = roots(state, seat, legal)
        self._settle((), ends, deeper)

    def _settle(self, prefix: tuple[int, ...], ends: dict[int, Action], deeper: dict[int, list[Any]]) -> dict[int, Action | None]:
        node: dict[int, Action | None] = dict(ends)  # type: ignore[arg-type]
        for t, below in deeper.items():
            if t in ends:
                raise CivtableError(f"the tokens of an action extend those of {ends[t].text()!r}")
            node[t] = None
            self._pending[(*prefix, t)] = below
        self.next[prefix] = node
        return node

    def _grow(self, prefix: tuple[int, ...], items: list[tuple[tuple[int, ...], Action]]) -> dict[int, Action | None]:
        k = len(prefix)
        for seq, action in items:
            if seq[:k] != prefix:
                raise CivtableError(f"the tokens {seq} of {action.text()!r} do not start with its first token")
        ends, deeper = split_tokens((seq[k], len(seq) > k + 1, action, (seq, action)) for seq, action in items)
        return self._settle(prefix, ends, deeper)

    def node(self, prefix: tuple[int, ...] = ()) -> dict[int, Action | None] | None:
        """Token -> action (``None``: more tokens follow) after ``prefix``; ``None`` if no legal
        sequence starts with ``prefix``."""
        node = self.next.get(prefix)
        if node is None:
            below = self._pending.pop(prefix, None)
            if below is None and len(prefix) > 1 and prefix[:-1] not in self.next \
                    and self.node(prefix[:-1]) is not None:  # asked for before its parent: grow down to it
                below = self._pending.pop(prefix, None)
            if below is not None:
                if self._bare and len(prefix) == 1:  # the actions under a first token from ``roots``
                    below = list(self._space.sequences(self._state, self._seat, below))
                node = self._grow(prefix, below)
        return node

    def tokens(self, prefix: tuple[int, ...] = ()) -> Any:
        """The legal next tokens after ``prefix`` (a dict view; empty if none)."""
        node = self.node(prefix)
        return node.keys() if node is not None else ()
