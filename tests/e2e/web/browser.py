"""Debian's headless Chromium driven by Playwright (never a browser Playwright downloads), and axe-core."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
AXE = Path(__file__).resolve().parents[2] / "vendor" / "axe-core" / "axe.min.js"
# Quiet and self-contained: no first-run pages, no updates, no sync, no network beyond the test's servers.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
SERIOUS = ("serious", "critical")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium; .ci/run does)"
    return None


def require_browser() -> None:
    """Skip without a browser, with the reason; fail instead under BVUNZO_REQUIRE_BROWSER=1 (CI)."""
    reason = browser_missing()
    if reason is None:
        return
    if os.environ.get("BVUNZO_REQUIRE_BROWSER") == "1":
        pytest.fail(f"BVUNZO_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A Playwright Browser on Debian's chromium.

    Playwright gives each launch a new, empty --user-data-dir of its own (and removes it at close); it
    refuses one passed in args. Each Dashboard.page() is a new browser context besides: its own cookies.
    """
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands (its rule ids and the nodes)."""
    # Evaluated through the DevTools protocol, not as a <script>: the dashboard's CSP allows no script.
    await page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    # resultTypes: every violation in full, but one node only of each passed or inapplicable rule (which
    # nobody reads here), the part of axe's run that takes longest on a big page.
    result: dict[str, Any] = await page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["html"] for n in v["nodes"]][:5],
        }
        for v in result["violations"]
        if v.get("impact") in SERIOUS
    ]
