"""Rules of the checklist (``PC-...`` ids in the names and docstrings) that the other test files
do not check: the numbers come from the rulebook and the content pack."""

from __future__ import annotations

import random
from collections import Counter
from math import comb, factorial

import pytest
from pathciv_helpers import at_phase, game, ids, resolve, seat_of, table

from civtable.core import CHANCE, Action, OptionError, make_game, sample_chance
from civtable.games.pathciv import state as state_module
from civtable.games.pathciv.content import (
    BATTLES,
    CHALLENGES,
    LEADERS,
    PHILOSOPHY,
    TYPES,
    WONDERS,
    Effect,
    check_content,
    load_content,
)
from civtable.games.pathciv.frames import DrawBattle, DrawChallenge, OpenClaims
from civtable.games.pathciv.phases import research_offered, run_deploy, run_research
from civtable.games.pathciv.player import Player, gain
from civtable.games.pathciv.state import (
    P_EVENT,
    P_LEADERS,
    P_PHIL,
    P_PURCHASE,
    P_START,
    P_WONDERS,
    PathState,
)
from civtable.games.pathciv.vocab import BATTLE_ROUNDS, CHALLENGE_ROUNDS

# ----- helpers -----------------------------------------------------------------------------------


def random_game(players: int, seed: int) -> PathState:
    """A whole game from before setup, every choice and draw at random."""
    s = game(players).new_initial_state()
    assert isinstance(s, PathState)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            seat = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(seat)), seat)
    return s


def no_destiny(s: PathState) -> None:
    """Every seat asked about an optional Destiny uses it 0 times."""
    while not s.finished and s.decision().kind == "destiny":
        for seat in s.decision().players:
            s.apply("destiny 0", seat)


def empty(s: PathState) -> None:
    """No cards, cubes, VP or Research for anybody."""
    for p in s.players:
        p.hand, p.left, p.right, p.discovered, p.discards = [], [], [], [], []
        p.trays, p.vp, p.research = [0] * 5, 0, [0] * 5


# ----- General (PC-GEN) --------------------------------------------------------------------------


def test_pc_gen_1_two_to_five_players() -> None:
    """PC-GEN-1: 2 to 5 players; 1 and 6 are refused."""
    for n in (2, 3, 4, 5):
        assert len(game(n).new_initial_state().players) == n
    for n in (1, 6):
        with pytest.raises(OptionError):
            make_game("pathciv", {"players": n})
    info = make_game("pathciv").info
    assert (info.min_players, info.max_players) == (2, 5)


def test_pc_gen_2_pc_round_1_pc_end_1_nine_rounds_of_phases_a_to_f_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """PC-GEN-2, PC-ROUND-1, PC-END-1: setup, then 9 rounds, each running new round, A Project,
    B Deployment, C (Philosophy, Wonders, Leaders), D Research, E Purchase, F Event, end of
    round — in that order; the round marker moves on by 1 each round; the game ends after 9."""
    done: list[tuple[int, str]] = []

    def recording(run):  # type: ignore[no-untyped-def]
        def wrapped(st: PathState) -> bool:
            rnd = st.round  # the round the phase belongs to (setup: 0)
            finished = run(st)
            if finished:
                done.append((rnd, run.__name__))
            return finished
        return wrapped

    monkeypatch.setattr(state_module, "_PHASES", tuple(recording(run) for run in state_module._PHASES))
    s = random_game(2, 11)
    one_round = ["run_round_start", "run_project", "run_reveal", "run_deploy", "run_philosophy", "run_wonders",
                 "run_leaders", "run_research", "run_purchase", "run_events", "run_round_end"]
    assert done[0] == (0, "run_setup")
    assert done[1:] == [(r, name) for r in range(1, 10) for name in one_round]
    assert s.finished and s.round == 9


def test_pc_gen_3_every_phase_is_played_by_all_players_at_once() -> None:
    """PC-GEN-3: the Project is asked of every seat at once and the game moves on only when the
    last seat has answered; the same for an over-cap Deployment."""
    s = table(3)
    assert s.decision().kind == "project" and s.decision().players == (0, 1, 2)
    for seat, waiting in ((2, (0, 1)), (0, (1,))):  # any order; the others are still asked
        for a in ("left fire", "left tools", "right rituals", "right hunting"):
            s.apply(a, seat)
        assert s.decision().kind == "project" and s.decision().players == waiting
        assert all(p.left == [] for p in s.players)  # nothing revealed yet
    for a in ("left fire", "left tools", "right rituals", "right hunting"):
        s.apply(a, 1)
    assert s.decision().kind != "project" and all(len(p.left) == 2 for p in s.players)
    # an over-cap Deployment asks both seats at once
    s = table(2)
    for p in s.players:
        p.left, p.trays, p.leader = ids(s, "fire", "tools"), [0] * 5, s.content.leader_index["cleopatra"]
    at_phase(s, 4)  # B Deployment: 4 squares + Cleopatra's 1 Ambassador > population 4
    assert s.decision().kind == "deploy" and s.decision().players == (0, 1)


