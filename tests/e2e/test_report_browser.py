"""report.html in a real headless Chromium: renders, no console errors, no network requests.

Needs Debian's `chromium` (.ci/run installs it); without it the test is skipped and says why.
Set GRAPHRAG_SCREENSHOT=path to also save a full-page screenshot of this fixture (docs/report.png is a real run of
the default corpus, taken the same way).
"""

import os
import shutil

import pytest

from graphrag_bench.evaluation.report import report_html
from graphrag_bench.evaluation.report_evidence import corpus_overview, question_evidence

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")


def _fixture_run() -> dict:
    """A run of every mode (numbers shaped like the default corpus's)."""
    from graphrag_bench.evaluation.comparison import against_best_non_graph

    points = {"baseline": [3.5, 15, 6, 4, 4], "bm25": [5.5, 10, 9, 10, 8], "hybrid_lexical": [5.5, 11, 4, 7, 8],
              "graphrag": [24, 20, 15, 12, 4], "graph_ppr": [19.5, 15, 16, 12, 8], "router": [24, 20, 15, 12, 4]}
    p95 = {"baseline": 9.0, "bm25": 0.6, "hybrid_lexical": 10.1, "graphrag": 12.0, "graph_ppr": 11.2, "router": 12.1}
    modes = {}
    for mode, pts in points.items():
        modes[mode] = {"points": sum(pts), "max_points": 80, "p95_pipeline_ms": p95[mode], "p50_pipeline_ms": p95[mode] * 0.8,
                       "by_category": {c: {"points": p, "max_points": m} for c, p, m in zip("ABCDE", pts, (24, 20, 16, 12, 8))},
                       "hallucinations": 0, "certainty_accuracy": 1.0, "graph_cache_hit_rate": 1.0,
                       "retrieval": {"mrr": 0.7, "ndcg@5": 0.5, "ndcg@10": 0.5, "p@3": 0.5, "r@10": 0.6}}
    # Per question: each category's points spread over its questions (6, 5, 4, 3, 2 of them).
    questions = [{"question_id": f"{c}{i}", "category": c} for c, n in zip("ABCDE", (6, 5, 4, 3, 2)) for i in range(n)]
    scores = {m: [{"question_id": q["question_id"], "total": pts["ABCDE".index(q["category"])] / (6, 5, 4, 3, 2)["ABCDE".index(q["category"])]}
                  for q in questions] for m, pts in points.items()}
    summary = {"run_id": "20261122_000000", "corpus": {"path": "corpus", "documents": 12, "chunks": 46},
               "graph": {"entities": 47, "relationships": 217}, "runs_per_question": 10, "modes": modes,
               "latency_ratio_p95": 1.33, "latency_ratio_p95_by_mode": {m: round(v / p95["baseline"], 4) for m, v in p95.items()},
               "against_best_non_graph": against_best_non_graph(questions, scores),
               "statistics": {"mean_diff": 2.1, "ci95": [1.4, 2.8], "p_value": 0.0002, "n": 20},
               "gates": [{"name": "multi_hop", "passed": True, "value": 5.9, "threshold": 0.2, "detail": "A"},
                         {"name": "latency", "passed": False, "value": 12.0, "threshold": 10.0, "detail": "too slow"}],
               "corpus_overview": corpus_overview(
                   [{"id": "system:gateway", "name": "Gateway", "type": "system"}, {"id": "system:auth", "name": "Auth", "type": "system"},
                    {"id": "person:priya", "name": "Priya", "type": "person"}],
                   [{"source": "system:gateway", "target": "system:auth", "type": "DEPENDS_ON", "label": "relies on"},
                    {"source": "person:priya", "target": "system:gateway", "type": "RELATED_TO", "label": "shepherds"}])}
    fact = {"source": "system:gateway", "source_name": "Gateway", "type": "DEPENDS_ON", "target": "system:auth",
            "target_name": "Auth", "doc_id": "ADR-001", "line": 7}
    retrievals = {m: {q["question_id"]: {"status": "ok", "passages": [{"doc_id": "ADR-001", "start_line": 3, "end_line": 9}],
                                         "question_pins": ["system:gateway"] if m in ("graphrag", "graph_ppr", "router") else [],
                                         "facts": [fact] if m in ("graphrag", "graph_ppr", "router") else []}
                      for q in questions} for m in points}
    asked = [{**q, "question": f"Question {q['question_id']}?", "required_entities": ["Auth"], "required_sources": ["ADR-001"],
              "certainty": "supported"} for q in questions]
    scored = {m: [{**row, "evidence_complete": True, "lost_not_composed": 4 - row["total"]} for row in rows]
              for m, rows in scores.items()}
    return summary, question_evidence(asked, scored, retrievals)


def test_report_opens_without_console_errors_or_network(tmp_path):
    from playwright.sync_api import sync_playwright

    summary, evidence = _fixture_run()
    page_file = tmp_path / "report.html"
    page_file.write_text(report_html(summary, [{"run_id": "a", "baseline_points": 30, "graphrag_points": 70},
                                                      {"run_id": "b", "baseline_points": 32.5, "graphrag_points": 78.5}], evidence))
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
        assert page.locator("svg:not(.subgraph)").count() == 3  # categories per mode, latency per mode, history
        # every question's evidence, folded; a graph mode's subgraph drawn with its edge's direction and provenance
        assert page.locator("details.question").count() == 20
        page.locator("details.question").first.locator("summary").click()
        assert page.locator("svg.subgraph").count() == 20 * 3
        assert page.locator("details.question").first.locator("svg.subgraph circle").first.is_visible()  # unfolded
        assert "Gateway -DEPENDS_ON-> Auth [ADR-001:7]" in page.locator("svg.subgraph line title").first.text_content()
        assert "retrieved but not composed" in page.locator("details.question").first.inner_text()
        overview = page.inner_text("div.overview")
        assert "system 2" in overview and "shepherds" in overview and "Gateway" in overview
        assert page.locator("svg rect").count() >= 6 * 5 + 2 * 6  # a bar per mode and category; p50 + p95 per mode
        assert "FAIL" in page.inner_text("p.verdict")
        assert page.locator("tr.fail").count() == 1
        assert page.locator("tr.beats").count() >= 1  # a graph mode that beats the best non-graph mode is marked
        if os.environ.get("GRAPHRAG_SCREENSHOT"):
            page.screenshot(path=os.environ["GRAPHRAG_SCREENSHOT"], full_page=True)
        browser.close()
    assert console == []
    assert requests == [page_file.as_uri()]
