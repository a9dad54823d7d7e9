"""Scale benchmark: the whole pipeline on generated corpora of N documents (default 1,000 / 5,000 / 10,000).

For each N it generates a corpus (its own generator: a system catalogue, a people directory
with name variants and two people one letter apart, ADRs, incidents, changes, meeting notes
and distractor pages; every fact known) with 20 questions, then runs the benchmark job three
times on one data folder, each in a fresh process: first run, unchanged re-run, and a re-run
after one document was edited. It prints time per stage, the re-run ratios, chunk embeddings
computed, per-row cost of extraction / upsert / audit, p95 per mode and their ratio, peak RSS (of the job's
process, and of it with the processes beside it: check worker, dbt),
and points per category.

    .venv/bin/python bench/scale.py [--sizes 1000,5000,10000] [--runs 3] [--work /tmp/graphrag-scale]

With `--shards 1,2` it measures instead the first build of the graph at each size with each number of document
shards (GRAPHRAG_SHARDS): time per stage, the ratios, and the graph's state hash (the same for every count). A count
written `N@C` runs on C of the machine's cores (the build's CPU affinity, which its processes inherit and its thread
counts follow): `1@1,1,2` compares one worker on one core (one shard's cost per core, as a cluster of one-core
workers has it), today's build on every core, and two shards, each process on one core.

    .venv/bin/python bench/scale.py --sizes 5000 --shards 1@1,1,2
    .venv/bin/python bench/scale.py --sizes 5000 --shards 1@1,1,2 --real --stand-in-vectors   # other projects' documents

With `--real` the corpus is the first N of the scale set's real design documents (`bench/distractor_set.py`);
`--stand-in-vectors` starts every build with a stored stand-in vector for each text it would embed, so the builds
compare everything but chunk embedding (an hour and a half per build at 5,000 real documents here).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

PROCESS_START = time.perf_counter()  # a run's time includes starting Python and importing, as a CLI user waits for it
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

FIRST = ["Dana", "Omar", "Lucia", "Kenji", "Aisha", "Marek", "Ines", "Tobias", "Yara", "Felix", "Noor", "Pavel",
         "Greta", "Rahul", "Selin", "Hugo", "Mira", "Diego", "Ada", "Bram"]
LAST = ["Whitlow", "Haddad", "Ferreira", "Sato", "Bello", "Nowak", "Duarte", "Krause", "Lindqvist", "Okafor",
        "Petrov", "Moreau", "Iyer", "Castillo", "Novak", "Brandt", "Tanaka", "Quinn", "Varga", "Holm"]
WORDS = ["Kestrel", "Ledger", "Beacon", "Harbor", "Quarry", "Atlas", "Juniper", "Cobalt", "Falcon", "Meridian",
         "Orchard", "Prism", "Summit", "Tundra", "Vector", "Willow", "Zephyr", "Ember", "Granite", "Lattice"]
KINDS = ["Service", "Store", "Gateway", "Queue", "Index", "Scheduler", "Registry", "Cache"]


def _names(rng: random.Random, count: int, parts: list[list[str]]) -> list[str]:
    names = sorted({" ".join(p) for p in itertools.product(*parts) if len(set(p)) == len(p)})
    rng.shuffle(names)
    return names[:count]


def generate(target: Path, n_docs: int, seed: int = 7) -> Path:
    """Write N documents and a 20-question file under `target`; returns the question file."""
    rng = random.Random(seed)
    corpus = target / "corpus"
    if corpus.exists():
        shutil.rmtree(corpus)
    corpus.mkdir(parents=True)
    n_sys, n_people = max(40, n_docs // 8), max(24, n_docs // 25)
    systems = _names(rng, n_sys, [WORDS, WORDS, KINDS])
    people = _names(rng, n_people - 2, [FIRST, LAST]) + ["Jon Elis", "Jon Ellis"]  # two people, one letter apart
    owner = {s: people[rng.randrange(len(people))] for s in systems}
    depends = {s: sorted({systems[j] for j in rng.sample(range(i + 1, n_sys), min(2, n_sys - i - 1))}) if i < n_sys - 1 else []
               for i, s in enumerate(systems)}
    pages: dict[str, list[str]] = {}
    for i, s in enumerate(systems):
        pages.setdefault(f"CATALOGUE-{i // 100 + 1:03d}", []).append(s)
    page_of = {s: page for page, members in pages.items() for s in members}
    for page, members in pages.items():
        rows = "\n".join(f"| {s} | {owner[s]} | {', '.join(depends[s]) or '—'} |" for s in members)
        (corpus / f"{page}.md").write_text(f"# System catalogue, part {page[-3:]}\n\n| System | Owner | Depends on |\n"
                                           f"|---|---|---|\n{rows}\n")
    lines = [f"- **{p}** — {'platform' if k % 2 else 'operations'} engineer, {p.split()[0].lower()}{k}@example.org"
             for k, p in enumerate(people)]
    (corpus / "PEOPLE.md").write_text("# People directory\n\n" + "\n".join(lines) +
                                      "\n\nJon Elis and Jon Ellis are two different people.\n")
    adrs, incidents, changes = [], [], []
    fixed = 2 + len(pages)
    for k in range(n_docs - fixed):
        kind = ("adr", "adr", "adr", "inc", "inc", "chg", "chg", "meeting", "note", "note")[k % 10]
        day = f"2026-{1 + k % 12:02d}-{1 + k % 28:02d}"
        s, t = systems[rng.randrange(n_sys)], systems[rng.randrange(n_sys)]
        a, b = people[rng.randrange(len(people))], people[rng.randrange(len(people))]
        if kind == "adr":
            rid = f"ADR-{len(adrs) + 1:04d}"
            adrs.append((rid, s, a, b))
            text = (f"# {rid}: Move {s} onto {t}\n\nStatus: Accepted\nDate: {day}\nAuthor: {a}\nApproved by: {b}\n\n"
                    f"## Context\n\n{s} has outgrown its current hosting and its on-call load keeps rising.\n\n"
                    f"## Decision\n\nWe will run {s} on {t} from next quarter.\n")
        elif kind == "inc":
            rid = f"INC-{len(incidents) + 1:04d}"
            reporter = "Jon Ellis" if len(incidents) % 7 == 0 else a
            incidents.append((rid, s, reporter))
            text = (f"# {rid}: {s} degraded\n\n**Affected system:** {s}\n**Reported by:** {reporter}\n**Date:** {day}\n\n"
                    f"Requests to {s} timed out for forty minutes. Traffic was drained and the service recovered.\n")
        elif kind == "chg":
            rid = f"CHG-{len(changes) + 1:04d}"
            changes.append((rid, s, b))
            text = (f"# {rid}: Upgrade {s}\n\n- Owner: {a}\n- Approved by: {b}\n- Window: {day}\n\n"
                    f"The runtime of {s} is upgraded; rollback is a redeploy of the previous image.\n")
        elif kind == "meeting":
            held = (dt.date(2020, 1, 1) + dt.timedelta(days=k // 10)).isoformat()  # one meeting a day: dated ids stay unique
            rid = f"MEETING-{held}"
            text = (f"# Architecture sync {held}\n\nAttendees: {a}, {b}\n\n- Reviewed the on-call load of {s}.\n"
                    f"- Agreed to revisit capacity planning next month.\n")
        else:
            rid = f"NOTE-{k:05d}"
            text = (f"# Working notes {k}\n\nThe words gateway, ledger, store and queue appear in many pages; this one"
                    f" only records that the team met on {day} and talked about hiring and the office move.\n")
        (corpus / f"{rid}.md").write_text(text)
    return _questions(target, rng, systems, depends, owner, page_of, adrs, incidents)


def _question(qid, text, cat, required, sources, certainty="supported", multi_hop=False, **extra) -> dict:
    return {"question_id": qid, "question": text, "category": cat, "required_entities": required,
            "required_sources": sources, "forbidden_claims": extra.pop("forbidden", []), "certainty": certainty,
            "multi_hop": multi_hop, "signals": {"supported": sources, "likely_min_signals": 2, "possible_min_signals": 1},
            "relevant_documents": [{"id": s, "relevance": 3} for s in sources], **extra}


def _questions(target, rng, systems, depends, owner, page_of, adrs, incidents) -> Path:
    chains = [s for s in systems if depends[s] and depends[depends[s][0]]]
    qs = []
    for i, s in enumerate(rng.sample(chains, 6)):
        mid = depends[s][0]
        far = depends[mid][0]
        qs.append(_question(f"A{i + 1}", f"What does {s} depend on, directly or indirectly?", "A", [mid, far],
                            sorted({page_of[s], page_of[mid]}), certainty="likely", multi_hop=True))
    for i, (rid, _, _, approver) in enumerate(rng.sample(adrs, 5)):
        qs.append(_question(f"B{i + 1}", f"Who approved {rid}?", "B", [approver], [rid]))
    twins = [inc for inc in incidents if inc[2] == "Jon Ellis"]
    for i, (rid, _, reporter) in enumerate((twins + rng.sample(incidents, 4))[:4]):
        qs.append(_question(f"C{i + 1}", f"Who reported {rid}?", "C", [reporter], [rid],
                            forbidden=[f"{rid} was reported by Jon Elis"] if reporter == "Jon Ellis" else []))
    for i, s in enumerate(rng.sample(systems, 3)):
        qs.append(_question(f"D{i + 1}", f"Who is the owner of {s}?", "D", [owner[s]], [page_of[s]]))
    for i, (mode, s) in enumerate(zip(("graph_down", "graph_empty"), rng.sample([c for c in systems if depends[c]], 2))):
        qs.append(_question(f"E{i + 1}", f"Which systems does {s} depend on?", "E", depends[s][:1], [], failure_mode=mode))
    path = target / "questions.json"
    path.write_text(json.dumps({"questions": qs}, indent=1))
    return path


class TreeMemory(threading.Thread):
    """The peak resident memory of this process and its descendants together (the check worker's processes run
    beside the job), sampled from /proc every 0.2 s: what the machine must hold, where ru_maxrss sees one process."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_mb, self._stop_event = 0, threading.Event()

    @staticmethod
    def _tree_kb() -> int:
        total, pending, page_kb = 0, [os.getpid()], os.sysconf("SC_PAGE_SIZE") // 1024
        while pending:
            pid = pending.pop()
            try:
                total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * page_kb
                pending += [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                            for c in (task / "children").read_text().split()]
            except OSError:
                continue  # gone meanwhile
        return total

    def run(self) -> None:
        while not self._stop_event.wait(0.2):
            self.peak_mb = max(self.peak_mb, self._tree_kb() // 1024)

    def stop(self) -> int:
        self._stop_event.set()
        self.join()
        return self.peak_mb


def measure(corpus: str, questions: str, data_dir: str, results_dir: str, runs: int) -> dict:
    """One in-process benchmark_job run (as the CLI does); time per step from Dagster's own step stats."""
    from dagster import DagsterInstance

    from pipelines.definitions import benchmark_job, execute_job
    from resources import BenchSettings

    settings = BenchSettings(corpus_dir=corpus, questions_file=questions, data_dir=data_dir, results_dir=results_dir, runs=runs)
    started = PROCESS_START
    memory = TreeMemory()
    memory.start()
    with DagsterInstance.ephemeral() as instance:
        result = execute_job(settings, benchmark_job.name, instance, raise_on_error=False, run_config={"loggers": {"console": {"config": {"log_level": "WARNING"}}}})
        seconds = time.perf_counter() - started
        steps = {s.step_key: round(s.end_time - s.start_time, 3) for s in instance.get_run_step_stats(result.run_id)
                 if s.end_time and s.start_time}
    metadata = {}
    for event in result.get_asset_materialization_events():
        metadata[event.asset_key.path[-1]] = {k: v.value for k, v in event.materialization.metadata.items()
                                              if isinstance(v.value, (int, float, str, bool))}
    report = result.output_for_node("benchmark_report") if result.is_node_success("benchmark_report") else None
    summary = report["summary"] if report else None
    return {"seconds": round(seconds, 2), "steps": steps, "metadata": metadata, "success": result.success,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, "tree_rss_mb": memory.stop(),
            "summary": None if not summary else {
                "modes": {m: {"points": v["points"], "p95": v["p95_pipeline_ms"],
                              "by_category": {c: r["points"] for c, r in v["by_category"].items()}}
                          for m, v in summary["modes"].items()},
                "ratio": summary["latency_ratio_p95"], "gates": {g["name"]: g["passed"] for g in summary["gates"]}}}


def _child(args_list: list[str]) -> dict:
    out = subprocess.run([sys.executable, __file__, "--measure", *args_list], capture_output=True, text=True,
                         env={**os.environ, "HF_HUB_OFFLINE": "1"})
    if out.returncode != 0:
        raise SystemExit(f"scale run failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


BUILD_STEPS = ("documents", "chunks", "entity_mentions", "chunk_embeddings", "resolved_graph", "graph_store", "retrieval_index")


def build_seconds(run: dict) -> float:
    """Pipeline work that brings the graph and the vector index up to date (the benchmark excluded), checks included."""
    return round(sum(v for k, v in run["steps"].items() if k.startswith(BUILD_STEPS)), 2)


def per_row(run: dict) -> dict:
    """Seconds per row for the stages whose cost must stay constant as the corpus grows (ms per row)."""
    md, steps = run["metadata"], run["steps"]
    extracted = md.get("entity_mentions", {}).get("documents_extracted") or 0
    graph = md.get("graph_store", {})
    written = (graph.get("created") or 0) + (graph.get("changed") or 0)
    entities = md.get("resolved_graph", {}).get("entities") or 0
    audit = next((v for k, v in steps.items() if "entity_resolution_audit" in k), None)
    ms = lambda s, n: None if not n or s is None else round(1000 * s / n, 3)  # noqa: E731
    extraction = sum(v for k, v in steps.items() if k.split(".")[0] == "entity_mentions") or None
    return {"extract_ms_per_doc": ms(extraction, extracted),
            "upsert_ms_per_row": ms(steps.get("graph_store"), written),
            "audit_ms_per_entity": ms(audit, entities)}


# The build's stages as its steps are named (graph-backed assets: "<asset>.<op>[shard]"): a name ending in "." or "_"
# is a prefix of its steps' names, another is one step's (`stage_seconds`). Extraction is one stage: with one shard
# its passes 1 and 2 run in the step that interprets (no part files).
STAGES = {"read corpus": ("documents",), "chunk + embed": ("chunked_corpus.",),
          "extract (passes 1-3)": ("entity_mentions.",), "resolve": ("resolved_graph",),
          "audit + provenance checks": ("resolved_graph_",), "graph store": ("graph_store",)}


def build(corpus: str, data_dir: str, shards: int, cores: int = 0) -> dict:
    """One first build of the graph (graph_build_job) with `shards` document shards: 1 in this process (as the benchmark
    job builds), more on the multiprocess executor (at most `shards` steps at a time); each step's start and end.
    `cores`: run on that many of this machine's cores (0: all)."""
    import tempfile

    if cores:
        os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[:cores])

    from dagster import DagsterInstance

    from pipelines.definitions import execute_build_in_processes, execute_job, graph_build_job
    from resources import BenchSettings

    settings = BenchSettings(corpus_dir=corpus, data_dir=data_dir, results_dir=str(Path(data_dir).parent / "results"),
                             shards=shards)
    quiet = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}
    memory = TreeMemory()
    memory.start()
    with tempfile.TemporaryDirectory() as home, (DagsterInstance.ephemeral() if shards == 1 else DagsterInstance.local_temp(home)) as instance:
        if shards == 1:
            result = execute_job(settings, graph_build_job.name, instance, run_config=quiet)
        else:
            result = execute_build_in_processes(settings, instance, run_config=quiet)
        seconds = time.perf_counter() - PROCESS_START
        steps = {s.step_key: (s.start_time, s.end_time) for s in instance.get_run_step_stats(result.run_id)}
        state = next(e.materialization.metadata["state_hash"].value for e in result.get_asset_materialization_events()
                     if e.asset_key.path[-1] == "graph_store")
    return {"shards": shards, "cores": len(os.sched_getaffinity(0)), "seconds": round(seconds, 2), "success": result.success, "steps": steps, "state_hash": state,
            "tree_rss_mb": memory.stop()}