def test_pc_gen_8_vp_without_a_bolt_count_at_the_end_not_as_tokens() -> None:
    """PC-GEN-8, PC-WON-3: a Wonder's and a Technology's VP are counted at the end (score lines E
    and A), not paid as tokens; a Challenge's History VP are paid at once as tokens."""
    s = table(2, challenges=("invention_of_paper",))
    c = s.content
    p = s.players[0]
    s.players[1].trays = [0] * 5
    p.trays, p.vp = [0, 2, 0, 0, 0], 0
    s.market_w = [c.wonder_index["hanging_gardens"]]  # cost 2, 2 VP, +1 Ambassador
    at_phase(s, P_WONDERS)
    s.apply("claim hanging_gardens", 0)
    s.apply("confirm", 0)
    assert p.wonders == [c.wonder_index["hanging_gardens"]] and p.trays[LEADERS] == 1
    assert p.vp == 0 and p.score(c)["wonders"] == 2
    p.research, p.bought = [0, 0, 0, 9, 0], False
    s.players[1].research = [0] * 5
    at_phase(s, P_PURCHASE)
    s.apply("buy aviation", 0)
    aviation = c.techs[c.tech_index["aviation"]]
    assert aviation.vp > 0 and p.vp == 0 and p.score(c)["technologies"] == aviation.vp
    # History VP (the lightning kind) are tokens at once
    empty(s)
    p.trays[CHALLENGES] = 3
    s.round = 3
    at_phase(s, P_EVENT)
    no_destiny(s)
    assert p.vp == 3 + p.cards_of_type(c, 0)


def test_pc_gen_9_no_limit_on_cubes() -> None:
    """PC-GEN-9: cubes are unlimited: a seat with 30 cubes in a tray still gains more."""
    c = load_content()
    p = Player()
    p.trays = [30, 30, 30, 30, 30]
    gain(c, p, Effect(cubes=(3, 1, 0, 0, 2)))
    assert p.trays == [33, 31, 30, 30, 32]


def test_pc_gen_10_pc_setup_2_cubes_stay_in_trays_until_spent_or_their_event() -> None:
    """PC-GEN-10, PC-SETUP-2 (P-19): cubes stay in their trays from round to round; Sages placed
    in rounds 1-3 all count for the round-3 Challenge (the Challenges tray starts there) and leave
    after it; Units wait for the round-4 Battle (the Battles tray starts there)."""
    s = table(2, challenges=("invention_of_paper",))
    c = s.content
    empty(s)
    p = s.players[0]
    p.trays = [1, 1, 0, 2, 3]  # too few Ambassadors and Builders to buy anything
    s.round = 1
    at_phase(s, P_EVENT)  # round 1: no event, end of round, round 2 begins
    resolve(s)
    assert s.round == 2 and s.decision().kind == "project"
    assert p.trays == [1, 1, 0, 2, 3]
    s.round = 3
    at_phase(s, P_EVENT)
    no_destiny(s)
    assert p.vp == 2 + p.cards_of_type(c, 0)  # the 2 Sages counted for Challenge 3
    assert p.trays == [1, 1, 0, 0, 3]  # Sages gone back, Units still waiting for Battle 4


def test_pc_gen_11_chance_only_deals_the_setup_cards() -> None:
    """PC-GEN-11: no dice: the only chance steps are the deal of the boards, the event line, the
    face-down Leader/Wonder piles turned up and the Benefit tokens turned up (drawn when turned
    up, the same as shuffled at setup); boards and the event line only before round 1."""
    s = game(2).new_initial_state()
    rng = random.Random(5)
    kinds: Counter[tuple[str, bool]] = Counter()
    while not s.is_terminal():
        if s.is_chance_node():
            kinds[(s.decision().kind, s.round >= 1)] += 1
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            seat = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(seat)), seat)
    assert {k for k, _ in kinds} <= {"deal", "challenge", "battle", "reveal", "tokens"}
    assert kinds[("deal", False)] == 1 and kinds[("challenge", False)] == 4 and kinds[("battle", False)] == 4
    assert not any(k in ("deal", "challenge", "battle") for k, later in kinds if later)


# ----- Components (PC-COMP) ----------------------------------------------------------------------


