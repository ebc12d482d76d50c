"""What the table needs to teach a newcomer, in every seat's view: where each player stands for
the next Battle (Power) and the next Challenge (History points) if it were resolved now, what a
Philosophy Benefit gives at its level, and, over the population cap in Phase B or D, how many
cubes or points are still to choose and from what."""

from __future__ import annotations

from pathciv_helpers import at_phase, seat_of, table

from civtable.games.pathciv.state import P_DEPLOY, P_END, P_EVENT, P_RESEARCH
from civtable.games.pathciv.view import effect_text, repeat_text


def _event(view: dict, kind: str) -> dict:
    return next(e for e in view["events"] if e["kind"] == kind and "now" in e)


def test_the_next_battle_and_challenge_say_everyone_s_power_and_history_now() -> None:
    s = table(3, challenges=("pottery_kilns",), battles=("fall_of_troy",))
    roman, egyptian, mayan = (seat_of(s, x) for x in ("roman", "egyptian", "mayan"))
    for seat, legacy, units, sages in ((roman, 2, 3, 1), (egyptian, 4, 2, 0), (mayan, 0, 0, 2)):
        s.players[seat].legacy, s.players[seat].trays = legacy, [0, 0, 0, sages, units]
    view = s.view(roman)
    battle = _event(view, "battle")
    assert battle["round"] == "4"
    assert {r["seat"]: r["value"] for r in battle["now"]} == {roman + 1: 8, egyptian + 1: 8, mayan + 1: 0}
    challenge = _event(view, "challenge")
    assert challenge["round"] == "3"
    ch = s.content.challenges[s.challenges[0]]
    cards = {seat: s.players[seat].cards_of_type(s.content, ch.type) for seat in (roman, egyptian, mayan)}
    assert {r["seat"]: r["value"] for r in challenge["now"]} == {
        roman + 1: cards[roman] + 1, egyptian + 1: cards[egyptian], mayan + 1: cards[mayan] + 2}
    # only the next of each kind: later events have no standing
    assert sum("now" in e for e in view["events"]) == 2


def test_resolved_events_and_a_finished_game_have_no_standing() -> None:
    s = table(2)
    s.round, s.phase = 4, P_EVENT  # the Battle of round 4 is being resolved: it still counts
    assert _event(s.view(0), "battle")["round"] == "4"
    s.phase = P_END  # resolved: the next Battle is round 6's
    assert _event(s.view(0), "battle")["round"] == "6"
    assert _event(s.view(0), "challenge")["round"] == "5"
    s.finished = True
    assert not any("now" in e for e in s.view(0)["events"])


def test_a_benefit_token_says_what_it_gives_at_its_level() -> None:
    s = table(2)
    c = s.content
    level = 3  # multiplier 2
    s.tokens[level] = [0, 1]
    phil = next(lv for lv in s.view(0)["philosophy"] if lv["level"] == level)
    assert phil["multiplier"] == c.phil_mult[level - 1] == 2
    assert phil["gives"] == [effect_text(c.benefits[t].effect.times(2)) for t in (0, 1)]
    assert phil["gives"] != phil["effects"]  # the doubled effect, not the token's printed one


def test_over_the_population_cap_the_view_says_what_is_left_to_choose() -> None:
    s = table(2)
    c = s.content
    roman = seat_of(s, "roman")
    p = s.players[roman]
    p.left = [c.tech_index["theatre"], c.tech_index["tribe"]]  # 3 Ambassadors, 2 Sages: 5 cubes over population 4
    s.players[1 - roman].left = [c.tech_index["fire"], c.tech_index["tools"]]  # 4 cubes: no choice
    s.round = 1
    at_phase(s, P_DEPLOY)
    mine = s.view(roman)["players"][roman]
    assert mine["choosing"] == {"what": "cubes", "population": 4, "left": 4, "taken": 0,
                                "offer": {"Ambassadors": 3, "Sages": 2}}
    assert "choosing" not in s.view(roman)["players"][1 - roman]
    s.apply("deploy leaders", roman)
    after = s.view(roman)["players"][roman]["choosing"]
    assert (after["left"], after["taken"], after["offer"]) == (3, 1, {"Ambassadors": 2, "Sages": 2})


def test_research_over_the_cap_names_the_types_on_offer() -> None:
    s = table(2)
    c = s.content
    roman = seat_of(s, "roman")
    s.players[roman].right = [c.tech_index["printing"], c.tech_index["writing"]]  # 5 Cultural, 1 Spiritual over population 4
    s.players[1 - roman].right = [c.tech_index["fire"], c.tech_index["tools"]]
    s.round = 1
    at_phase(s, P_RESEARCH)
    choosing = s.view(roman)["players"][roman]["choosing"]
    assert choosing["what"] == "Research points" and choosing["left"] == 4
    assert choosing["offer"] == {"Cultural": 5, "Spiritual": 1}


def test_a_short_learning_game_shows_only_the_events_it_plays() -> None:
    """The guided first game ends after round 4: its event line stops at the round-4 Battle
    (it showed the Challenges and Battles of rounds 5 to 9b, which never come)."""
    assert [e["round"] for e in table(2, rounds=4).view(0)["events"]] == ["3", "4"]
    assert [e["round"] for e in table(2, rounds=5).view(0)["events"]] == ["3", "4", "5"]
    assert [e["round"] for e in table(2).view(0)["events"]] == ["3", "4", "5", "6", "7", "8", "9a", "9b"]


def test_a_leader_card_says_when_each_effect_applies_in_the_glossary_s_words() -> None:
    """'instant: … ; cemetery: …' read as jargon; the card says it as the glossary tip does."""
    s = table(2)
    c = s.content
    homer = next(i for i, ld in enumerate(c.leaders) if ld.id == "homer")
    s.market_l = [homer]
    card = s.view(0)["market"]["leaders"][0]
    assert card["bonus"] == "on recruiting: 1 Sage; in the Cemetery: +1 Cultural Research in Phase D", card
    alive = next(i for i, ld in enumerate(c.leaders)
                 if repeat_text(ld.alive) and ld.instant.is_empty() and not repeat_text(ld.cemetery))
    s.market_l = [alive]
    assert s.view(0)["market"]["leaders"][0]["bonus"] == f"while alive: {repeat_text(c.leaders[alive].alive)}"
