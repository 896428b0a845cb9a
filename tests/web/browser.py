"""Chromium driven by Selenium, reading the game from xterm.js's own buffer.

Used by the browser test and by ``benchmarks/browser_screenshot.py``. The
browser is Debian's ``chromium`` with its ``chromedriver`` (nothing is
downloaded); :func:`why_no_browser` says why a machine cannot run it.

textual-serve's script keeps its xterm.js ``Terminal`` in a closure. A script
that runs before the page's own catches it as it is stored (as the
``terminal`` property of textual-serve's session object) and keeps it in
``window.__indigoTerminals``; the test then reads the screen through xterm.js's
public buffer API, exactly the characters the browser draws.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

#: The hand's heading, as the game names it: "Your hand" for the seat named
#: by default ("You"), "Hand of NAME" for any other (a pattern for wait_for).
HAND = r"Your hand|Hand of"

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

#: Flags that work in a container without a display, a GPU or the network.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # A tab that is not in front keeps its timers and drawing (xterm.js
    # writes to its buffer from timers): tests switch between two tabs.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
)

CATCH_TERMINAL = """
window.__indigoTerminals = [];
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && value.buffer.active) window.__indigoTerminals.push(value);
  },
});
"""

READ_SCREEN = """
const t = window.__indigoTerminals[0];
if (!t) return null;
const lines = [];
for (let y = 0; y < t.rows; y++) lines.push(t.buffer.active.getLine(y).translateToString(true));
return lines.join('\\n');
"""

TERMINAL_SIZE = "const t = window.__indigoTerminals[0]; return t ? [t.cols, t.rows] : null;"


def chromium_binary() -> str | None:
    return shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)


def chromedriver_binary() -> str | None:
    return shutil.which("chromedriver") or (CHROMEDRIVER if Path(CHROMEDRIVER).exists() else None)


def why_no_browser() -> str | None:
    """Why no browser test can run here, or ``None`` when it can."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install '.[test]')"
    if chromium_binary() is None:
        return "no Chromium: apt-get install chromium chromium-driver (.ci/run does so when it can)"
    if chromedriver_binary() is None:
        return "no chromedriver: apt-get install chromium-driver (.ci/run does so when it can)"
    return None


# What a wait on the screen returns: the first truthy answer of its test.
Found = TypeVar("Found")