def test_pc_comp_1_to_5_pc_chal_10_card_counts() -> None:
    """PC-COMP-1..5, PC-CHAL-10: 185 Technologies (5 basics + 9/8/8/7 per type), 40 Leaders and
    40 Wonders (3/3/2 per type), 48 Challenges (3 per type in rounds 3, 5, 7, 9a, never
    Military), 24 Battles (6 per round 4, 6, 8, 9b)."""
    c = load_content()
    basics = [t for t in c.techs if t.level == 0]
    assert len(basics) == 5 and all(t.copies == 5 for t in basics)  # 25 basic cards, one set per player
    copies: Counter[tuple[int, int]] = Counter()
    for t in c.techs:
        if t.level:
            copies[(t.type, t.level)] += t.copies
    assert copies == {(ty, lv): n for ty in range(5) for lv, n in ((1, 9), (2, 8), (3, 8), (4, 7))}
    assert 25 + sum(copies.values()) == 185
    for cards in (c.leaders, c.wonders):
        assert Counter((x.type, x.level) for x in cards) == {(ty, lv): n for ty in range(5) for lv, n in ((1, 3), (2, 3), (3, 2))}
    assert len(c.challenges) == 48
    assert Counter((x.round, x.type) for x in c.challenges) == {(r, ty): 3 for r in (3, 5, 7, 9) for ty in (0, 1, 2, 4)}
    assert TYPES[3] == "military" and all(x.type != 3 for x in c.challenges)
    assert len(c.battles) == 24 and Counter(b.round for b in c.battles) == {4: 6, 6: 6, 8: 6, 9: 6}


def test_pc_chal_10_content_check_refuses_a_military_challenge(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """PC-CHAL-10: the content check names a Military Challenge."""
    from civtable.games.pathciv.content import BUILTIN_PATH

    text = BUILTIN_PATH.read_text(encoding="utf-8")
    old = 'name = "Invention of Paper"\nround = 3\ntype = "cultural"'
    assert old in text
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, old.replace("cultural", "military"), 1), encoding="utf-8")
    assert any("Challenges are never Military" in x for x in check_content(path))


def test_pc_comp_6_pc_setup_1_pc_setup_7_event_line_by_round_and_public() -> None:
    """PC-COMP-6, PC-SETUP-1, PC-SETUP-7: no event card on stands 1 and 2; Challenges on 3, 5, 7,
    9a and Battles on 4, 6, 8, 9b, each of its stand's round; 9a and 9b are both round 9; the
    whole line is face up, the same in every seat's view."""
    assert CHALLENGE_ROUNDS == (3, 5, 7, 9) and BATTLE_ROUNDS == (4, 6, 8, 9)
    s = table(3)
    c = s.content
    assert [c.challenges[i].round for i in s.challenges] == [3, 5, 7, 9]
    assert [c.battles[i].round for i in s.battles] == [4, 6, 8, 9]
    line = s.view(0)["events"]
    assert [(e["round"], e["kind"]) for e in line] == [
        ("3", "challenge"), ("4", "battle"), ("5", "challenge"), ("6", "battle"), ("7", "challenge"),
        ("8", "battle"), ("9a", "challenge"), ("9b", "battle")]
    assert [e["name"] for e in line[::2]] == [c.challenges[i].name for i in s.challenges]
    assert all(s.view(v)["events"] == line for v in (1, 2, None))


def test_pc_comp_7_ten_benefit_tokens_and_a_market_card_per_player_count() -> None:
    """PC-COMP-7: 10 Benefit tokens (2 for each Philosophy level 1-5); a Market card for 2, 3, 4
    and 5 players, each giving a pile (level, number) for each of the 9 rounds."""
    c = load_content()
    assert len(c.benefits) == 10 and c.phil_top == 5
    assert sorted(c.markets) == [2, 3, 4, 5]
    for m in c.markets.values():
        assert len(m.wonders) == 9 and len(m.leaders) == 9


def test_pc_comp_8_pc_player_2_pc_player_7_pc_player_8_pieces_and_start_bonus() -> None:
    """PC-COMP-8, PC-PLAYER-2/7/8: each player has a Population, a Philosophy and a Military
    Legacy pawn, 5 Research cylinders at 0 and empty trays, then receives their board's start
    bonus (one Builder on every provisional board) and nothing else."""
    fresh = Player()
    assert (fresh.pop, fresh.phil, fresh.legacy) == (0, 0, 0)
    assert fresh.research == [0] * 5 and fresh.trays == [0] * 5 and fresh.vp == 0
    s = table(5)
    c = s.content
    for p in s.players:
        start = c.civs[p.civ].start
        assert start.cubes == (0, 1, 0, 0, 0)
        assert p.trays == list(start.cubes) and p.research == [0] * 5 and p.vp == 0
        assert len(p.research) == 5