def stage_seconds(run: dict) -> dict[str, float]:
    """Per stage, the time at least one of its steps was running: in one process the sum of its steps; shards side by
    side count once; a step of another stage running meanwhile (the executor runs independent steps together) is not
    counted."""
    out = {}
    for stage, prefixes in STAGES.items():
        spans = sorted(span for step, span in run["steps"].items() if None not in span and any(
            step == p or (p.endswith((".", "_")) and step.startswith(p)) for p in prefixes))
        busy, end = 0.0, float("-inf")
        for start, stop in spans:
            busy += max(0.0, stop - max(start, end))
            end = max(end, stop)
        if spans:
            out[stage] = round(busy, 2)
    return out


def real_corpus(target: Path, n_docs: int) -> None:
    """The first N of the scale set's real design documents (`bench/distractor_set.py`) as a corpus."""
    from distractor_set import select

    chosen = select(n_docs)
    if len(chosen) < n_docs:
        raise SystemExit(f"only {len(chosen)} real documents here: run bench/distractor_set.py first")
    corpus = target / "corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    for path in chosen:
        shutil.copyfile(path, corpus / path.name)


def stand_in_vectors(corpus: Path, target: Path) -> Path:
    """A chunk vector store (`EmbeddingStore`, as the build keeps it) holding, for every text the build would embed
    (each chunk and its windows), a stand-in vector: seeded by the text's hash, of the shipped model's identity and
    dimension. A build that starts with it embeds no chunk, as one over an unchanged corpus; nothing the compared stages
    compute reads a chunk vector's values (extraction, resolution, the audit and the graph store work from the text),
    so their times are what they are with the model's own vectors, without the hour and a half of embedding 5,000 real
    documents costs here."""
    import numpy as np

    from graphrag_bench.corpus.ingest import chunk_document, load_corpus
    from graphrag_bench.corpus.windows import TextsToEmbed
    from graphrag_bench.runtime.embed import Embedder
    from graphrag_bench.runtime.embedding_store import EmbeddingStore, text_key

    model = Embedder()

    class StandIn:  # the model's identity and dimension; vectors seeded by each text's hash
        identity, dimension = model.identity, model.dimension

        def encode(self, texts: list[str]) -> np.ndarray:
            vectors = np.stack([np.random.default_rng(int(text_key(t)[:16], 16)).standard_normal(self.dimension)
                                for t in texts])
            return (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)

    texts = TextsToEmbed.of([c.text for doc in load_corpus(corpus) for c in chunk_document(doc)]).texts
    EmbeddingStore(target, model.identity).vectors(texts, StandIn())
    return target


