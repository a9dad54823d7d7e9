"""report.html in a real headless Chromium: renders, no console errors, no network requests.

Needs Debian's `chromium` (.ci/run installs it); without it the test is skipped and says why.
Set GRAPHRAG_SCREENSHOT=path to also save a full-page screenshot (docs/report.png is made so).
"""

import os
import shutil

import pytest

from graphrag_bench.report import report_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")


def _fixture_run() -> tuple[dict, dict]:
    modes = {}
    for mode, pts in (("baseline", [3.5, 15, 6, 4, 4]), ("graphrag", [24, 20, 15, 12, 4])):
        modes[mode] = {"points": sum(pts), "max_points": 80, "p95_pipeline_ms": 9.0 if mode == "baseline" else 12.0,
                       "by_category": {c: {"points": p, "max_points": m} for c, p, m in zip("ABCDE", pts, (24, 20, 16, 12, 8))},
                       "hallucinations": 0, "certainty_accuracy": 1.0, "graph_cache_hit_rate": 1.0,
                       "retrieval": {"mrr": 0.7, "ndcg@5": 0.5, "ndcg@10": 0.5, "p@3": 0.5, "r@10": 0.6}}
    summary = {"run_id": "20261122_000000", "corpus": {"path": "corpus", "documents": 12, "chunks": 46},
               "graph": {"entities": 47, "relationships": 217}, "runs_per_question": 10, "modes": modes,
               "latency_ratio_p95": 1.33, "statistics": {"mean_diff": 2.1, "ci95": [1.4, 2.8], "p_value": 0.0002, "n": 20},
               "gates": [{"name": "multi_hop", "passed": True, "value": 5.9, "threshold": 0.2, "detail": "A"},
                         {"name": "latency", "passed": False, "value": 12.0, "threshold": 10.0, "detail": "too slow"}]}
    bench = {f"latency_{m}": {"per_question": {"A1": {"samples": [base + i * 0.3 for i in range(9)]}}}
             for m, base in (("baseline", 8.0), ("graphrag", 10.0))}
    return summary, bench


def test_report_opens_without_console_errors_or_network(tmp_path):
    from playwright.sync_api import sync_playwright

    summary, bench = _fixture_run()
    page_file = tmp_path / "report.html"
    page_file.write_text(report_html(summary, bench, [{"run_id": "a", "baseline_points": 30, "graphrag_points": 70},
                                                      {"run_id": "b", "baseline_points": 32.5, "graphrag_points": 78.5}]))
    console, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"])
        page = browser.new_page(viewport={"width": 1000, "height": 1200})
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri())
        page.wait_for_load_state("networkidle")
        assert page.locator("svg").count() == 3  # categories, latency distribution, history
        assert "FAIL" in page.inner_text("p.verdict")
        assert page.locator("tr.fail").count() == 1
        if os.environ.get("GRAPHRAG_SCREENSHOT"):
            page.screenshot(path=os.environ["GRAPHRAG_SCREENSHOT"], full_page=True)
        browser.close()
    assert console == []
    assert requests == [page_file.as_uri()]