# ----- Setup (PC-SETUP, PC-PLAYER) -----------------------------------------------------------------


def test_pc_setup_4_pc_setup_6_each_stand_draws_uniformly_among_its_rounds_cards() -> None:
    """PC-SETUP-4, PC-SETUP-6: the first Challenge stand (round 3) draws among the 12 round-3
    Challenges; each Battle stand draws among the 6 Battles of its round, all equally likely."""
    s = game(3).new_initial_state()
    c = s.content
    s.apply(Action("deal", ("roman", "egyptian", "mayan")), CHANCE)
    assert isinstance(s.stack[-1], DrawChallenge)
    first = s.chance_outcomes()
    assert len(first) == 12 and {p for _, p in first} == {1 / 12}
    assert {x.round for x in c.challenges if x.id in {a.args[0] for a, _ in first}} == {3}
    while isinstance(s.stack[-1], DrawChallenge):
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    for rnd in BATTLE_ROUNDS:
        assert isinstance(s.stack[-1], DrawBattle)
        out = s.chance_outcomes()
        assert len(out) == 6 and {p for _, p in out} == {1 / 6}
        assert {b.round for b in c.battles if b.id in {a.args[0] for a, _ in out}} == {rnd}
        s.apply(out[-1][0], CHANCE)


@pytest.mark.parametrize("players", [2, 5])
def test_pc_setup_3_pc_setup_8_piles_follow_the_market_card_of_the_player_count(players: int) -> None:
    """PC-SETUP-3, PC-SETUP-8, PC-ROUND-2: each round turns up the Wonders and Leaders of the
    level and number its Market card (for this player count) gives."""
    s = table(players)
    c = s.content
    market = c.markets[players]
    empty(s)
    for rnd in range(1, 10):
        if rnd > 1:
            before_w, before_l = len(s.market_w), len(s.market_l)
            s.round = rnd
            at_phase(s, P_START)
            resolve(s)
        else:
            before_w = before_l = 0
        new_w, new_l = s.market_w[before_w:], s.market_l[before_l:]
        (lw, kw), (ll, kl) = market.wonders[rnd - 1], market.leaders[rnd - 1]
        assert len(new_w) == kw and all(c.wonders[i].level == lw for i in new_w), rnd
        assert len(new_l) == kl and all(c.leaders[i].level == ll for i in new_l), rnd


def test_pc_setup_11_library_one_box_per_type_and_level() -> None:
    """PC-SETUP-11 (P-13): the library holds, for Cultural, Scientific, Spiritual, Military and
    Industrial in that order, one box per level of identical cards: 9, 8, 8 and 7 of them; each
    box's purchase bonus is its card's."""
    assert TYPES == ("cultural", "scientific", "spiritual", "military", "industrial")
    s = table(2)
    c = s.content
    boxes = [(t.type, t.level, s.supply[i]) for i, t in enumerate(c.techs) if t.level > 0]
    assert sorted(boxes) == [(ty, lv, n) for ty in range(5) for lv, n in ((1, 9), (2, 8), (3, 8), (4, 7))]
    assert all(s.supply[i] == 0 for i, t in enumerate(c.techs) if t.level == 0)  # basics are not sold


def test_pc_setup_12_benefit_tokens_face_down_until_their_level_is_reached() -> None:
    """PC-SETUP-12: the 10 Benefit tokens lie face down: none is known at the start; reaching
    level 1 turns up 2 of the 10 (any pair equally likely), level 2 then 2 of the 8 left."""
    s = table(2)
    assert all(t == [] for t in s.tokens) and all(f == [] for f in s.faceup)
    for level in (1, 2):
        for p in s.players:
            p.trays = [0] * 5
        p = s.players[0]
        p.phil, p.trays = level - 1, [0, 0, s.content.phil_costs[level - 1], 0, 0]
        at_phase(s, P_PHIL)
        out = s.chance_outcomes()
        assert s.decision().kind == "tokens" and len(out) == comb(10 - 2 * (level - 1), 2)
        assert len({p for _, p in out}) == 1
        s.apply(out[0][0], CHANCE)
        s.apply(s.legal_actions(0)[0], 0)
        assert len(s.tokens[level]) == 2 and len(s.faceup[level]) == 1
        s.stack = []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pc_player_1_boards_one_to_n_dealt_at_random(players: int) -> None:
    """PC-PLAYER-1: with n players, boards 1..n are dealt, every order equally likely."""
    s = game(players).new_initial_state()
    c = s.content
    out = s.chance_outcomes()
    assert len(out) == factorial(players)
    number = {x.id: x.number for x in c.civs}
    assert {frozenset(number[str(b)] for b in a.args) for a, _ in out} == {frozenset(range(1, players + 1))}


