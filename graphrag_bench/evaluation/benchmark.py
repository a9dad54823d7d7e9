"""The benchmark runner (SPEC §3.10): N runs per question per mode, run 1 dropped for latency.

Modes alternate question by question so drift on a shared machine hits every mode equally.
Latency runs bypass the pipeline cache (they time the whole pipeline); the graph-template
cache stays on, and its hits and misses are counted over runs 2..N. A replay of runs 2..N
through the pipeline cache measures that cache. Category E questions run every graph mode in
its failure state (a closed store, an empty store). The golden run answers every
question through the product's flag-off entry point and compares bytes with the baseline.
Every mode of `graphrag_bench.retrieval.modes` can be run; vector (`baseline`) and `graphrag` always are.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from typing import Callable

from ..answers.answer import compose
from .metrics import p95
from ..retrieval.modes import ALL_MODES, GRAPH_MODES, REQUIRED_MODES
from ..retrieval.retrieve import BaselineRetriever, GraphRetriever, Retrieval, Retriever
from ..retrieval.retrievers import build_retrievers, graph_retrievers
from .reuse import BenchmarkInputs, BenchmarkReuse, new_run_id


def _answer(retriever: Retriever, question: str, compose_fn: Callable[[Retrieval], str]) -> tuple[Retrieval, str, float]:
    r = retriever.retrieve(question, use_pipeline_cache=False)
    start = time.perf_counter()
    text = compose_fn(r)
    return r, text, round((time.perf_counter() - start) * 1000, 3)


def failure_retrievers(retrievers: dict[str, Retriever], entities) -> dict[str, dict[str, Retriever]]:
    """Real failure states for category E: the graph modes of `retrievers` again, over a store that has been closed
    and over an empty store (failure mode → mode → retriever)."""
    from ..graph.store.ladybug_store import LadybugStore

    from ..retrieval.router import RouterRetriever

    baseline, router = retrievers["baseline"], retrievers.get("router")
    if not isinstance(baseline, BaselineRetriever):
        raise TypeError("the failure states are built over the vector baseline")
    modes = tuple(m for m in retrievers if m in GRAPH_MODES)
    text_route = router.text if isinstance(router, RouterRetriever) else None
    graphrag = retrievers.get("graphrag")
    seeds = graphrag.seeder if isinstance(graphrag, GraphRetriever) else None
    down = LadybugStore(":memory:")  # (no file: nothing in the data folder to damage, nothing to read back)
    down.close()
    return {"graph_down": graph_retrievers(baseline, down, entities, "closed", text_route, modes, probe="graph store closed",
                                           seeds=seeds),
            "graph_empty": graph_retrievers(baseline, LadybugStore(":memory:"), entities, "empty", text_route, modes,
                                            probe="graph store empty", seeds=seeds)}


def run_benchmark(questions: list[dict], retrievers: dict[str, Retriever], failures: dict[str, dict[str, Retriever]],
                  runs: int = 10, progress: Callable[[str], None] | None = None,
                  compose_fn: Callable[[Retrieval], str] = compose) -> dict:
    """Every mode of `retrievers` (mode name → retriever; "baseline" and "graphrag" always among them), each question,
    `runs` times (run 1 cold, dropped from latency), modes interleaved question by question. A category E question
    runs each graph mode over its failure state (`failures[failure_mode][mode]`)."""
    if runs < 2:
        raise ValueError("runs must be >= 2 (run 1 is the cold run and is dropped)")
    missing = [m for m in REQUIRED_MODES if m not in retrievers]
    if missing:
        raise ValueError(f"the benchmark always runs {', '.join(REQUIRED_MODES)}; missing: {', '.join(missing)}")
    modes = list(retrievers)
    graphrag = retrievers["graphrag"]
    if not isinstance(graphrag, GraphRetriever):  # its caches are measured below
        raise TypeError("the benchmark's graphrag mode must read a graph store")
    latency: dict[str, dict[str, list[float]]] = {mode: defaultdict(list) for mode in modes}
    phases: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    answers: dict[str, dict[str, str]] = {mode: {} for mode in modes}
    retrievals: dict[str, dict[str, dict]] = {mode: {} for mode in modes}
    unstable: set[str] = set()
    graph_hits = graph_misses = 0
    for run in range(1, runs + 1):
        for q in questions:
            qid = q["question_id"]
            state = failures.get(q["failure_mode"], {}) if q["failure_mode"] else {}
            for mode in modes:
                retriever = state.get(mode, retrievers[mode])
                # Latency runs time the whole pipeline: a graph mode's pipeline cache is bypassed.
                r, text, answer_ms = _answer(retriever, q["question"], compose_fn)
                if run == 1:
                    answers[mode][qid] = text
                    retrievals[mode][qid] = r.as_dict()
                elif answers[mode][qid] != text:
                    unstable.add(f"{mode}:{qid}")
                if run > 1:  # run 1 is the cold run
                    latency[mode][qid].append(r.timings["total_pipeline_ms"])
                    for phase, ms in r.timings.items():
                        phases[mode][phase].append(ms)
                    phases[mode]["answer_ms"].append(answer_ms)
                    if mode == "graphrag" and not q["failure_mode"]:
                        graph_hits += r.graph_cache_hits
                        graph_misses += r.graph_cache_misses
        if progress:
            progress(f"benchmark run {run}/{runs} done")
    pipeline_hits = pipeline_misses = 0
    for _ in range(2, runs + 1):  # replay of the warm runs through the pipeline cache
        for q in questions:
            if not q["failure_mode"]:
                r = graphrag.retrieve(q["question"], use_pipeline_cache=True)
                pipeline_hits += r.pipeline_cache_hit
                pipeline_misses += not r.pipeline_cache_hit
    report = {"runs": runs, "answers": answers, "retrievals": retrievals, "nondeterministic": sorted(unstable)}
    for mode in modes:
        kept = [ms for values in latency[mode].values() for ms in values]
        report[f"latency_{mode}"] = {
            "runs": runs, "dropped_runs": [1], "samples": len(kept), "p95_pipeline_ms": p95(kept),
            "p50_pipeline_ms": None if not kept else round(float(sorted(kept)[len(kept) // 2]), 3),
            "per_question": {qid: {"p95_ms": p95(v), "samples": v} for qid, v in sorted(latency[mode].items())},
        }
        report[f"phases_{mode}"] = {phase: {"p50_ms": round(sorted(v)[len(v) // 2], 3), "p95_ms": p95(v)} for phase, v in sorted(phases[mode].items())}
    total = graph_hits + graph_misses
    report["cache"] = {
        "graph_cache_hits": graph_hits, "graph_cache_misses": graph_misses,
        "graph_cache_hit_rate": None if total == 0 else round(graph_hits / total, 4),
        "pipeline_cache_hits": pipeline_hits, "pipeline_cache_misses": pipeline_misses,
        "pipeline_cache_hit_rate": None if pipeline_hits + pipeline_misses == 0 else round(pipeline_hits / (pipeline_hits + pipeline_misses), 4),
        "ttl_s": graphrag.graph_cache.ttl_s,
    }
    return report


def benchmark_modes(questions: list[dict], baseline: BaselineRetriever, store, entities: list[dict], modes: tuple[str, ...],
                    runs: int = 10, progress: Callable[[str], None] | None = None,
                    compose_fn: Callable[[Retrieval], str] = compose) -> dict:
    """`modes` (names of `graphrag_bench.retrieval.modes`; vector and graphrag always) built over the vector index and an open
    store, and their category-E failure states, benchmarked by `run_benchmark`. The benchmark's own graph
    runs are the one place the product flag does not apply: graph modes are what it measures."""
    from ..retrieval.retrieve import EntityIndex
    from ..graph.store.base import GraphUnavailable

    try:
        state = store.state_hash()
    except GraphUnavailable as exc:
        raise RuntimeError(f"graph store unavailable for the graph modes' run ({exc})") from exc
    entity_index = EntityIndex(entities, baseline.index.chunks)
    retrievers = build_retrievers(baseline, store, entity_index, state, tuple(m for m in ALL_MODES if m in {*modes, *REQUIRED_MODES}))
    return run_benchmark(questions, retrievers, failure_retrievers(retrievers, entity_index), runs=runs,
                         progress=progress, compose_fn=compose_fn)


def mode_run(result: dict, mode: str) -> dict:
    """One mode's share of a `run_benchmark` result (what the baseline_run / graphrag_run / mode_runs assets hold)."""
    run = {"answers": result["answers"][mode], "retrievals": result["retrievals"][mode],
           "latency": result[f"latency_{mode}"], "phases": result[f"phases_{mode}"]}
    if "measurement" in result:  # set by `measured_or_reused`
        run["measurement"] = result["measurement"]
    if mode == "graphrag":
        run.update(cache=result["cache"], runs=result["runs"], nondeterministic=result["nondeterministic"])
    return run


