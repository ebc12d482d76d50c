"""A refusal during the Wonder or Leader claims names every kind of action legal there: with open
claims (the default), claiming a card, moving one's cubes to another, withdrawing them and
confirming; with claims made once, claiming and claiming nothing."""

from __future__ import annotations

import pytest
from pathciv_helpers import at_phase, table

from civtable.core import IllegalAction
from civtable.games.pathciv.state import P_WONDERS, PathState


def _wonders(**options: str) -> PathState:
    s = table(2, **options)
    c = s.content
    s.market_w = [c.wonder_index["stonehenge"], c.wonder_index["pyramids_of_giza"]]
    for p in s.players:
        p.trays = [0, 5, 0, 0, 0]
    return at_phase(s, P_WONDERS)


def refusal(s: PathState, text: str, seat: int) -> IllegalAction:
    before = s.state_hash()
    with pytest.raises(IllegalAction) as caught:
        s.apply(text, seat)
    assert s.state_hash() == before
    return caught.value


def test_before_claiming_the_refusal_offers_a_claim_or_confirming_nothing() -> None:
    s = _wonders()
    said = refusal(s, "buy writing", 0)
    assert said.plain == ("This is not the time to buy a Technology; now claim a Wonder or confirm that you claim "
                          "nothing.")
    assert str(said) == ("This is not the time to buy a Technology; now claim a Wonder or confirm that you claim "
                         "nothing ('claim ...' or 'confirm').")


def test_with_cubes_on_a_wonder_the_refusal_names_moving_withdrawing_and_confirming() -> None:
    s = _wonders()
    s.apply("claim stonehenge", 0)
    assert {a.kind for a in s.legal_actions(0)} == {"claim", "withdraw", "confirm"}
    said = refusal(s, "deploy wonders", 0)
    assert str(said) == ("This is not the time to take cubes into your trays; now move your cubes to another "
                         "Wonder, withdraw your cubes or confirm your claim ('claim ...', 'withdraw' or 'confirm').")
    assert "withdraw your cubes" in refusal(s, "nonsense", 0).plain
    assert "withdraw your cubes" in refusal(s, "claim", 0).plain  # a claim that names no card


def test_claims_made_once_name_claiming_and_claiming_nothing() -> None:
    s = _wonders(claims="once")
    assert {a.kind for a in s.legal_actions(0)} == {"claim", "pass"}
    said = refusal(s, "confirm", 0)
    assert str(said) == ("This is not the time to confirm a claim; now claim a Wonder or claim nothing "
                         "('claim ...' or 'pass').")