# ----- Round start, Phases B, C, D ---------------------------------------------------------------


def test_pc_round_4_hand_is_the_four_played_cards_and_the_discovery() -> None:
    """PC-ROUND-4, PC-A-2: the next round's hand is the 4 cards played plus the one bought
    (here Aviation); the discarded card is never used again."""
    s = table(2)
    p = s.players[0]
    p.hand = []
    p.left, p.right = ids(s, "fire", "tools"), ids(s, "rituals", "hunting")
    p.discovered, p.discards = ids(s, "aviation"), ids(s, "tribe")
    s.round = 2
    at_phase(s, P_START)
    resolve(s)
    assert sorted(p.hand) == sorted(ids(s, "fire", "tools", "rituals", "hunting", "aviation"))
    assert p.left == p.right == p.discovered == [] and p.discards == ids(s, "tribe")


def test_pc_b_1_pc_d_1_left_squares_give_cubes_right_circles_give_research() -> None:
    """PC-B-1, PC-D-1, PC-A-1, PC-BOARD-1: in Phase B each square on the left side of the 2 left
    cards puts 1 cube in its tray (Fire: Builder + Philosopher, Tools: Builder + Sage); in Phase D
    each circle on the right side of the 2 right cards gives 1 point (Rituals: Cultural +
    Spiritual, Hunting: Scientific + Military); the other side of each card gives nothing. The
    population 4 caps each phase on its own: 4 cubes, then 4 points more."""
    s = table(2)
    empty(s)
    p = s.players[0]
    p.left, p.right = ids(s, "fire", "tools"), ids(s, "rituals", "hunting")
    s.stage = 0
    assert run_deploy(s)
    assert p.trays == [0, 2, 1, 1, 0]
    assert p.research == [0] * 5
    s.stage = 0
    assert run_research(s)
    assert p.research == [1, 1, 1, 1, 0]
    assert p.trays == [0, 2, 1, 1, 0]


def test_pc_d_4_population_caps_points_per_round_not_the_track_level() -> None:
    """PC-D-4: population 4 caps the points gained in one Phase D, not how high a track goes:
    Military 6 + 1 reaches 7."""
    s = table(2)
    empty(s)
    p = s.players[0]
    assert p.population(s.content) == 4
    p.right = ids(s, "tools", "hunting")  # Scientific 2, Military 1, Industrial 1
    p.research = [0, 0, 0, 6, 0]
    s.stage = 0
    assert run_research(s)
    assert p.research == [0, 2, 0, 7, 1]


def test_pc_c_1_philosophy_then_wonders_then_leaders() -> None:
    """PC-C-1: the three steps run in order, each finished by everyone before the next: the
    Ambassador Benefit of Philosophy level 1 and the Ambassador of the Hanging Gardens make
    Cleopatra (2 Ambassadors) affordable in the Leaders step of the same round."""
    s = table(2)
    c = s.content
    empty(s)
    p = s.players[0]
    p.trays = [0, 2, 1, 0, 0]  # 2 Builders, 1 Philosopher, no Ambassador
    s.market_w = [c.wonder_index["hanging_gardens"]]  # cost 2, +1 Ambassador
    s.market_l = [c.leader_index["cleopatra"]]  # cost 2
    at_phase(s, P_PHIL)
    s.apply(Action("tokens", ("ambassador", "glory")), CHANCE)
    assert s.decision().kind == "first"
    s.apply("benefit ambassador", 0)
    assert p.phil == 1 and p.trays[LEADERS] == 1
    f = s.stack[-1]
    assert isinstance(f, OpenClaims) and f.kind == "wonder" and s.decision().players == (0,)
    s.apply("claim hanging_gardens", 0)
    s.apply("confirm", 0)
    f = s.stack[-1]
    assert isinstance(f, OpenClaims) and f.kind == "leader" and p.trays[LEADERS] == 2
    s.apply("claim cleopatra", 0)
    s.apply("confirm", 0)
    assert p.leader == c.leader_index["cleopatra"] and p.trays[LEADERS] == 0


