"""Phase F — End-of-round events: Challenges (PC-CHAL) and Battles (PC-BAT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import BATTLES, CHALLENGES, Challenge
from .frames import DestinyChoice
from .player import Player, gain
from .setup import BATTLE_ROUNDS, CHALLENGE_ROUNDS

if TYPE_CHECKING:
    from .state import PathState


def run_events(st: PathState) -> bool:
    rnd = st.round
    if rnd in CHALLENGE_ROUNDS:
        ch = st.content.challenges[st.challenges[CHALLENGE_ROUNDS.index(rnd)]]
        if st.stage == 0:
            st.stage = 1
            if ch.destiny.kind == "per":
                for p in st.players:
                    gain(st.content, p, ch.destiny.gain.times(per_times(st, p, ch)))
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


def destiny_max(st: PathState, p: Player, ch: Challenge) -> int:
    d = ch.destiny
    if d.kind == "convert":
        return min(d.max, p.trays[d.src])
    if d.kind == "trade":
        k = min((p.trays[i] // need for i, need in enumerate(d.pay) if need), default=0)
        return min(k, d.max) if d.max else k
    return 0


def legal_destiny(st: PathState, f: DestinyChoice, seat: int) -> list[Action]:
    top = destiny_max(st, st.players[seat], current_challenge(st))
    return [Action("destiny", (k,)) for k in range(top + 1)]


def apply_destiny(st: PathState, f: DestinyChoice, seat: int, a: Action) -> None:
    use_destiny(st, seat, int(a.args[0]))
    st.seat_done(seat)


def use_destiny(st: PathState, seat: int, times: int) -> None:
    d = current_challenge(st).destiny
    p = st.players[seat]
    for _ in range(times):
        if d.kind == "convert":  # P-20: one cube moves from one tray to the other
            p.trays[d.src] -= 1
            p.trays[d.dst] += 1
        else:
            for i, need in enumerate(d.pay):
                p.trays[i] -= need
            gain(st.content, p, d.gain)


def history_points(st: PathState, p: Player, ch: Challenge) -> int:
    """PC-CHAL-4: cards of the Challenge's type + Sages."""
    return p.cards_of_type(st.content, ch.type) + p.trays[CHALLENGES]


def history(st: PathState, ch: Challenge) -> None:
    c = st.content
    notes = []
    for p in st.players:
        pts = history_points(st, p, ch)
        p.vp += pts  # PC-CHAL-5
        extra = ""
        if ch.round == 9:  # PC-CHAL-9: the final Challenge's only bonus is VP over a threshold
            if pts >= ch.threshold:
                p.vp += ch.threshold_vp
                extra = f" and {ch.threshold_vp} more for reaching {ch.threshold}"
        elif ch.divisor:
            gain(c, p, ch.bonus.times(pts // ch.divisor))  # PC-CHAL-6
            extra = f", bonus x{pts // ch.divisor}"
        p.trays[CHALLENGES] = 0  # PC-CHAL-7: every Sage goes back to the reserve
        notes.append(f"{c.civs[p.civ].name} scores {pts} History points{extra}")
    st.log.append(f"{ch.name}: " + "; ".join(notes) + ".")


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
    notes = []
    for s, p in enumerate(st.players):
        if s in won:
            gain(c, p, b.lines[won[s]])  # PC-BAT-7
            notes.append(f"{c.civs[p.civ].name} (Power {powers[s]}) takes line {won[s] + 1}")
        else:
            notes.append(f"{c.civs[p.civ].name} (Power {powers[s]}) gets nothing")
        p.trays[BATTLES] = 0  # PC-BAT-8: Units go back; Legacy stays; the Power track is cleared
    st.log.append(f"{b.name} (External Threat {b.threat}): " + "; ".join(notes) + ".")