def joined_runs(runs: dict[str, dict]) -> dict:
    """The inverse of `mode_run`: every mode's run (mode → run) back in the shape of a `run_benchmark` result."""
    graphrag = runs["graphrag"]
    result = {"answers": {}, "retrievals": {}, "cache": graphrag["cache"], "runs": graphrag["runs"],
              "nondeterministic": graphrag["nondeterministic"]}
    if "measurement" in graphrag:
        result["measurement"] = graphrag["measurement"]
    for mode, run in runs.items():
        result["answers"][mode], result["retrievals"][mode] = run["answers"], run["retrievals"]
        result[f"latency_{mode}"], result[f"phases_{mode}"] = run["latency"], run["phases"]
    return result


def measured_or_reused(inputs: BenchmarkInputs, reuse: BenchmarkReuse, measure: Callable[[], dict],
                       remeasure: bool = False, executor: str = "in_process") -> dict:
    """`measure()` (a `run_benchmark` result) unless the last measurement had exactly these inputs.

    The result carries `measurement`: the run id it was measured in, the inputs' digest, whether it was reused, the
    executor it was measured under (the latency gate trusts only one process), the retrieval settings in effect and
    the answerer (`deterministic`, or `openai:<model>:<prompt template version>`)."""
    result = None if remeasure else reuse.get(inputs.digest, "run")
    if result is not None:
        result["measurement"] = {**result["measurement"], "reused": True}
        return result
    result = measure()
    result["measurement"] = {"run_id": new_run_id(), "inputs": inputs.digest, "reused": False, "executor": executor,
                             "retrieval": json.loads(inputs.settings),  # the settings in effect (top-k, hops, …)
                             "answerer": inputs.answerer}  # what wrote the answers the points are for
    reuse.put(inputs.digest, "run", result, replace=True)
    return result


def golden_or_reused(measurement: dict, reuse: BenchmarkReuse, check: Callable[[], dict]) -> dict:
    """The golden check of a measurement: `check()` again only when the baseline was measured again."""
    result = reuse.get(measurement["inputs"], "golden") if measurement["reused"] else None
    if result is None:
        result = check()
        reuse.put(measurement["inputs"], "golden", result)
    return result


def golden_run(questions: list[dict], flag_off_answer: Callable[[str], str], baseline_answers: dict[str, str]) -> dict:
    """Answers through the flag-off entry point must equal the baseline's, byte for byte."""
    mismatches = [q["question_id"] for q in questions if flag_off_answer(q["question"]) != baseline_answers[q["question_id"]]]
    return {"questions": len(questions), "identical": len(questions) - len(mismatches), "mismatches": mismatches,
            "passed": not mismatches}