def test_pc_won_1_pc_lead_1_one_wonder_and_one_leader_per_round() -> None:
    """PC-WON-1, PC-LEAD-1: with cubes for several cards a player still gets one Wonder and one
    Leader in a round; claiming a second card moves the cubes, it does not add a claim."""
    s = table(2)
    c = s.content
    empty(s)
    p = s.players[0]
    p.trays = [9, 9, 0, 0, 0]
    s.market_w = [c.wonder_index["hanging_gardens"], c.wonder_index["parthenon"]]
    s.market_l = [c.leader_index["cleopatra"], c.leader_index["homer"]]
    at_phase(s, P_WONDERS)
    s.apply("claim hanging_gardens", 0)
    s.apply("claim parthenon", 0)
    s.apply("confirm", 0)
    assert p.wonders == [c.wonder_index["parthenon"]] and s.market_w == [c.wonder_index["hanging_gardens"]]
    assert isinstance(s.stack[-1], OpenClaims) and s.stack[-1].kind == "leader"
    s.apply("claim homer", 0)
    s.apply("confirm", 0)
    assert p.leader == c.leader_index["homer"] and p.cemetery == [] and s.market_l == [c.leader_index["cleopatra"]]
    assert p.trays[WONDERS] == 9 - c.wonders[c.wonder_index["parthenon"]].cost
    assert p.trays[LEADERS] == 9 - c.leaders[c.leader_index["homer"]].cost


def test_pc_won_2_contested_wonder_goes_to_the_higher_priority() -> None:
    """PC-WON-2, PC-PRIO-1: the Roman (Cultural 1st) and the Egyptian (Cultural 4th) claim the
    Hanging Gardens (Cultural): the Roman gets it, the Egyptian keeps their Builders."""
    s = table(2)
    c = s.content
    empty(s)
    roman, egyptian = seat_of(s, "roman"), seat_of(s, "egyptian")
    for seat in (roman, egyptian):
        s.players[seat].trays = [0, 2, 0, 0, 0]
    s.market_w = [c.wonder_index["hanging_gardens"]]
    at_phase(s, P_WONDERS)
    s.apply("claim hanging_gardens", egyptian)
    s.apply("claim hanging_gardens", roman)
    s.apply("confirm", egyptian)
    s.apply("confirm", roman)
    assert s.decision().players == (egyptian,)  # outranked: move or withdraw
    s.apply("withdraw", egyptian)
    s.apply("confirm", egyptian)
    assert s.players[roman].wonders == [c.wonder_index["hanging_gardens"]] and s.players[roman].trays[WONDERS] == 0
    assert s.players[egyptian].wonders == [] and s.players[egyptian].trays[WONDERS] == 2


def test_pc_won_4_no_limit_on_wonders_owned() -> None:
    """PC-WON-4: a player owning 6 Wonders builds a seventh."""
    s = table(2)
    c = s.content
    empty(s)
    p = s.players[0]
    p.wonders = [c.wonder_index[x] for x in ("parthenon", "terracotta_army", "louvre", "sydney_opera_house")] + [
        i for i, w in enumerate(c.wonders) if w.type == 1][:2]
    p.trays = [0, 2, 0, 0, 0]
    s.market_w = [c.wonder_index["hanging_gardens"]]
    at_phase(s, P_WONDERS)
    s.apply("claim hanging_gardens", 0)
    s.apply("confirm", 0)
    assert len(p.wonders) == 7 and p.wonders[-1] == c.wonder_index["hanging_gardens"]


def test_pc_lead_4_instant_alive_cemetery_and_end_of_game_effects() -> None:
    """PC-LEAD-4: Murasaki Shikibu (alive: +1 Cultural point in Phase D; end: 1 VP per 2 Cultural
    cards) then Homer (instant: +1 Sage; cemetery: +1 Cultural point). Alive effects stop when the
    Leader dies, end-of-game VP still count from the Cemetery, the instant effect comes once."""
    s = table(2)
    c = s.content
    empty(s)
    p = s.players[0]
    p.hand = ids(s, "tribe")  # one Cultural Technology
    p.trays = [3, 0, 0, 0, 0]
    s.market_l = [c.leader_index["murasaki_shikibu"]]  # cost 3
    at_phase(s, P_LEADERS)
    s.apply("claim murasaki_shikibu", 0)
    s.apply("confirm", 0)
    assert p.leader == c.leader_index["murasaki_shikibu"] and p.trays[CHALLENGES] == 0
    assert p.research[0] == 1  # alive: her Cultural point in Phase D this round
    assert research_offered(s, p) == [1, 0, 0, 0, 0]
    s.stack, s.round = [], 1
    p.hand, p.trays = ids(s, "tribe"), [2, 0, 0, 0, 0]
    s.market_l = [c.leader_index["homer"]]  # cost 2
    at_phase(s, P_LEADERS)
    s.apply("claim homer", 0)
    s.apply("confirm", 0)
    assert p.leader == c.leader_index["homer"] and p.cemetery == [c.leader_index["murasaki_shikibu"]]
    assert p.trays[CHALLENGES] == 1  # instant
    assert p.research[0] == 1  # her alive effect stopped; Homer's Cemetery effect is not active yet
    assert research_offered(s, p) == [0] * 5
    # end of game: Murasaki 1 + Homer 2 + (Tribe, Murasaki, Homer = 3 Cultural cards) // 2 = 4
    assert p.cards_of_type(c, 0) == 3 and p.score(c)["leaders"] == 1 + 2 + 1


