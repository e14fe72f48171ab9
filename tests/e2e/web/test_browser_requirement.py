"""Without Debian's chromium-headless-shell the browser tests skip with the reason, and under CI they fail instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.web import browser


def test_a_missing_chromium_skips_with_the_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.delenv("BVUNZO_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        browser.require_browser()
    assert (
        str(skipped.value)
        == f"{tmp_path / 'chromium'} is missing (apt-get install chromium-headless-shell; .ci/run does)"
    )


def test_a_missing_chromium_fails_under_bvunzo_require_browser(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("BVUNZO_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception) as failed:
        browser.require_browser()
    assert "BVUNZO_REQUIRE_BROWSER=1 but" in str(failed.value)
