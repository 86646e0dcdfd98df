"""The student's play page on a cheap tablet and slow wifi: bytes on first load, time to play.

    python bench/page.py [--runs 3] [--json]

Serves the app as `make run` would in production (uvicorn, DEBUG off, collected and compressed
static files), makes a lesson whose one student joins through the join page and whose teacher
starts the table, then opens `/play/` with that student's cookie in headless Chromium (Playwright,
Debian's chromium) with an empty cache, 4× CPU slowdown (`Emulation.setCPUThrottlingRate`) and a
slow-3G network (`Network.emulateNetworkConditions`: 400 ms round trip, 400 kbit/s each way).

Measured, from the DevTools protocol's network events and the page's own clock:

* transferred: the bytes that crossed the network for the page's HTTP requests (HTML, CSS,
  script; `encodedDataLength`, so compressed as sent), and the request count;
* interactive: from navigation start until the play socket is open and its first `parts`
  message has been put in place (live.js's `live:parts` event), which is when the buttons work;
* DOMContentLoaded and load, for reference.

Targets (issue 8): at most 150 KB transferred, interactive within 2 s.
"""

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.loadkit import classes, servers  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SLOW_3G = {"offline": False, "latency": 400, "downloadThroughput": 400 * 1000 / 8,
           "uploadThroughput": 400 * 1000 / 8}
CPU_SLOWDOWN = 4
FIRST_PARTS = """document.addEventListener("live:parts", function () {
  if (window.__firstParts === undefined) window.__firstParts = performance.now();
});"""


def student_cookie(env, port):
    """One lesson: a student joins through the join page, the teacher starts the table."""
    made = classes.db(env, "lessons", 1, 1)
    lesson = classes.Lesson(**made[0], students=[])
    classes.join_classes([lesson], [port], 1, workers=1)

    async def start():
        teacher = await classes.start_tables(lesson, port)
        await teacher.close()

    asyncio.run(start())
    return lesson.students[0]


def measure(port, cookie):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                             headless=True)
        try:
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            context.add_cookies([{"name": "student", "value": cookie, "domain": "127.0.0.1",
                                  "path": "/"}])
            page = context.new_page()
            page.add_init_script(FIRST_PARTS)
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            cdp.send("Network.emulateNetworkConditions", SLOW_3G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            sizes, urls = {}, {}
            cdp.on("Network.requestWillBeSent",
                   lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
            cdp.on("Network.loadingFinished",
                   lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
            page.goto(f"http://127.0.0.1:{port}/play/", wait_until="load", timeout=60000)
            page.wait_for_function("window.__firstParts !== undefined", timeout=60000)
            timing = page.evaluate("""() => {
              const nav = performance.getEntriesByType("navigation")[0];
              return {interactive: window.__firstParts, dom: nav.domContentLoadedEventEnd,
                      load: nav.loadEventEnd};
            }""")
            page.wait_for_timeout(500)
            return {
                "transferred_bytes": sum(sizes.values()), "requests": len(sizes),
                "by_request": {urls.get(k, k).split("127.0.0.1")[-1]: v for k, v in sizes.items()},
                "interactive_ms": round(timing["interactive"]),
                "dom_content_loaded_ms": round(timing["dom"]), "load_ms": round(timing["load"]),
            }
        finally:
            browser.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    server_cores, client_cores = servers.cores()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as var_dir:
        env = servers.app_environment(Path(var_dir))
        classes.db(env, "prepare")
        mode = servers.Mode("embedded", 1, env)
        with servers.app_servers(mode, server_cores) as (ports, _children):
            cookie = student_cookie(env, ports[0])
            runs = [measure(ports[0], cookie) for _ in range(args.runs)]
    result = {
        "network": "slow 3G: 400 ms RTT, 400 kbit/s down and up", "cpu_slowdown": CPU_SLOWDOWN,
        "runs": len(runs), "transferred_bytes": max(r["transferred_bytes"] for r in runs),
        "requests": runs[0]["requests"], "by_request": runs[0]["by_request"],
        "interactive_ms": round(statistics.median(r["interactive_ms"] for r in runs)),
        "interactive_ms_max": max(r["interactive_ms"] for r in runs),
        "dom_content_loaded_ms": round(statistics.median(r["dom_content_loaded_ms"]
                                                         for r in runs)),
        "load_ms": round(statistics.median(r["load_ms"] for r in runs)),
        "targets": {"transferred_bytes_max": 150_000, "interactive_ms_max": 2000},
    }
    out = ROOT / "bench" / "results" / "page.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"/play/ first load, {result['network']}, CPU {CPU_SLOWDOWN}× slower, "
          f"{result['runs']} runs (median):")
    print(f"  transferred {result['transferred_bytes'] / 1000:.1f} KB in {result['requests']} "
          f"requests (target ≤ 150 KB): "
          + ", ".join(f"{k} {v / 1000:.1f} KB" for k, v in result["by_request"].items()))
    print(f"  interactive {result['interactive_ms']} ms (max {result['interactive_ms_max']}; "
          f"target ≤ 2000 ms); DOMContentLoaded {result['dom_content_loaded_ms']} ms, "
          f"load {result['load_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