# ----- Phase F and the end -------------------------------------------------------------------------


def test_pc_f_1_events_by_round_and_round_9_challenge_then_battle() -> None:
    """PC-F-1, PC-CHAL-7, PC-BAT-8: rounds 1-2 have no event, 3/5/7 a Challenge, 4/6/8 a Battle,
    round 9 the Challenge 9a then the Battle 9b; in round 9 too the Sages and Units go back."""
    s = table(2)
    events: dict[int, list[str]] = {}
    for rnd in range(1, 10):
        s.round = rnd
        if rnd == 9:
            for p in s.players:
                p.trays = [0, 0, 0, 2, 2]
        at_phase(s, P_EVENT)
        no_destiny(s)
        events[rnd] = [m["kind"] for m in s.moments if m["round"] == rnd and m["kind"] in ("challenge", "battle")]
    assert events == {1: [], 2: [], 3: ["challenge"], 4: ["battle"], 5: ["challenge"], 6: ["battle"],
                      7: ["challenge"], 8: ["battle"], 9: ["challenge", "battle"]}
    assert s.finished
    assert all(p.trays[CHALLENGES] == 0 and p.trays[BATTLES] == 0 for p in s.players)


def test_pc_chal_4_history_counts_every_kind_of_card_of_the_type() -> None:
    """PC-CHAL-4, PC-A-2: History points of a Cultural Challenge = the living Leader (Cleopatra),
    the Cemetery Leader (Homer), the Wonder (Hanging Gardens), the Technologies on the board
    (Tribe, Writing), on the Discovery space (Theatre) and discarded (Printing) — 7 cards — plus
    2 Sages; the Scientific Tools does not count."""
    s = table(2, challenges=("invention_of_paper",))
    c = s.content
    empty(s)
    p = s.players[0]
    p.leader, p.cemetery = c.leader_index["cleopatra"], [c.leader_index["homer"]]
    p.wonders = [c.wonder_index["hanging_gardens"]]
    p.left, p.right = ids(s, "tribe", "tools"), ids(s, "writing")
    p.discovered, p.discards = ids(s, "theatre"), ids(s, "printing")
    p.trays[CHALLENGES] = 2
    s.round = 3
    at_phase(s, P_EVENT)
    no_destiny(s)
    ch = next(m for m in s.moments if m["kind"] == "challenge" and m["round"] == 3)
    assert ch["history"][0][:3] == [0, 7, 2]
    assert p.vp == 9


def test_pc_end_2_final_score_adds_lines_a_to_g() -> None:
    """PC-END-2, PC-A-2: A Technologies incl. discovered and discarded (Illumination 5 + Printing
    3 + Theatre 2 = 10), B Philosophy level 3 (6), C population 8 on the Roman board (4), D
    Homer 2 + Murasaki Shikibu in the Cemetery 1 + 6 Cultural cards // 2 = 6, E Louvre 6 + 1 per
    Leader = 8, F 7 tokens, G (3 + 2 + 2) // 2 = 3: 44."""
    s = table(2)
    c = s.content
    empty(s)
    p = s.players[seat_of(s, "roman")]
    p.left, p.discovered, p.discards = ids(s, "illumination"), ids(s, "printing"), ids(s, "theatre")
    p.phil, p.pop, p.vp = 3, 4, 7
    assert p.population(c) == 8
    p.leader, p.cemetery = c.leader_index["homer"], [c.leader_index["murasaki_shikibu"]]
    p.wonders = [c.wonder_index["louvre"]]
    p.trays = [3, 2, 2, 5, 5]
    assert p.cards_of_type(c, 0) == 6
    assert p.score(c) == {"technologies": 10, "philosophy": 6, "population": 4, "leaders": 6, "wonders": 8,
                          "tokens": 7, "cubes": 3, "score": 44}
    s.finished = True
    assert s.result().scores[seat_of(s, "roman")]["score"] == 44


def test_pc_phil_3_pc_gen_7_paid_philosophers_leave_the_tray() -> None:
    """PC-PHIL-3, PC-GEN-7: going from level 1 to 2 costs 2 Philosophers, taken out of the tray
    (back to the reserve); the third stays."""
    s = table(2)
    empty(s)
    p = s.players[0]
    s.tokens[2], s.faceup[2] = [0, 1], [0]
    p.phil, p.trays = 1, [0, 0, 3, 0, 0]
    at_phase(s, P_PHIL)
    assert p.phil == 2 and p.trays[PHILOSOPHY] == 1


