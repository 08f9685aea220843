"""Take the pictures of docs/rotation-page.md again: the rotation page at 390 px (a phone, table 1's
"why this game?" open) and at 1280 px (a desktop, every panel open), whole-page PNGs.

The evening is the one the page shows: the ``$`` commands of its block that ends with
``arbiter rotation publish``, run by bash in a temporary folder (this checkout's code first on
the path), so the pictures and the documented commands cannot drift apart.  Needs selenium and
a headless Chromium with its driver (Debian: ``apt-get install chromium chromium-driver``)::

    python bench/rotation_page_screenshots.py            # writes docs/rotation-390.png, docs/rotation-1280.png
    python bench/rotation_page_screenshots.py -o /tmp    # elsewhere
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PAGE = REPO / "docs" / "rotation-page.md"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]
SHOTS = ((390, "rotation-390.png", ["why-1"]), (1280, "rotation-1280.png", None))  # None: every panel


def evening_commands(page: Path = PAGE) -> list[str]:
    """The ``$`` commands of the page's first block that publishes the page."""
    blocks = re.findall(r"^```\n(.*?)^```", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    for block in blocks:
        commands = [line[2:] for line in block.splitlines() if line.startswith("$ ")]
        if any(c.startswith("arbiter rotation publish") for c in commands):
            return commands
    raise SystemExit(f"{page}: no block with 'arbiter rotation publish'")


def run_evening(folder: Path) -> Path:
    """Run the evening in ``folder``; the published page's folder."""
    commands = evening_commands()
    env = {**os.environ, "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)}
    subprocess.run(["bash", "-e", "-c", "\n".join(commands)], cwd=folder, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    publish = next(c for c in commands if c.startswith("arbiter rotation publish"))
    return folder / publish.split("-o", 1)[1].split()[0]


def browser() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    if binary is None or not Path(driver).exists():
        raise SystemExit("no headless browser: install chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    for flag in FLAGS + [f"--user-data-dir={tempfile.mkdtemp(prefix='arbiter-shots-')}"]:
        options.add_argument(flag)
    options.binary_location = binary
    return webdriver.Chrome(service=Service(driver), options=options)


def shoot(d: Any, page: Path, width: int, panels: list[str] | None, out: Path) -> None:
    """A whole-page PNG of ``page`` at ``width`` CSS pixels, with ``panels`` open (None: all)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    d.get(page.as_uri())
    d.execute_script("const ids = arguments[0]; document.querySelectorAll('details.why').forEach("
                     "x => { x.open = ids === null || ids.includes(x.id); });", panels)
    height = d.execute_script("return document.documentElement.scrollHeight")
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    out.write_bytes(d.get_screenshot_as_png())
    print(f"wrote {out} ({width} x {height})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", type=Path, default=REPO / "docs", help="folder of the PNGs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arbiter-evening-") as tmp:
        site = run_evening(Path(tmp))
        d = browser()
        try:
            for width, name, panels in SHOTS:
                shoot(d, site / "index.html", width, panels, args.output / name)
        finally:
            d.quit()


if __name__ == "__main__":
    main()
