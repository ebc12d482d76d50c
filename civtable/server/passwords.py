"""The password policy of accounts: at least 10 characters (at most 128), no control or invisible
characters, not one of the 30,000 most common passwords (``data/common-passwords.txt``, made by
``scripts/make_common_passwords.py`` from the list zxcvbn ships; also refused with digits or
symbols added before or after), not the account's name, and more than three different characters.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from .errors import ApiError

MIN_LENGTH = 10
MAX_LENGTH = 128
COMMON = Path(__file__).parent / "data" / "common-passwords.txt"
_PADDING = re.compile(r"^[\W\d_]*(.*?)[\W\d_]*$", re.UNICODE)


@functools.lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords (lower case)."""
    lines = COMMON.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def check_password(password: str, name: str = "") -> None:
    """A 400 :class:`ApiError` (``bad_password``) saying plainly why ``password`` may not be used."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn") for ch in password):
        raise ApiError(400, "a password may not contain control or invisible characters", "bad_password")
    if len(password) < MIN_LENGTH:
        raise ApiError(400, f"a password has at least {MIN_LENGTH} characters (a few words are easy to remember)",
                       "bad_password")
    if len(password) > MAX_LENGTH:
        raise ApiError(400, f"a password has at most {MAX_LENGTH} characters", "bad_password")
    low = unicodedata.normalize("NFKC", password).casefold()
    core = _PADDING.sub(r"\1", low)
    common = common_passwords()
    if low in common or low.replace(" ", "") in common or (len(core) >= 4 and core in common):
        raise ApiError(400, "this password is one of the most common passwords; choose a less guessable one",
                       "bad_password")
    if len(set(low)) <= 3:
        raise ApiError(400, "this password repeats too few characters; choose a less guessable one", "bad_password")
    if name and len(name) >= 3 and name.casefold() in low:
        raise ApiError(400, "a password may not contain the account's name", "bad_password")