def test_pc_chal_3_destiny_is_resolved_before_history() -> None:
    """PC-CHAL-3 (P-25): Oral Traditions (round 3, Cultural; Destiny: 1 VP per Sage paid, at most
    3 times). Nobody has History VP while the Destiny is being chosen; a player with 3 Sages who
    pays 2 gets 2 VP, then History counts the one Sage left: 2 + 1 VP (no Cultural card)."""
    s = table(2, challenges=("oral_traditions",))
    empty(s)
    p = s.players[0]
    p.trays[CHALLENGES] = 3
    s.round = 3
    at_phase(s, P_EVENT)
    assert s.decision().kind == "destiny" and s.decision().players == (0,)
    assert p.vp == 0 and p.trays[CHALLENGES] == 3
    s.apply("destiny 2", 0)
    assert p.cards_of_type(s.content, 0) == 0
    assert p.vp == 2 + 1 and p.trays[CHALLENGES] == 0


def test_pc_board_2_bonuses_of_spaces_passed_are_received_and_the_position_scores() -> None:
    """PC-BOARD-2: the Roman gaining 5 population goes 4 -> 9, passing the spaces 6 (+1 Unit)
    and 8 (+1 Military Legacy) and landing on 9 (no bonus); position 9 is worth 6 VP at the end."""
    c = load_content()
    p = Player()
    p.civ = next(i for i, x in enumerate(c.civs) if x.id == "roman")
    gain(c, p, Effect(population=5))
    assert p.population(c) == 9
    assert p.trays == [0, 0, 0, 0, 1] and p.legacy == 1 and p.vp == 0
    assert p.score(c)["population"] == 6


def test_pc_e_1_one_technology_only_even_with_research_for_more() -> None:
    """PC-E-1: a player with 9 Cultural and 9 Scientific points buys one Technology (Writing) and
    is not asked again that round."""
    s = table(2)
    empty(s)
    p = s.players[0]
    p.research = [9, 9, 0, 0, 0]
    at_phase(s, P_PURCHASE)
    assert s.decision().kind == "buy" and s.decision().players == (0,)
    s.apply("buy writing", 0)
    assert p.discovered == ids(s, "writing") and p.research == [7, 9, 0, 0, 0]
    assert s.decision().kind != "buy"


def test_pc_lead_1_a_leader_claim_needs_its_cost_in_ambassadors() -> None:
    """PC-LEAD-1: Cleopatra costs 2 Ambassadors: a seat with 1 is not asked, a seat with 2 is."""
    s = table(2)
    c = s.content
    empty(s)
    s.players[0].trays = [2, 0, 0, 0, 0]
    s.players[1].trays = [1, 0, 0, 0, 0]
    s.market_l = [c.leader_index["cleopatra"]]
    at_phase(s, P_LEADERS)
    assert s.decision().kind == "claims" and s.decision().players == (0,)
    assert Action("claim", ("cleopatra",)) in s.legal_actions(0)


def test_pc_chal_2_destiny_repeats_while_paid_up_to_the_cards_maximum() -> None:
    """PC-CHAL-2: Oral Traditions (1 VP per Sage paid, at most 3 times): with 5 Sages a player may
    use it 0-3 times (the card's maximum), with 2 Sages 0-2 times (what they can pay)."""
    s = table(2, challenges=("oral_traditions",))
    empty(s)
    s.players[0].trays[CHALLENGES] = 5
    s.players[1].trays[CHALLENGES] = 2
    s.round = 3
    at_phase(s, P_EVENT)
    assert s.decision().kind == "destiny" and s.decision().players == (0, 1)
    assert [a.args[0] for a in s.legal_actions(0)] == [0, 1, 2, 3]
    assert [a.args[0] for a in s.legal_actions(1)] == [0, 1, 2]


def test_pc_round_5_threat_shows_the_next_battles_power_each_round() -> None:
    """PC-ROUND-5 (P-18): at the start of rounds 1-4 the External Threat has the Power of Battle 4,
    rounds 5-6 of Battle 6, rounds 7-8 of Battle 8, round 9 of Battle 9b."""
    s = table(2, battles=("battle_of_kadesh",))
    c = s.content
    power = [c.battles[i].threat for i in s.battles]
    expected = {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3}
    for rnd, slot in expected.items():
        s.round = rnd
        s.threat = -1
        at_phase(s, P_START)
        resolve(s)
        assert s.threat == power[slot], rnd
