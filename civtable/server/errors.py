"""Errors answered to clients: ``{"error": "<plain words>", "code": "<word>"}`` with a status.

A refused action answers its plain sentence as ``error`` (people at the page click, they do not
type) and, when the game's words say how to type what can be played now, that hint apart as
``typed`` (shown after an action typed in the page's box; the terminal shows both together)."""

from __future__ import annotations

from civtable.core import ActionError, CivtableError, IllegalAction, MalformedAction, NotYourTurn, OptionError


class ApiError(Exception):
    """An error answered to the client as ``{"error": message, "code": code}`` with ``status``."""

    def __init__(self, status: int, message: str, code: str, typed: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.typed = typed

    def body(self) -> dict[str, str]:
        """The JSON answered: the error, its code, and the typed hint when there is one."""
        out = {"error": self.message, "code": self.code}
        if self.typed:
            out["typed"] = self.typed
        return out


def error_for(exc: CivtableError) -> ApiError:
    """Map a core error to an HTTP answer in plain words."""
    if isinstance(exc, MalformedAction):
        return ApiError(400, str(exc), "malformed")
    if isinstance(exc, NotYourTurn):
        return ApiError(409, exc.plain, "not_your_turn", exc.typed)
    if isinstance(exc, IllegalAction | ActionError):
        return ApiError(422, exc.plain, "illegal", exc.typed)
    if isinstance(exc, OptionError):
        return ApiError(400, str(exc), "bad_option")
    return ApiError(400, str(exc), "error")
