"""The narration of the big moments (``view["moments"]``): a Battle with each line's result
(EX-5's numbers), a Challenge with who got what (EX-4), claims settled, round ends and the final
score — public, newest last, in plain words."""

from __future__ import annotations

import random

from pathciv_helpers import at_phase, seat_of, table

from civtable.core import CHANCE, sample_chance
from civtable.games.pathciv.state import P_EVENT
from civtable.games.pathciv.view import destiny_done


def test_pc_bat_narration_of_ex5_each_line_and_the_threat() -> None:
    """EX-5: Egyptian 8 and Roman 8 share line 1, line 2 skipped, the Threat (5) takes line 3, the
    Mayan (3) gets nothing, the Chinese (0) is not ranked."""
    s = table(4, battles=("fall_of_troy",))  # External Threat Power 5, 3 lines
    roman, egyptian, mayan, chinese = (seat_of(s, x) for x in ("roman", "egyptian", "mayan", "chinese"))
    for seat, legacy, units in ((egyptian, 4, 2), (roman, 2, 3), (mayan, 1, 1), (chinese, 0, 0)):
        s.players[seat].legacy, s.players[seat].trays = legacy, [0, 0, 0, 0, units]
    s.round = 4
    at_phase(s, P_EVENT)
    battle = next(m for m in s.view(mayan)["moments"] if "Battle" in m["title"])
    assert battle["title"] == "Battle: Fall of Troy (External Threat Power 5)" and battle["round"] == 4
    lines = battle["lines"]
    assert lines[0].startswith(f"Player {roman + 1} (Roman), Power 8: line 1,") or lines[0].startswith(
        f"Player {egyptian + 1} (Egyptian), Power 8: line 1,")
    assert sum("Power 8: line 1, 1 Military Legacy, 4 VP." in x for x in lines) == 2
    assert "External Threat, Power 5: takes line 3: nobody gets it." in lines
    assert f"Player {mayan + 1} (Mayan), Power 3: nothing (below the reward lines)." in lines
    assert f"Player {chinese + 1} (Chinese), Power 0: no reward line (Power 1 needed)." in lines


def test_pc_chal_narration_of_ex4_who_got_what() -> None:
    s = table(3, challenges=("pottery_kilns",))
    roman, mayan = seat_of(s, "roman"), seat_of(s, "mayan")
    for p in s.players:
        p.hand, p.left, p.right, p.discovered, p.discards = [], [], [], [], []
        p.trays = [0, 0, 0, 0, 0]
    c = s.content
    s.players[roman].discards = [c.tech_index[x] for x in ("fire", "agriculture", "metallurgy", "coal")]
    s.players[roman].trays = [2, 0, 0, 3, 0]
    s.players[mayan].discards = [c.tech_index[x] for x in ("fire", "agriculture", "coal")]
    s.players[mayan].trays = [1, 0, 0, 2, 0]
    s.round = 3
    at_phase(s, P_EVENT)
    s.apply("destiny 1", roman)
    s.apply("destiny 0", mayan)
    ch = next(m for m in s.view(None)["moments"] if "Challenge" in m["title"])
    assert ch["title"] == "Challenge: Pottery Kilns (Industrial)" and ch["round"] == 3
    assert ch["lines"][0] == f"Destiny: Player {roman + 1} (Roman) turns 1 Ambassador into 1 Builder."
    assert (f"Player {roman + 1} (Roman): 4 Industrial cards + 3 Sages = 7 History points: 7 VP and 2 Ambassadors."
            in ch["lines"])
    assert (f"Player {mayan + 1} (Mayan): 3 Industrial cards + 2 Sages = 5 History points: 5 VP and 1 Ambassador."
            in ch["lines"])