class Page:
    """The game's page in one browser tab (of the browser ``driver`` drives)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.tab: str = driver.current_window_handle

    def _here(self) -> Any:
        """The driver, switched to this page's tab."""
        if self.driver.current_window_handle != self.tab:
            self.driver.switch_to.window(self.tab)
        return self.driver

    def open(self, url: str) -> None:
        self._here().get(url)

    @property
    def url(self) -> str:
        """The address in this tab's address bar."""
        return str(self._here().current_url)

    def new_tab(self) -> Page:
        """A second tab of the same browser (the same cookies: the same player)."""
        self._here().switch_to.new_window("tab")
        prepare_tab(self.driver)
        return Page(self.driver)

    def close_other_tabs(self) -> None:
        for handle in list(self.driver.window_handles):
            if handle != self.tab:
                self.driver.switch_to.window(handle)
                self.driver.close()
        self.driver.switch_to.window(self.tab)

    def forget_cookies(self) -> None:
        """As a fresh browser: no cookie of any server (a browser kept for several tests)."""
        self._here().execute_cdp_cmd("Network.clearBrowserCookies", {})

    def cookie(self, name: str) -> str | None:
        found = self._here().get_cookie(name)
        return None if found is None else str(found["value"])

    def page_text(self, selector: str) -> str:
        """The visible text of the element ``selector`` ("" if it is hidden)."""
        from selenium.webdriver.common.by import By

        return str(self._here().find_element(By.CSS_SELECTOR, selector).text)

    def script(self, source: str, *args: Any) -> Any:
        return self._here().execute_script(source, *args)

    def text(self) -> str:
        return str(self._here().execute_script(READ_SCREEN) or "")

    def wait_for(self, pattern: str, limit: float = 60.0) -> re.Match[str]:
        """Wait until ``pattern`` (a regular expression) is on the screen."""
        found = self.wait_until(lambda text: re.search(pattern, text), limit, pattern)
        assert found is not None
        return found

    def wait_until(self, test: Callable[[str], Found], limit: float = 60.0, what: str = "") -> Found:
        deadline = time.monotonic() + limit
        while True:
            text = self.text()
            result = test(text)
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"not on the screen after {limit}s: {what}\n{text}")
            time.sleep(0.05)

    def _keyboard(self) -> Any:
        from selenium.webdriver.common.by import By

        return self._here().find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")

    def keys(self, *keys: str) -> None:
        """Type ``keys`` into the terminal (selenium's ``Keys`` for special keys)."""
        self._keyboard().send_keys(*keys)

    def ctrl(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        self._keyboard()  # the terminal has the focus
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def terminal_size(self) -> tuple[int, int]:
        """Columns and rows of the terminal on the page."""
        columns, rows = self._here().execute_script(TERMINAL_SIZE)
        return int(columns), int(rows)

    def click_cell(self, column: int, row: int) -> None:
        """Click the middle of the terminal cell at ``column``, ``row``."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        screen = self._here().find_element(By.CSS_SELECTOR, ".xterm-screen")
        columns, rows = self.terminal_size()
        width, height = screen.size["width"], screen.size["height"]
        # Selenium's offsets count from the element's centre.
        x = (column + 0.5) * width / columns - width / 2
        y = (row + 0.5) * height / rows - height / 2
        ActionChains(self.driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()

    def cell_point(self, column: int, row: int) -> tuple[float, float]:
        """The middle of the terminal cell at ``column``, ``row``, in the page's CSS pixels."""
        left, top, width, height = self._here().execute_script(
            "const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];"
        )
        columns, rows = self.terminal_size()
        return left + (column + 0.5) * width / columns, top + (row + 0.5) * height / rows

    def cell_size(self) -> tuple[float, float]:
        """A terminal cell's width and height in the page's CSS pixels."""
        width, height = self._here().execute_script(
            "const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            "return [r.width, r.height];"
        )
        columns, rows = self.terminal_size()
        return width / columns, height / rows

    def tap(self, x: float, y: float) -> None:
        """A finger's tap at ``x``, ``y`` (CSS pixels): touch events, no mouse and no key."""
        driver = self._here()
        point = {"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1}
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def tap_cell(self, column: int, row: int) -> None:
        self.tap(*self.cell_point(column, row))

    def tap_key(self, label: str) -> None:
        """Tap the page's touch key whose words (or symbol) are ``label``."""
        x, y = self._here().execute_script(
            "const b = [...document.querySelectorAll('#keys button')]"
            "  .find(b => b.textContent.trim() === arguments[0]);"
            "if (!b || !b.offsetParent) return [null, null];"
            "const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
            label,
        )
        assert x is not None, f"no touch key {label!r} on the page"
        self.tap(x, y)

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        assert self._here().save_screenshot(str(path)), path
        return path


def prepare_tab(driver: Any, width: int = 1280, height: int = 800) -> None:
    """The current tab exactly ``width`` x ``height``, catching the page's terminal."""
    # The page exactly width x height (the window's size counts its frame).
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL})


#: A phone held upright, as Chromium's device mode has it (a Pixel 7's screen).
PHONE = {"width": 412, "height": 915, "deviceScaleFactor": 2.625, "mobile": True}


def as_phone(driver: Any) -> None:
    """The current tab as a phone: its screen, its scale, touch instead of a mouse."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


@contextmanager
def chromium(width: int = 1280, height: int = 800) -> Iterator[Page]:
    """A headless Chromium with an empty profile, always quit afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary() or CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    with tempfile.TemporaryDirectory(prefix="indigo-chromium-") as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(options=options, service=Service(chromedriver_binary() or CHROMEDRIVER))
        try:
            driver.set_page_load_timeout(60)
            driver.set_script_timeout(60)
            prepare_tab(driver, width, height)
            yield Page(driver)
        finally:
            driver.quit()
