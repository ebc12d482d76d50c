"""Errors answered to clients: ``{"error": "<plain words>", "code": "<word>"}`` with a status."""

from __future__ import annotations

from civtable.core import ActionError, CivtableError, IllegalAction, MalformedAction, NotYourTurn, OptionError


class ApiError(Exception):
    """An error answered to the client as ``{"error": message, "code": code}`` with ``status``."""

    def __init__(self, status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code


def error_for(exc: CivtableError) -> ApiError:
    """Map a core error to an HTTP answer in plain words."""
    if isinstance(exc, MalformedAction):
        return ApiError(400, str(exc), "malformed")
    if isinstance(exc, NotYourTurn):
        return ApiError(409, str(exc), "not_your_turn")
    if isinstance(exc, IllegalAction | ActionError):
        return ApiError(422, str(exc), "illegal")
    if isinstance(exc, OptionError):
        return ApiError(400, str(exc), "bad_option")
    return ApiError(400, str(exc), "error")
