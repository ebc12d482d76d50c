"""Path of Civilization's playing styles (warlord, sage): they build for the greedy player, the
levels and the search bot, unknown styles and weights are refused plainly, and a style changes
what the player does in a fixed position."""

from __future__ import annotations

import pytest

from civtable.bots import make_bot
from civtable.bots.levels import expand_groups, styles
from civtable.core import OptionError, Session, make_game, observe
from civtable.games.pathciv import bot as pathbot
from civtable.games.pathciv.bot_style import PLAIN, STYLES, style_tilt, tilt


def test_pathciv_styles_are_listed_and_build_for_greedy_levels_and_search() -> None:
    game = make_game("pathciv", {"players": 2})
    assert set(styles("pathciv")) == {"warlord", "sage"} <= set(STYLES)
    assert make_bot("greedy:style=warlord", game, 0, 1).tw == style_tilt("warlord")
    assert make_bot("greedy", game, 0, 1).tw is PLAIN
    casual = make_bot("casual:style=sage", game, 1, 1)
    assert casual.base.tw.philosophy == STYLES["sage"]["philosophy"]
    strong = make_bot("strong:style=warlord", game, 1, 1)
    plain = make_bot("strong", game, 1, 1)
    assert strong.leaf is not plain.leaf and strong.rollout is not plain.rollout
    assert expand_groups(["styles"], "pathciv") == ["strong:style=warlord", "strong:style=sage"]
    noisy = make_bot("greedy:style=sage,noise=0.2,noise_seed=3", game, 0, 1).tw
    assert noisy != style_tilt("sage") and abs(noisy.philosophy / style_tilt("sage").philosophy - 1) <= 0.2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy:style=pirate", "greedy style 'pirate' does not exist in Path of Civilization; styles: balanced, sage, warlord"),
        ("strong:style=pirate", "Path of Civilization has no style called 'pirate'; styles: sage, warlord"),
        ("mcts:style=pirate", "Path of Civilization has no style called 'pirate'"),
        ("greedy:style=sage,plan=65", "bot parameter plan=65 must be between 0 and 64"),
    ],
)
def test_unknown_pathciv_styles_are_refused_plainly(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(spec, make_game("pathciv", {"players": 2}), 0, 1)


def test_unknown_weights_are_refused() -> None:
    with pytest.raises(OptionError, match="has no weight 'swords'"):
        tilt({"swords": 2.0})
    with pytest.raises(OptionError, match="has no style 'pirate'"):
        style_tilt("pirate")


def test_one_weight_is_set_by_name_after_the_style() -> None:
    """``greedy:w_NAME=X`` sets one weight (after the style, so it overrides it); unknown names,
    values out of 0..10 and games whose greedy player has no weights are refused plainly."""
    game = make_game("pathciv", {"players": 2})
    assert make_bot("greedy:w_battles=1.5", game, 0, 1).tw == PLAIN._replace(battles=1.5)
    styled = make_bot("greedy:style=warlord,w_legacy=0.5", game, 0, 1).tw
    assert styled == style_tilt("warlord")._replace(legacy=0.5)
    for spec, message in (("greedy:w_swords=2", "has no weight 'swords'; weights: battles, challenges"),
                          ("greedy:w_battles=11", "w_battles=11 must be between 0 and 10"),
                          ("greedy:w_battles=lots", "w_battles='lots' must be a number")):
        with pytest.raises(OptionError, match=message):
            make_bot(spec, game, 0, 1)
    with pytest.raises(OptionError, match="has no weights, so it takes no style=, w_NAME= or noise="):
        make_bot("greedy:w_x=1", make_game("nim", {}), 0, 1)
    # a weight changes what the player does: seed 0's first Project card is Fire for the plain
    # player (and with the Units weight written out as 1), Hunting (a Unit) with Units x2.2
    _, obs = _first_position(0)
    assert make_bot("greedy", game, 0, 5).decide(obs).args == ("fire",)
    assert make_bot("greedy:w_battles=1", game, 0, 5).decide(obs).args == ("fire",)
    assert make_bot("greedy:w_battles=2.2", game, 0, 5).decide(obs).args == ("hunting",)


def _first_position(seed: int) -> tuple[object, object]:
    game = make_game("pathciv", {"players": 2})
    session = Session(game, seed)
    session.resolve_chance()
    d = session.state.decision()
    return game, observe(session.state, d.players[0])


def test_a_style_changes_the_first_project_card() -> None:
    """Seed 0, round 1, Player 1's first Project card: the warlord places Hunting (a Builder and
    a Unit), the sage places Fire (a Builder and a Philosopher)."""
    game, obs = _first_position(0)
    assert obs.decision.kind == "project"  # type: ignore[attr-defined]
    picks = {style: make_bot(f"greedy:style={style}", game, 0, 5).decide(obs) for style in ("warlord", "sage")}
    assert str(picks["warlord"]) != str(picks["sage"])
    assert picks["warlord"].args == ("hunting",) and picks["sage"].args == ("fire",)
    c = game.content  # type: ignore[attr-defined]
    hunting, fire = (c.techs[c.tech_index[t]] for t in ("hunting", "fire"))
    assert hunting.deploy[4] == 1 and fire.deploy[2] == 1  # a Unit / a Philosopher


def test_the_styled_value_weighs_units_and_philosophers() -> None:
    """One more Unit is worth more to the warlord than to the plain player, one more
    Philosopher more to the sage; the plain value is unchanged by the style machinery."""
    game = make_game("pathciv", {"players": 2})
    session = Session(game, 0)
    session.resolve_chance()
    s = session.state
    base = {name: pathbot.value(s, 0, style_tilt(name)) for name in ("warlord", "sage")}
    plain = pathbot.value(s, 0)
    assert pathbot.value(s, 0, PLAIN) == plain
    for tray, style in ((4, "warlord"), (2, "sage")):
        t = s.clone()
        t.players[0].trays[tray] += 1
        gain = {name: pathbot.value(t, 0, style_tilt(name)) - base[name] for name in ("warlord", "sage")}
        plain_gain = pathbot.value(t, 0) - plain
        other = "sage" if style == "warlord" else "warlord"
        assert gain[style] > plain_gain > gain[other]


@pytest.mark.parametrize("game", ["inceptum", "conquest", "pathciv", "dominations"])
def test_every_game_offers_two_styles_to_greedy_and_the_levels(game: str) -> None:
    g = make_game(game, {"players": 2})
    listed = styles(game)
    assert len(listed) >= 2
    for name, style in listed.items():
        assert style.title and style.description.endswith(".") and len(style.description) < 200
        for spec in (f"greedy:style={name}", f"casual:style={name}", f"strong:style={name}"):
            make_bot(spec, g, 0, 1)


@pytest.mark.parametrize("game_name", ["conquest", "pathciv", "inceptum", "dominations"])
def test_an_unknown_greedy_parameter_names_the_weights_parameters_too(game_name: str) -> None:
    """A game's greedy player lists its own parameters when refusing one; it also takes style=,
    w_NAME= and noise= (read before it), and a near miss of those is named ('greedy:nois=0.1'
    listed only Conquest's attack=, aggression=, armies=, margin=)."""
    game = make_game(game_name, {"players": 2})
    with pytest.raises(OptionError, match=r"has no parameter 'nois'; .*it also takes style=NAME, w_NAME=X and "
                                          r"noise=X \(its weights\) \(did you mean noise=\?\)"):
        make_bot("greedy:nois=0.1", game, 0, 1)
    with pytest.raises(OptionError, match=r"has no parameter 'foo'; .*noise=X \(its weights\)$"):
        make_bot("greedy:foo=1", game, 0, 1)
