"""Inceptum at 80×24 said production in letters ('PTP (production per round) 1F 1W 2G') beside a
hand in words, and the help named neither the letters nor CP. Production now reads in words
where the line has room ('PTP (per round)' when the whole name leaves none), and the help
says every short form of the screen in full."""

from __future__ import annotations

from screens import play_lines, term80

from civtable.core import make_game


def test_production_reads_in_words_at_80x24_and_the_help_says_the_short_forms() -> None:
    game = make_game("inceptum", {"players": 2})
    out = play_lines(game, 5, ["1", "", "help"], term80())
    ptp = [line for line in out.splitlines() if line.startswith("In hand") and "PTP" in line]
    assert ptp, out
    assert all("per round) 1 food, 1 wood, 2 gold" in line for line in ptp), ptp
    assert all(len(line) <= 80 for line in out.splitlines())
    help_text = " ".join(out.split("help", 1)[1].split())
    for short in ("CP: Civilization Points", "F food", "W wood", "S stone", "I iron", "G gold",
                  "PTP: production per round"):
        assert short in help_text, short
