"""Every refusal a person reads is a plain sentence, in every game.

A seeded sweep: random games of each of the four games, a few hundred steps each; at many of
their positions, illegal actions (action texts of other moments of the game, legal actions with
wrong arguments, a legal action from a seat that does not decide) and badly formed typed input
are tried. Every refusal — the whole words (the terminal's, and what an action typed in the web
page's box hears) and the plain sentence (what a click hears) — must be a sentence (a capital
first letter, closing punctuation) in plain words: no internal identifiers outside the quoted
text a player types, no 0-based seat numbers, no Python reprs, no ids in the examples of what can be typed ('advance
burial rites', not 'advance burial_rites'); and the refused state must be exactly as it was.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from civtable.core import CHANCE, ActionError, GameState, Session, make_game, sentence

GAMES = ["inceptum", "pathciv", "dominations", "conquest"]
STEPS = 300
MALFORMED = [
    "", "   ", "x" * 600, "a " * 40, "<script>alert(1)</script>", "Ｐlayer", "build 1.5", "take -", "ĳ", "@#!",
    "slot a+b", "1", "99", "-", "_", "claim", "done done", "pass 3",
]
_QUOTED = re.compile(r"'[^']*'")
_SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
_ZERO_SEAT = re.compile(r"\b(seat|Seat|player|Player) 0\b")
_REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}]|\\x|\(\)")


def problems(text: str) -> list[str]:
    """What is wrong with ``text`` as a refusal a person reads (nothing: an empty list)."""
    out = []
    if not text[:1].isalpha() or not text[:1].isupper():
        out.append("does not start with a capital letter")
    if not text.endswith((".", "!", "?")):
        out.append("does not end with punctuation")
    if re.search(r"[:;,]\s*[.!?]$|\s[.!?]$|[.?!;:,]\s*[;:,]|\s{2,}", text):
        out.append("has broken punctuation or spacing")
    if re.search(r"\b(need|needs|of|to|from|called|with|and|or|the|a|an|is|are)\s*[.!?]$", text):
        out.append("stops in the middle")
    for example in _QUOTED.findall(text.partition("for example")[2] + text.partition("e.g.")[2]):
        if ids := _SNAKE.search(example):  # an example of what to type says its ids as words
            out.append(f"shows an id in an example ({ids.group(0)})")
    outside = _QUOTED.sub("''", text)  # what is quoted is what a player types: ids belong there
    if snake := _SNAKE.search(outside):
        out.append(f"names an internal id ({snake.group(0)})")
    if _ZERO_SEAT.search(outside):
        out.append("counts seats from 0")
    if python := _REPR.search(outside):
        out.append(f"shows a Python repr ({python.group(0)})")
    return out


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def wrong_arguments(text: str) -> list[str]:
    kind, *args = text.split()
    out = [kind, f"{kind} nothing", f"{kind} 0", f"{kind} 1000", f"{kind} -1 -1", f"{kind} {' '.join(args)} extra"]
    if args:
        out += [" ".join([kind, *reversed(args)]), " ".join([kind, *args[:-1]])]
    return out


def sweep(name: str, seed: int) -> tuple[dict[str, str], int]:
    """Every refusal met in one seeded random game of ``name`` (whole words and plain sentence
    -> the text that was refused), and how many refusals were checked for an unchanged state."""
    game = make_game(name)
    session = Session(game, seed, undo=False)
    rng = random.Random(f"refusals/{name}/{seed}")
    vocabulary: set[str] = set()
    said: dict[str, str] = {}
    checked = 0
    for _ in range(STEPS):
        session.resolve_chance()
        state = session.state
        if state.is_terminal():
            break
        deciders = [p for p in state.decision().players if p != CHANCE]
        seat = rng.choice(deciders)
        legal = [a.text() for a in state.legal_actions(seat)]
        vocabulary.update(legal)
        if rng.random() < 0.5:
            tries = rng.sample(sorted(vocabulary - set(legal)), min(4, len(vocabulary) - len(legal)))
            tries += rng.sample(wrong_arguments(rng.choice(legal)), 3) + rng.sample(MALFORMED, 3)
            others = [p for p in range(game.num_players) if p not in deciders]
            attempts = [(text, seat) for text in tries] + ([(legal[0], rng.choice(others))] if others else [])
            before = snapshot(state)
            for text, who in attempts:
                if text in legal and who == seat:
                    continue
                try:
                    state.apply(text, who)
                except ActionError as exc:
                    checked += 1
                    assert snapshot(state) == before, f"{name}: refusing {text!r} changed the state"
                    said.setdefault(str(exc), text)
                    said.setdefault(exc.plain, text)
                else:
                    pytest.fail(f"{name}: {text!r} from seat {who + 1} was applied")
        session.apply(rng.choice(legal), seat)
    return said, checked


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_is_a_plain_sentence_and_changes_nothing(name: str) -> None:
    said: dict[str, str] = {}
    checked = 0
    for seed in (1, 2):
        more, n = sweep(name, seed)
        said.update({k: v for k, v in more.items() if k not in said})
        checked += n
    bad = [f"{text!r} -> {words!r}: {', '.join(p)}" for words, text in said.items() if (p := problems(words))]
    assert not bad, f"{len(bad)} of {len(said)} refusals of {name} are not plain sentences:\n" + "\n".join(bad[:40])
    assert checked >= 300 and len(said) >= 40, (checked, len(said))


def test_sentence_capitalises_and_closes_without_touching_the_rest() -> None:
    assert sentence("that is not a legal action now: 'x'") == "That is not a legal action now: 'x'."
    assert sentence("  you have 3 McIntosh apples ('take ...')  ") == "You have 3 McIntosh apples ('take ...')."
    assert sentence("Who plays next?") == "Who plays next?"
    assert sentence("Done.") == "Done."
    assert sentence("") == ""
    assert sentence(sentence("twice")) == "Twice."  # applying it again changes nothing


def test_the_checks_catch_what_they_look_for() -> None:
    assert problems("That is not possible now: 'bronze_working'.") == []
    assert problems("Not now; now you can type, for example, 'advance burial_rites'.") == [
        "shows an id in an example (burial_rites)"]
    assert problems("Not now; now you can type, for example, 'advance burial rites'.") == []
    assert problems("'x' is not a legal action now")[:2] == ["does not start with a capital letter",
                                                             "does not end with punctuation"]
    assert problems("You may place: bronze_working.") == ["names an internal id (bronze_working)"]
    assert problems("It is not seat 0's decision.") == ["counts seats from 0"]
    assert problems("You need None.") == ["shows a Python repr (None)"]
    assert problems("Lumber Camp: you need .") == ["has broken punctuation or spacing", "stops in the middle"]
    assert problems("Lumber Camp: you need.") == ["stops in the middle"]
