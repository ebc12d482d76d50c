"""Phase F — End-of-round events: Challenges (PC-CHAL) and Battles (PC-BAT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import BATTLES, CHALLENGES, Challenge
from .frames import DestinyChoice
from .player import Player, gain, release_aside
from .setup import BATTLE_ROUNDS, CHALLENGE_ROUNDS
from .story import add_to_moment, remember

if TYPE_CHECKING:
    from .state import PathState


def run_events(st: PathState) -> bool:
    rnd = st.round
    if rnd in CHALLENGE_ROUNDS:
        ch = st.content.challenges[st.challenges[CHALLENGE_ROUNDS.index(rnd)]]
        if st.stage == 0:
            st.stage = 1
            remember(st, {"kind": "challenge", "round": rnd, "card": st.challenges[CHALLENGE_ROUNDS.index(rnd)],
                          "destiny": [], "history": [], "aside": []})
            if ch.destiny.kind == "per":
                for seat, p in enumerate(st.players):
                    times = per_times(st, p, ch)
                    gain(st.content, p, ch.destiny.gain.times(times), st.round)
                    if times:
                        add_to_moment(st, "destiny", [seat, times])
            else:  # PC-CHAL-1/2: optional, as many times as affordable (up to the card's maximum)
                seats = tuple(s for s, p in enumerate(st.players) if destiny_max(st, p, ch) > 0)
                if seats:
                    st.stack.append(DestinyChoice(seats))
                    return False
        history(st, ch)  # PC-CHAL-3: Destiny first, then History
    if rnd in BATTLE_ROUNDS:  # round 9: Battle 9b right after Challenge 9a (PC-CHAL-9)
        battle(st, BATTLE_ROUNDS.index(rnd))
    return True


def current_challenge(st: PathState) -> Challenge:
    return st.content.challenges[st.challenges[CHALLENGE_ROUNDS.index(st.round)]]


def per_times(st: PathState, p: Player, ch: Challenge) -> int:
    d = ch.destiny
    k = p.count(st.content, d.what) // d.every
    return min(k, d.max) if d.max else k


DESTINY_LIMIT = 30
"""Most uses of one optional Destiny a seat may choose at once (keeps the action set bounded)."""


def destiny_max(st: PathState, p: Player, ch: Challenge) -> int:
    d = ch.destiny
    if d.kind == "convert":
        return min(d.max, p.trays[d.src], DESTINY_LIMIT)
    if d.kind == "trade":
        k = min((p.trays[i] // need for i, need in enumerate(d.pay) if need), default=0)
        return min(k, d.max or DESTINY_LIMIT, DESTINY_LIMIT)
    return 0


def legal_destiny(st: PathState, f: DestinyChoice, seat: int) -> list[Action]:
    top = destiny_max(st, st.players[seat], current_challenge(st))
    return [Action("destiny", (k,)) for k in range(top + 1)]


def apply_destiny(st: PathState, f: DestinyChoice, seat: int, a: Action) -> None:
    use_destiny(st, seat, int(a.args[0]))
    st.seat_done(seat)


def use_destiny(st: PathState, seat: int, times: int) -> None:
    d = current_challenge(st).destiny
    if times:
        add_to_moment(st, "destiny", [seat, times])
    p = st.players[seat]
    for _ in range(times):
        if d.kind == "convert":  # P-20: one cube moves from one tray to the other
            p.trays[d.src] -= 1
            p.trays[d.dst] += 1
        else:
            for i, need in enumerate(d.pay):
                p.trays[i] -= need
            gain(st.content, p, d.gain, st.round)


def history_points(st: PathState, p: Player, ch: Challenge) -> int:
    """PC-CHAL-4: cards of the Challenge's type + Sages."""
    return p.cards_of_type(st.content, ch.type) + p.trays[CHALLENGES]


def history(st: PathState, ch: Challenge) -> None:
    c = st.content
    for seat, p in enumerate(st.players):
        cards, sages = p.cards_of_type(c, ch.type), p.trays[CHALLENGES]
        pts = cards + sages  # PC-CHAL-4
        p.vp += pts  # PC-CHAL-5
        bonus = extra = 0
        if ch.round == 9:  # PC-CHAL-9: the final Challenge's only bonus is VP over a threshold
            if pts >= ch.threshold:
                p.vp += ch.threshold_vp
                extra = ch.threshold_vp
        elif ch.divisor:
            bonus = pts // ch.divisor
            gain(c, p, ch.bonus.times(bonus), st.round)  # PC-CHAL-6
        p.trays[CHALLENGES] = 0  # PC-CHAL-7: every Sage goes back to the reserve
        add_to_moment(st, "history", [seat, cards, sages, bonus, extra])
    slot = CHALLENGE_ROUNDS.index(st.round)
    for seat, p in enumerate(st.players):  # PC-CHAL-8: the tray moves on; Sages set aside for that Challenge join it
        k = release_aside(p, CHALLENGES, slot + 1)
        if k:
            add_to_moment(st, "aside", [seat, k])


def power(p: Player) -> int:
    """PC-BAT-1: 2 per Unit + Military Legacy."""
    return 2 * p.trays[BATTLES] + p.legacy


def ranking(powers: list[int], threat: int, lines: int, threat_tie: str) -> dict[int, int]:
    """Which reward line (0-based) each seat receives (PC-BAT-2..6). The Threat is seat -1."""
    contestants = [(pw, s) for s, pw in enumerate(powers) if pw >= 1] + [(threat, -1)]
    contestants.sort(key=lambda x: -x[0])
    out: dict[int, int] = {}
    pos = 0
    i = 0
    while i < len(contestants):
        group = [s for pw, s in contestants if pw == contestants[i][0]]
        if pos < lines:
            threat_here = -1 in group
            for s in group:
                if s >= 0 and (not threat_here or threat_tie == "shares"):
                    out[s] = pos
        pos += len(group)  # ties: the next lines are skipped
        i += len(group)
    return out


def battle(st: PathState, slot: int) -> None:
    c = st.content
    b = c.battles[st.battles[slot]]
    powers = [power(p) for p in st.players]
    won = ranking(powers, b.threat, len(b.lines), str(st.game.options["threat_tie"]))
    for s, p in enumerate(st.players):
        if s in won:
            gain(c, p, b.lines[won[s]], st.round)  # PC-BAT-7
        p.trays[BATTLES] = 0  # PC-BAT-8: Units go back; Legacy stays; the Power track is cleared
    aside = []
    for s, p in enumerate(st.players):  # PC-BAT-9: the tray moves on; Units set aside for that Battle join it
        k = release_aside(p, BATTLES, slot + 1)
        if k:
            aside.append([s, k])
    remember(st, {"kind": "battle", "round": st.round, "card": st.battles[slot], "threat": b.threat,
                  "powers": powers, "won": sorted([s, line] for s, line in won.items()), "aside": aside})
