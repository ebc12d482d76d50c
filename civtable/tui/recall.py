"""The log of a resumed game: the sentences of its record's actions, as the table wrote them while
it was played, and how much of it each person had seen (up to their last decision). Without it,
a game continued with ``--resume`` began with an empty log: 'log' said nothing had happened yet,
and the first screen did not say what the other players had done since the person's last move."""

from __future__ import annotations

from collections.abc import Sequence

from civtable.core import Action, Game, GameRecord


def recalled_log(game: Game, record: GameRecord, humans: Sequence[int]) -> tuple[list[str], dict[int, int]]:
    """The log lines of ``record``'s actions and, for each of the ``humans`` who acted, the log
    length when they last decided (the lines after it are new to them)."""
    state = game.new_initial_state()
    log: list[str] = []
    seen: dict[int, int] = {}
    for player, text in record.actions:
        action = Action.parse(text)
        said = game.describe_action(state, player, action)
        if player in humans:
            seen[player] = len(log)  # their screen showed the log up to here
        state.apply(action, player)
        if not said:
            continue
        both = game.fold_log(log[-1], said) if log and len(log) > max(seen.values(), default=0) else None
        if both is not None:
            log[-1] = both
        else:
            log.append(said)
    return log, seen
