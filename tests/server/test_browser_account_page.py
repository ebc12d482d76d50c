"""The account page's forms in a browser: a wrong current password and a weak new one are refused
in plain words next to the button, a change succeeds; signed out, a wrong reset code is refused
and the operator's code sets a new password and signs in; deleting needs the box ticked and the
right password, then the top bar is signed out."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import PHONE, assert_no_horizontal_scroll, console_errors, launch, shot
from test_browser_strangers import PASSWORD, signed_in

from civtable.cli import main

pytestmark = pytest.mark.browser
NOTE_WAIT = 15_000


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def note(page: Any, selector: str, text: str) -> str:
    page.wait_for_selector(f"{selector}:has-text({text!r})", timeout=NOTE_WAIT)
    return str(page.inner_text(selector))


def test_the_account_page_forms(browser: Any, server_factory: Any, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "s.sqlite3")
    server = server_factory(db)
    page = signed_in(browser, server.base, "Marta")
    errors = console_errors(page)
    page.click("#account a#account-link")
    page.wait_for_selector("#password-panel:not(.hidden)")
    assert page.is_hidden("#reset-panel")
    form = "#password-form"
    page.fill(f"{form} input[name=current]", "not my password")
    page.fill(f"{form} input[name=new]", "a much better password")
    page.click(f"{form} button[type=submit]")
    assert note(page, "#password-note", "current password") == "That is not your current password."
    page.fill(f"{form} input[name=current]", PASSWORD)
    page.fill(f"{form} input[name=new]", "password123")
    page.click(f"{form} button[type=submit]")
    assert "most common passwords" in note(page, "#password-note", "common")
    page.fill(f"{form} input[name=new]", "a much better password")
    page.click(f"{form} button[type=submit]")
    note(page, "#password-note", "Your password is changed")
    assert page.input_value(f"{form} input[name=current]") == ""  # the boxes are emptied
    shot(page, "account-page-password-changed", full_page=True)

    # signed out: a wrong code, then the operator's code
    page.click("#account button:has-text('Sign out')")
    page.wait_for_selector("#reset-panel:not(.hidden)")
    assert page.is_hidden("#password-panel") and page.is_hidden("#delete-panel")
    reset = "#reset-form"
    page.fill(f"{reset} input[name=name]", "Marta")
    page.fill(f"{reset} input[name=code]", "abcd-efgh-jkmn-pqrs")
    page.fill(f"{reset} input[name=password]", "the newest password here")
    page.click(f"{reset} button[type=submit]")
    assert note(page, "#reset-note", "Wrong name").startswith("Wrong name or reset code")
    assert main(["account", "reset-password", "marta", "--db", db]) == 0
    code = re.search(r"Reset code for Marta: (\S+)", capsys.readouterr().out)
    assert code
    page.fill(f"{reset} input[name=code]", code.group(1))
    page.click(f"{reset} button[type=submit]")
    note(page, "#account-done", "signed in as Marta")
    page.wait_for_selector("#account:has-text('Signed in as Marta')")
    page.wait_for_selector("#delete-panel:not(.hidden)")

    # delete: the box must be ticked, the password right
    delete = "#delete-form"
    page.fill(f"{delete} input[name=password]", "the newest password here")
    page.click(f"{delete} button[type=submit]")
    note(page, "#delete-note", "Tick the box")
    page.check(f"{delete} input[name=sure]")
    page.fill(f"{delete} input[name=password]", "a much better password")  # the old one
    page.click(f"{delete} button[type=submit]")
    assert note(page, "#delete-note", "current password") == "That is not your current password."
    page.fill(f"{delete} input[name=password]", "the newest password here")
    page.click(f"{delete} button[type=submit]")
    note(page, "#account-done", "Your account is deleted.")
    page.wait_for_selector("#account input[name=password]")  # the bar is signed out
    page.wait_for_selector("#reset-panel:not(.hidden)")
    shot(page, "account-page-deleted", full_page=True)
    res = page.request.post(server.base + "/api/account/signin",
                            data={"name": "Marta", "password": "the newest password here"})
    assert res.status == 403
    assert [e for e in errors if "status of 4" not in e] == []  # refusals answer 4xx; nothing else fails


def test_the_account_page_fits_a_phone(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + "/account")
    page.wait_for_selector("#reset-panel:not(.hidden)")
    assert_no_horizontal_scroll(page)
    shot(page, "account-page-phone-signed-out", full_page=True)
    page.fill("#account input[name=name]", "Pia")
    page.fill("#account input[name=password]", PASSWORD)
    page.click("#account button:has-text('Register')")
    page.wait_for_selector("#delete-panel:not(.hidden)")
    assert_no_horizontal_scroll(page)
    shot(page, "account-page-phone-signed-in", full_page=True)


def test_the_account_page_shows_the_signed_in_forms_when_its_script_arrives_late(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The top bar may learn who is signed in before the page's own script has run (deferred
    scripts download in parallel, and a busy machine delays one): the forms still show."""
    import time

    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = signed_in(browser, server.base, "Ruth")

    def late(route: Any) -> None:
        time.sleep(1.5)  # the top bar's /api/account answer comes first
        route.continue_()

    page.route("**/static/account_page.js", late)
    page.goto(server.base + "/account")
    page.wait_for_selector("#account:has-text('Signed in as Ruth')")
    page.wait_for_selector("#password-panel:not(.hidden)", timeout=10_000)
    assert page.is_hidden("#reset-panel")
