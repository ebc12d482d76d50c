"""Errors answered to clients: ``{"error": "<plain words>", "code": "<word>"}`` with a status.

Every ``error`` is a sentence (:func:`civtable.core.sentence`: a capital first letter, a full
stop). A refused action answers its plain sentence as ``error`` (people at the page click, they
do not type) and, when the game's words say how to type what can be played now, the whole
refusal with that hint as ``typed`` (shown instead of ``error`` for an action typed in the page's
box; the terminal shows the same words)."""

from __future__ import annotations

import logging
import math

from civtable.core import (
    ActionError,
    CivtableError,
    ContentError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    OptionError,
    sentence,
)


class ApiError(Exception):
    """An error answered to the client as ``{"error": message, "code": code}`` with ``status``."""

    def __init__(self, status: int, message: str, code: str, typed: str = "", retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.typed = typed
        self.retry_after = retry_after  # a refusal for now (429): seconds until asking again may work

    def headers(self) -> dict[str, str] | None:
        """``Retry-After`` (whole seconds) for a refusal that says when to ask again."""
        return None if self.retry_after is None else {"Retry-After": str(max(1, math.ceil(self.retry_after)))}

    def body(self) -> dict[str, str]:
        """The JSON answered: the error as a sentence, its code, and the refusal an action typed
        in the page's box hears (the sentence with how to type what can be played now) when
        the game's words have such a hint."""
        out = {"error": sentence(self.message), "code": self.code}
        if self.typed:
            out["typed"] = sentence(self.typed)
        return out


def no_game(game_id: str) -> ApiError:
    """404 for an address naming no game: its id quoted, cut short when long (a mistyped or forged
    address is not echoed whole)."""
    shown = game_id if len(game_id) <= 24 else game_id[:20] + "…"
    return ApiError(404, f"there is no game '{shown}'; check the link, or find the game in the lobby", "not_found")


def error_for(exc: CivtableError) -> ApiError:
    """Map a core error to an HTTP answer in plain words."""
    if isinstance(exc, ContentError):  # the server's own file: its path and problems go to the log only
        logging.getLogger("civtable.server").error("%s", exc)
        n = len(exc.problems)
        return ApiError(503, f"the game's content file cannot be used: it has {n or 'a'} problem{'s' if n > 1 else ''} "
                             "(the server's log lists them); nothing was changed", "bad_content")
    if isinstance(exc, MalformedAction):
        return ApiError(400, str(exc), "malformed")
    if isinstance(exc, NotYourTurn):
        return ApiError(409, exc.plain, "not_your_turn", str(exc) if exc.typed else "")
    if isinstance(exc, IllegalAction | ActionError):
        return ApiError(422, exc.plain, "illegal", str(exc) if exc.typed else "")
    if isinstance(exc, OptionError):
        return ApiError(400, str(exc), "bad_option")
    return ApiError(400, str(exc), "error")