def test_an_automatic_destiny_says_what_each_player_gained() -> None:
    """A Destiny everyone takes without choosing ("1 VP for every 4 Technologies") names the VP
    gained and why, not only "uses it 2 times", which left a newcomer guessing what happened."""
    s = table(2, civs=("roman", "egyptian"), challenges=("bronze_casting",))
    c = s.content
    for p in s.players:
        p.hand, p.left, p.right, p.discards = [], [], [], []
        p.trays = [0, 0, 0, 0, 0]
    s.players[seat_of(s, "roman")].discovered = [c.tech_index[x] for x in ("fire", "tools", "rituals", "hunting",
                                                          "tribe", "agriculture", "writing", "mathematics")]
    s.players[seat_of(s, "egyptian")].discovered = [c.tech_index[x] for x in ("fire", "tools", "rituals")]
    s.round = 3
    at_phase(s, P_EVENT)
    ch = next(m for m in s.view(None)["moments"] if "Challenge" in m["title"])
    roman = seat_of(s, "roman")
    assert ch["lines"][0] == f"Destiny: Player {roman + 1} (Roman) gains 2 VP (1 VP for every 4 Technologies)."
    assert sum(x.startswith("Destiny:") for x in ch["lines"]) == 1  # 3 Technologies: nothing for the other


def test_moments_of_a_whole_game_are_public_recent_and_end_with_the_final_score() -> None:
    s = table(3)
    rng = random.Random(4)
    seen_round_end = False
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        seat = rng.choice(s.decision().players)
        s.apply(rng.choice(s.legal_actions(seat)), seat)
        views = [s.view(v)["moments"] for v in (None, 0, 1, 2)]
        assert all(v == views[0] for v in views)  # the same for everyone: nothing secret in them
        seen_round_end |= any(m["title"] == "Scores at the end of the round" for m in views[0])
    story = s.view(0)["moments"]
    assert seen_round_end and len(story) <= 16
    final = story[-1]
    assert final["title"] == "Final score" and "wins" in " ".join(final["lines"])
    # round 9's Challenge and Battle, what each gave, then each player's final score
    assert [x.split(":")[0] for x in final["lines"][:2]] == ["Challenge", "Battle"], final["lines"]
    assert len(final["lines"]) == 5 and all(x.startswith("Player ") for x in final["lines"][2:])
    assert all(isinstance(m["round"], int) and m["lines"] and all(isinstance(x, str) for x in m["lines"]) for m in story)


def test_the_projects_revealed_say_what_every_player_played_on_each_side() -> None:
    """Phase A is simultaneous and secret: once every Project is turned up, the story says what each
    player (the bots too) placed on the left (cubes) and on the right (Research)."""
    s = table(2)
    roman, egyptian = seat_of(s, "roman"), seat_of(s, "egyptian")
    for a in ("left fire", "left tools", "right rituals", "right tribe"):
        s.apply(a, roman)
    assert not any(m["title"] == "Projects revealed" for m in s.view(roman)["moments"])  # secret until all have placed
    for a in ("left hunting", "left tribe", "right fire", "right tools"):
        s.apply(a, egyptian)
    shown = next(m for m in s.view(roman)["moments"] if m["title"] == "Projects revealed")
    # told from the open boards, not kept in the state: recorded games keep their hash
    assert [m["kind"] for m in s.to_json()["moments"]] == [m["kind"] for m in s.moments] and s.moments == []
    assert shown["round"] == 1
    assert shown["lines"][roman] == (f"Player {roman + 1} (Roman): left Fire and Tools (2 Builders, 1 Philosopher, "
                                     "1 Sage); right Rituals and Tribe (2 Cultural, 2 Spiritual Research).")
    assert shown["lines"][egyptian] == (f"Player {egyptian + 1} (Egyptian): left Hunting and Tribe (1 Ambassador, "
                                        "1 Builder, 1 Sage, 1 Unit); right Fire and Tools (1 Scientific, 1 Military, "
                                        "2 Industrial Research).")


def test_a_chosen_trade_destiny_says_what_was_paid_and_gained() -> None:
    s = table(2)
    trades = [ch.destiny for ch in s.content.challenges if ch.destiny.kind == "trade"]
    sages = next(d for d in trades if d.pay[3] == 1 and d.gain.vp == 1)  # 1 Sage for 1 VP
    assert destiny_done(sages, 1) == "pays 1 Sage for 1 VP"
    assert destiny_done(sages, 3) == "pays 3 Sages for 3 VP"


