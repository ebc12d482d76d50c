"""A swing's step is told with what it did for its seat, not only its first sentence: in Conquest
the research roll that ends a turn also scores the turn's VP ("Player 5 rolls 3 on the Research
table: +1 Arts. Player 5 scores 7 VP (5 Monuments + Arts 2), now 33 VP. Player 1's turn: ..."),
and a review named the swing "Player 5 rolls 3 on the Research table: +1 Arts — Player 5's chance
rose from 16% to 54%", as if a +1 Arts roll had done it."""

from __future__ import annotations

from civtable.bots import make_bot
from civtable.core import Action, Session, make_game, observe
from civtable.review.estimate import describe, describe_step


def test_a_turn_ending_roll_is_told_with_its_score_and_without_the_next_turn() -> None:
    game = make_game("conquest", {"players": 2})
    bots = [make_bot("greedy", game, p, 3) for p in range(2)]
    session = Session(game, 3, ["greedy", "greedy"])
    told: list[tuple[str, str, str]] = []
    while len(told) < 3:
        d = session.state.decision()
        if not d.players:
            break
        p = d.players[0]
        state = session.state.clone()
        if d.players == (-1,):
            session.resolve_chance()
            last_player, last_text = session.record.actions[-1]
            line = str(game.describe_action(state, last_player, Action.parse(last_text)))
            if " scores " in line and "'s turn" in line:
                told.append((line, describe(game, state, last_player, Action.parse(last_text)),
                             describe_step(game, state, last_player, Action.parse(last_text))))
            continue
        session.apply(bots[p].decide(observe(session.state, p)), p)
    assert told, "no turn-ending roll with a score in this game"
    for line, first, step in told:
        assert step.startswith(first) and ", and scores " in step, (line, step)
        assert "'s turn" not in step and ". " not in step, step  # one sentence, not the next turn
