"""What a Destiny or an end-of-game bonus counts reads in the game's words on every card, in the
glossary and on the table: "1 VP for every Leader", "1 VP per 2 Cultural cards", never the
content's ids ("for every 1 leaders", "1 VP per 2 cards cultural", "the leaders tray")."""

from __future__ import annotations

import json
import re

from civtable.core import make_game
from civtable.games.pathciv.glossary import glossary
from civtable.games.pathciv.view import card_view, destiny_text

RAW = re.compile(r"for every 1 |per 1 |\b(wonders|leaders|technologies|cards (cultural|scientific|spiritual|military|"
                 r"industrial)|(leaders|wonders|philosophy|challenges|battles) tray)\b")


def test_counts_read_in_the_games_words() -> None:
    game = make_game("pathciv", {"players": 3})
    c = game.content
    texts = [destiny_text(ch.destiny) for ch in c.challenges if ch.destiny is not None]
    texts += [t["text"] for t in glossary(game).values()]
    state = game.new_initial_state()
    texts += [json.dumps(card_view(state, kind, i)) for kind, cards in (("leader", c.leaders), ("wonder", c.wonders))
              for i in range(len(cards))]
    wrong = [t for t in texts if RAW.search(t)]
    assert not wrong, wrong[:5]
    said = " ".join(texts)
    for words in ("1 VP for every Leader", "2 VP for every 2 Wonders", "1 VP per 2 Cultural cards", "for every 3 Military Legacy"):
        assert words in said, words