def test_a_challenge_waiting_for_destiny_choices_says_so_and_offers_uses_in_words() -> None:
    """While the players choose how to use a Destiny, the Challenge's moment is not an empty
    heading, and the event line gives each number of uses in words for the buttons."""
    s = table(2, civs=("roman", "egyptian"), challenges=("pottery_kilns",))
    for p in s.players:
        p.trays = [2, 0, 0, 0, 0]
    s.round = 3
    at_phase(s, P_EVENT)
    view = s.view(0)
    ch = next(m for m in view["moments"] if "Challenge" in m["title"])
    assert ch["lines"] == ["The players decide on the Destiny; History points are counted next."]
    event = next(e for e in view["events"] if e["round"] == "3")
    assert event["uses"] == ["Turn 1 Ambassador into 1 Builder", "Turn 2 Ambassadors into 2 Builders"]
    s.apply("destiny 2", 0)
    s.apply("destiny 0", 1)
    ch = next(m for m in s.view(None)["moments"] if "Challenge" in m["title"])
    assert "The players decide on the Destiny; History points are counted next." not in ch["lines"]


def test_a_resolved_event_says_on_its_card_and_before_the_round_s_scores_what_it_gave_each_player() -> None:
    """After the round, the Challenge's card tells each player's result (it was greyed with no
    outcome) and the round's scores begin with it (it was only under "Earlier")."""
    s = table(2, challenges=("pottery_kilns",), battles=("fall_of_troy",))
    roman, egyptian = seat_of(s, "roman"), seat_of(s, "egyptian")
    c = s.content
    for p in s.players:
        p.hand, p.left, p.right, p.discovered, p.discards = [], [], [], [], []
        p.trays = [0, 0, 0, 0, 0]
    s.players[roman].discards = [c.tech_index[x] for x in ("fire", "agriculture", "metallurgy", "coal")]
    s.players[roman].trays = [0, 0, 0, 3, 0]
    s.players[egyptian].discards = [c.tech_index[x] for x in ("fire", "agriculture")]
    s.round = 3
    at_phase(s, P_EVENT)
    while any(a.startswith("destiny ") for seat in s.decision().players if seat >= 0 for a in s.legal_actions(seat)):
        s.apply("destiny 0", s.decision().players[0])  # nobody uses the Destiny
    view = s.view(None)
    card = next(e for e in view["events"] if e["round"] == "3")
    assert card["result"] == [{"seat": roman + 1, "text": "7 VP and 2 Ambassadors"},
                              {"seat": egyptian + 1, "text": "2 VP"}][:: 1 if roman == 0 else -1]
    assert all("result" not in e for e in view["events"] if e["round"] != "3")  # later events are still to come
    scores = next(m for m in view["moments"] if m["title"] == "Scores at the end of the round" and m["round"] == 3)
    first = f"Player {roman + 1} (Roman) 7 VP and 2 Ambassadors"
    second = f"Player {egyptian + 1} (Egyptian) 2 VP"
    one, two = (first, second) if roman == 0 else (second, first)
    assert scores["lines"][0] == f"Challenge: Pottery Kilns — {one}; {two}."
    assert scores["lines"][1:] and all(" VP so far" in x for x in scores["lines"][1:])


def test_a_battle_s_card_says_which_line_each_player_took() -> None:
    s = table(2, battles=("fall_of_troy",))  # External Threat Power 5, 3 lines
    roman, egyptian = seat_of(s, "roman"), seat_of(s, "egyptian")
    s.players[roman].legacy, s.players[roman].trays = 4, [0, 0, 0, 0, 2]
    s.players[egyptian].legacy, s.players[egyptian].trays = 0, [0, 0, 0, 0, 0]
    s.round = 4
    at_phase(s, P_EVENT)
    card = next(e for e in s.view(roman)["events"] if e["round"] == "4")
    got = {r["seat"]: r["text"] for r in card["result"]}
    assert got == {roman + 1: "line 1: 1 Military Legacy, 4 VP", egyptian + 1: "nothing"}