def shard_table(sizes: list[int], shard_counts: list[str], work_dir: Path, real: bool, vectors: Path | None = None,
                stand_in: bool = False) -> None:
    """The first build per stage for each shard count, on a corpus of each size (`real`: other projects' design
    documents; else generated); ratios of each build against every one before it, all from this one invocation. `vectors`: a chunk
    vector store each build's data folder starts with (the scale set's), so the builds compare everything but
    embedding; `stand_in`: such a store of stand-in vectors (`stand_in_vectors`) instead."""
    for n in sizes:
        work = work_dir / f"n{n}"
        shutil.rmtree(work, ignore_errors=True)
        real_corpus(work, n) if real else generate(work, n)
        if stand_in:
            vectors = stand_in_vectors(work / "corpus", work / "stand_in_vectors.parquet")
        runs = []
        for spec in shard_counts:
            count, _, cores = spec.partition("@")
            data = work / f"data-{count}-{cores or 'all'}"
            if vectors is not None:
                (data / "embeddings").mkdir(parents=True, exist_ok=True)
                shutil.copyfile(vectors, data / "embeddings" / "chunks.parquet")
            out = subprocess.run([sys.executable, __file__, "--build", str(work / "corpus"), str(data), count, cores or "0"],
                                 capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
            if out.returncode != 0:
                raise SystemExit(f"build with {count} shards failed:\n{out.stderr[-3000:]}")
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        (work / "shards.json").write_text(json.dumps(runs, indent=1))
        stages = [stage_seconds(r) for r in runs]
        megabytes = sum(p.stat().st_size for p in (work / "corpus").rglob("*.md")) / 1e6
        print(f"\n== first build of the graph, {n} {'real' if real else 'generated'} documents ({megabytes:.1f} MB), "
              f"on a machine of {os.cpu_count()} cores{f'; chunk vectors from {vectors}' if vectors else ''}"
              f"{' (stand-ins: chunk embedding not compared)' if stand_in else ''} ==")
        name = lambda r: f"{r['shards']} shard{'s' if r['shards'] > 1 else ''} on {r['cores']} core{'s' if r['cores'] > 1 else ''}"  # noqa: E731
        pairs = [(i, j) for j in range(len(runs)) for i in range(j)]  # each run against every one before it
        print("| stage | " + " | ".join(f"{name(r)} s" for r in runs)
              + " | " + " | ".join(f"{name(runs[i])} / {name(runs[j])}" for i, j in pairs) + " |")
        print("|---|" + "---|" * (len(runs) + len(pairs)))
        ratio = lambda values, i, j: f"{values[i] / values[j]:.2f}×" if values[i] and values[j] else ""  # noqa: E731
        for stage in STAGES:
            values = [st.get(stage) for st in stages]
            print(f"| {stage} | " + " | ".join("" if v is None else f"{v:.1f}" for v in values) + " | "
                  + " | ".join(ratio(values, i, j) for i, j in pairs) + " |")
        totals = [r["seconds"] for r in runs]
        print("| whole build (process start to end) | " + " | ".join(f"{t:.1f}" for t in totals) + " | "
              + " | ".join(ratio(totals, i, j) for i, j in pairs) + " |")
        print(f"state hashes: {', '.join(r['state_hash'][:16] for r in runs)} "
              f"({'identical' if len({r['state_hash'] for r in runs}) == 1 else 'DIFFERENT'}); peak memory with every "
              f"process: {', '.join(str(r['tree_rss_mb']) + ' MB' for r in runs)}; every run succeeded: {all(r['success'] for r in runs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,10000")
    parser.add_argument("--runs", type=int, default=3, help="runs per question per mode (run 1 dropped)")
    parser.add_argument("--work", default="/tmp/graphrag-scale")
    parser.add_argument("--shards", default=None, help="comma-separated shard counts: the first build of the graph for "
                        "each (1: in one process, as the benchmark job builds; more: graph_build_job on the multiprocess "
                        "executor), time per stage, instead of the three-run table; N@C: on C cores")
    parser.add_argument("--real", action="store_true", help="with --shards: other projects' real design documents "
                        "(bench/distractor_set.py) instead of a generated corpus")
    parser.add_argument("--vectors", default=None, help="with --shards: a chunk vector store every build starts with "
                        "(bench/distractors/embeddings.parquet for --real), so the builds compare everything but embedding")
    parser.add_argument("--stand-in-vectors", action="store_true", help="with --shards: every build starts with a "
                        "stored stand-in vector for each chunk text, so the builds compare everything but embedding "
                        "without a vector store of the model's own")
    parser.add_argument("--measure", nargs=5, metavar=("CORPUS", "QUESTIONS", "DATA", "RESULTS", "RUNS"), help=argparse.SUPPRESS)
    parser.add_argument("--build", nargs=4, metavar=("CORPUS", "DATA", "SHARDS", "CORES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        corpus, questions, data, results, runs = args.measure
        print(json.dumps(measure(corpus, questions, data, results, int(runs))))
        return
    if args.build:
        corpus, data, shards, cores = args.build
        print(json.dumps(build(corpus, data, int(shards), int(cores))))
        return
    if args.shards:
        shard_table([int(x) for x in args.sizes.split(",")], args.shards.split(","), Path(args.work),
                    args.real, Path(args.vectors) if args.vectors else None, args.stand_in_vectors)
        return
    table = []
    for n in [int(x) for x in args.sizes.split(",")]:
        work = Path(args.work) / f"n{n}"
        shutil.rmtree(work, ignore_errors=True)
        questions = generate(work, n)
        child_args = [str(work / "corpus"), str(questions), str(work / "data"), str(work / "results"), str(args.runs)]
        first = _child(child_args)
        again = _child(child_args)
        edited_doc = sorted((work / "corpus").glob("ADR-*.md"))[0]
        edited_doc.write_text(edited_doc.read_text() + "\nA note added after review.\n")
        edited = _child(child_args)
        row = {"n": n, "first": first, "unchanged": again, "edited": edited}
        table.append(row)
        print_row(row)
    (Path(args.work) / "scale.json").write_text(json.dumps(table, indent=1))
    print_summary(table)


def print_row(row: dict) -> None:
    first, again, edited = row["first"], row["unchanged"], row["edited"]
    print(f"\n== {row['n']} documents ==")
    print(f"first run {first['seconds']:.0f} s | unchanged re-run {again['seconds']:.0f} s "
          f"({again['seconds'] / first['seconds']:.3f} x first) | one document edited {edited['seconds']:.0f} s "
          f"({edited['seconds'] / first['seconds']:.3f} x first) | peak RSS {max(first['rss_mb'], again['rss_mb'], edited['rss_mb'])} MB, "
          f"with the check worker's processes {max(r.get('tree_rss_mb', 0) for r in (first, again, edited))} MB")
    print(f"graph and index up to date in: first {build_seconds(first)} s, unchanged {build_seconds(again)} s, "
          f"edited {build_seconds(edited)} s (stage time, benchmark excluded); benchmark reused on the unchanged run: "
          f"{again['metadata'].get('baseline_run', {}).get('reused')}")
    emb = [r["metadata"].get("chunk_embeddings", {}) for r in (first, again, edited)]
    print(f"chunk embeddings computed: first {emb[0].get('computed')}, unchanged {emb[1].get('computed')}, edited {emb[2].get('computed')}")
    print(f"{'stage':<34}{'first s':>9}{'unchanged s':>13}{'edited s':>10}")
    for step in sorted(first["steps"], key=lambda k: -first["steps"][k])[:12]:
        print(f"{step:<34}{first['steps'][step]:>9.2f}{again['steps'].get(step, 0):>13.2f}{edited['steps'].get(step, 0):>10.2f}")
    print(f"per-row cost (first run): {per_row(first)}")
    s = first["summary"]
    if s:
        b, g = s["modes"]["baseline"], s["modes"]["graphrag"]
        print(f"p95 ms: baseline {b['p95']}, GraphRAG {g['p95']}, ratio {s['ratio']}; points baseline {b['points']} / "
              f"GraphRAG {g['points']}; by category baseline {b['by_category']} GraphRAG {g['by_category']}")
        print(f"gates: {s['gates']}")


def print_summary(table: list[dict]) -> None:
    print("\n| documents | first run s | unchanged re-run | one edited | edited: graph + index s | extract ms/doc | upsert ms/row | audit ms/entity "
          "| p95 base / GraphRAG ms (ratio) | points base / GraphRAG | peak RSS MB (with workers) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in table:
        f, u, e = row["first"], row["unchanged"], row["edited"]
        cost = per_row(f)
        s = f["summary"] or {"modes": {"baseline": {"p95": None, "points": None}, "graphrag": {"p95": None, "points": None}}, "ratio": None}
        print(f"| {row['n']:,} | {f['seconds']:.0f} | {u['seconds']:.0f} s ({u['seconds'] / f['seconds']:.2f}×) | "
              f"{e['seconds']:.0f} s ({e['seconds'] / f['seconds']:.2f}×) | {build_seconds(e)} | {cost['extract_ms_per_doc']} | {cost['upsert_ms_per_row']} | "
              f"{cost['audit_ms_per_entity']} | {s['modes']['baseline']['p95']} / {s['modes']['graphrag']['p95']} ({s['ratio']}) | "
              f"{s['modes']['baseline']['points']} / {s['modes']['graphrag']['points']} | "
              f"{max(f['rss_mb'], u['rss_mb'], e['rss_mb'])} ({max(r.get('tree_rss_mb', 0) for r in (f, u, e))}) |")
    if len(table) > 1:
        lo, hi = per_row(table[0]["first"]), per_row(table[-1]["first"])
        ratios = {k: None if not lo[k] or hi[k] is None else round(hi[k] / lo[k], 2) for k in lo}
        print(f"\nper-row cost at {table[-1]['n']:,} / at {table[0]['n']:,} documents: {ratios}  (target ≤ 1.5)")


if __name__ == "__main__":
    main()
