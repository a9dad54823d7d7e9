"""The development set: every corpus of other organisations' real documents (bench/devset/, ../shared/devset/), and
the project's own two corpora beside them, benchmarked in every retrieval mode by the same code.

Per corpus and mode: points per category and in total; evidence (the share of questions whose retrieved context held
every required phrase and source before any answer was composed); composition (the mean points of those questions);
certainty accuracy (over all questions, and over those whose context was complete); hallucinations; harm (questions a
graph mode scores below vector); and each graph mode against the best non-graph mode over all questions (paired
bootstrap 95% interval). Where a corpus has hand labels of its graph
(`graph_labels.json`), the extraction's precision and recall against them. A corpus whose documents are not on this
machine is named and skipped (see bench/devset/README.md).

    .venv/bin/python bench/devset.py [--runs 2] [--only NAME,...] [--modes M,...] [--no-own] [--write] [--json FILE]

`--json FILE` writes every question's points, label and answer per corpus and mode, to compare two versions of the
code question by question (`bench/devset.py --compare OLD.json NEW.json` prints what changed).

`--write` puts the tables into docs/BENCHMARKS.md and the headline line into the README (between its devset markers).

`--distractors 1000,5000` runs the scale set instead: each devset corpus with the first N real design documents of
other projects beside it (`bench/distractor_set.py` puts them in place), the same table plus each mode's p95 and how
many of its answers cite a distractor, and the build's time per step. Chunk embeddings are kept between corpora and
runs in `bench/distractors/embeddings.parquet` (the line says how many were computed); extraction starts cold.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from graphrag_bench.evaluation.comparison import compare_modes  # noqa: E402
from graphrag_bench.evaluation.evaluate import evaluate_corpus  # noqa: E402
from graphrag_bench.graph.ground_truth import LABELS_FILE  # noqa: E402
from graphrag_bench.retrieval.modes import GRAPH_MODES, MODE_LABELS, parse_modes  # noqa: E402

DEVSET_ROOTS = (REPO / "bench" / "devset", REPO.parent / "shared" / "devset")
OWN = {"default (own)": (REPO / "corpus", REPO / "questions" / "benchmark_questions.json"),
       "water (own)": (REPO / "tests" / "fixtures" / "water" / "corpus", REPO / "tests" / "fixtures" / "water" / "questions.json")}
HEADLINE_MARKERS = ("<!-- devset-headline -->", "<!-- /devset-headline -->")


def devset_corpora() -> tuple[dict[str, tuple[Path, Path]], list[str]]:
    """name → (documents, questions) for every devset corpus whose documents are here; and the names that are not."""
    found: dict[str, tuple[Path, Path]] = {}
    missing: list[str] = []
    names = sorted({d.name for root in DEVSET_ROOTS if root.is_dir() for d in root.iterdir() if (d / "questions.json").is_file()})
    for name in names:
        questions = next(root / name / "questions.json" for root in DEVSET_ROOTS if (root / name / "questions.json").is_file())
        documents = next((root / name / "corpus" for root in DEVSET_ROOTS if (root / name / "corpus").is_dir()), None)
        if documents is None:
            missing.append(name)
        else:
            found[name] = (documents, questions)
    return found, missing


def _n(value, digits: int = 2) -> str:
    return "" if value is None else f"{value:.{digits}f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def corpus_rows(compared: dict, scores: dict[str, list[dict]],
                distracted: dict[str, int] | None = None) -> tuple[list[str], list[list[str]]]:
    """One row per mode; `distracted` (mode → answers citing a distractor) adds that and the mode's p95."""
    modes = compared["modes"]
    cats = list(modes["baseline"]["by_category"])
    vector = {s["question_id"]: s["total"] for s in scores["baseline"]}
    against = {r["graph_mode"]: r for r in compared["against_best_non_graph"] if r["category"] == "all"}
    headers = ["mode", *cats, "total", "evidence", "composition", "certainty", "certainty, complete", "halluc.", "harm",
               "vs best non-graph (95%)"]
    if distracted is not None:
        headers += ["p95 ms", "cite a distractor"]
    rows = []
    for mode, row in modes.items():
        evidence = row["evidence"]
        harm = sum(1 for s in scores[mode] if s["total"] < vector[s["question_id"]]) if mode in GRAPH_MODES else None
        vs = against.get(mode)
        rows.append([MODE_LABELS[mode], *(f"{row['by_category'][c]['points']:g}" for c in cats), f"{row['points']:g}",
                     _n(evidence["complete"]), _n(evidence["composition"]), _n(row["certainty_accuracy"]),
                     _n(evidence.get("certainty_when_complete")),
                     str(row["hallucinations"]), _n(harm),
                     "" if vs is None else f"{vs['graph_points'] - vs['best_points']:+g} vs {MODE_LABELS[vs['best_non_graph']]} "
                     f"[{vs['ci95'][0]:+.2f}, {vs['ci95'][1]:+.2f}]"])
        if distracted is not None:
            rows[-1] += [_n(row["p95_pipeline_ms"], 1), str(distracted[mode])]
    return headers, rows


def markdown(headers: list[str], rows: list[list[str]]) -> str:
    return "\n".join([f"| {' | '.join(headers)} |", "|" + "---|" * len(headers), *(f"| {' | '.join(r)} |" for r in rows)])


def headline(results: dict[str, dict], runs: int) -> str:
    real = {name: r for name, r in results.items() if not name.endswith("(own)")}
    if not real:
        return "devset: no corpus of real documents found on this machine"

    def mean(f) -> float:
        return sum(f(r) for r in real.values()) / len(real)

    best = mean(lambda r: max(r["modes"][m]["points"] for m in r["modes"] if m not in GRAPH_MODES))
    graph = mean(lambda r: r["modes"]["graphrag"]["points"])
    comp = [r["modes"]["graphrag"]["evidence"]["composition"] for r in real.values()]
    return (f"Devset ({len(real)} corpora of other organisations' real documents, 20 questions each, `bench/devset.py`, "
            f"{runs} runs): graphrag {graph:.1f}/80 on average against {best:.1f} for the best non-graph mode per corpus; "
            f"graphrag composition {min((c for c in comp if c is not None), default=0):.2f}–{max((c for c in comp if c is not None), default=0):.2f} "
            f"points on questions whose context held the evidence; certainty accuracy "
            f"{mean(lambda r: r['modes']['graphrag']['certainty_accuracy']):.2f}; harm (questions below vector) "
            f"{sum(r['harm'] for r in real.values())} in all.")


def extraction_line(quality: dict) -> str:
    """The graph's extraction against the corpus's hand labels (`graph_labels.json`), where it has them."""
    if quality.get("relationship_recall") is None:
        return ""
    return (f"\n\nGraph against hand labels ({LABELS_FILE}): relationships precision {quality['relationship_precision']:.2f}, "
            f"recall {quality['relationship_recall']:.2f}; entities precision {quality['entity_precision']:.2f}, "
            f"recall {quality['entity_recall']:.2f}")


def compare(old_file: str, new_file: str) -> None:
    """Every question whose points changed between two `--json` snapshots, and the totals per corpus and mode."""
    old, new = (json.loads(Path(f).read_text(encoding="utf-8")) for f in (old_file, new_file))
    for corpus in sorted(set(old) & set(new)):
        for mode in sorted(set(old[corpus]) & set(new[corpus])):
            before, after = old[corpus][mode], new[corpus][mode]
            changed = [(q, before[q], after[q]) for q in after if q in before and before[q]["total"] != after[q]["total"]]
            total = sum(a["total"] for a in after.values()) - sum(b["total"] for b in before.values())
            if changed:
                print(f"{corpus} {mode}: {total:+g}")
            for q, b, a in changed:
                print(f"  {q} {b['total']:g} -> {a['total']:g} ({b['label']} -> {a['label']})  "
                      f"{a['answer'].splitlines()[0][:150]!r}")


def evaluate(documents: Path, questions: Path, runs: int, modes: tuple[str, ...],
             labels: Path | None, embeddings=None, distractor_ids: set[str] | None = None) -> tuple[dict, dict, str]:
    """One corpus in every mode: its comparison (with the harm count), every question's result, and its table."""
    from graphrag_bench.evaluation.score import cited_sources

    evaluation = evaluate_corpus(documents, questions, runs=runs, modes=modes, labels_dir=labels, embeddings=embeddings)
    per_question = {mode: {s["question_id"]: {"total": s["total"], "label": s["label"], "complete": s["evidence_complete"],
                                              "answer": evaluation.answers[mode][s["question_id"]]}
                           for s in mode_scores} for mode, mode_scores in evaluation.scores.items()}
    compared = compare_modes(evaluation.questions, evaluation.scores, evaluation.benchmark)
    vector = {s["question_id"]: s["total"] for s in evaluation.scores["baseline"]}
    compared["harm"] = sum(1 for s in evaluation.scores["graphrag"] if s["total"] < vector[s["question_id"]])
    distracted = None if distractor_ids is None else {
        mode: sum(1 for answer in answers.values() if cited_sources(answer) & distractor_ids)
        for mode, answers in evaluation.answers.items()}
    table = markdown(*corpus_rows(compared, evaluation.scores, distracted)) + extraction_line(evaluation.extraction)
    if distractor_ids is not None:
        b = evaluation.build
        compared["build"] = b
        table += (f"\n\nBuild {sum(v for k, v in b.items() if k.endswith('_s')):.0f} s for {b['documents']} documents "
                  f"({b['chunks']} chunks): " + ", ".join(f"{k[:-2]} {v:.0f} s" for k, v in b.items() if k.endswith("_s"))
                  + f"; {b['embedded']} texts embedded (chunks and their passage windows), {b.get('embeddings_reused', 0)} reused from earlier corpora or runs.")
    return compared, per_question, table


def _shown(documents: Path) -> Path:
    where = documents.resolve()
    return (where.relative_to(REPO) if where.is_relative_to(REPO)
            else Path("..") / where.relative_to(REPO.parent) if where.is_relative_to(REPO.parent) else documents)


def scale_set(corpora: dict[str, tuple[Path, Path]], sizes: list[int], runs: int, modes: tuple[str, ...],
              write: bool = False) -> dict:
    """Each corpus with each number of distractors beside it; every question's result per corpus and size. `write`:
    the tables go to docs/SCALE.md."""
    import tempfile

    from distractor_set import FOLDER, combined_corpus, select
    from graphrag_bench.corpus.ingest import load_corpus, normalize_doc_ref
    from graphrag_bench.runtime.embed import Embedder
    from graphrag_bench.runtime.embedding_store import EmbeddingStore

    embedder = Embedder()
    embeddings = EmbeddingStore(REPO / "bench" / "distractors" / "embeddings.parquet", embedder.identity)
    per_question = {}
    sections: dict[tuple[int, str], str] = {}
    for size in sizes:
        megabytes = sum(p.stat().st_size for p in select(size)) / 1e6
        for name, (documents, questions) in corpora.items():
            start = time.perf_counter()
            with tempfile.TemporaryDirectory() as tmp:
                combined = combined_corpus(documents, size, Path(tmp))
                ids = {normalize_doc_ref(d.doc_id) for d in load_corpus(combined / FOLDER)}
                compared, answers, table = evaluate(combined, questions, runs, modes, None, embeddings, ids)
            per_question[f"{name} +{size}"] = answers
            title = f"{name} with {size} distractors ({megabytes:.1f} MB; {time.perf_counter() - start:.0f} s in all)"
            stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
            sections[(size, name)] = (f"### {title}\n\nPrinted by `bench/devset.py --distractors {size} --only {name} "
                                      f"--runs {runs} --write` (or a run of more) on {stamp}.\n\n{table}\n")
            print(f"\n{title}\n{table}", flush=True)
    if write:
        # (a run of some corpora or sizes replaces their sections and keeps the others: 5,000 distractors cost hours)
        path = REPO / "docs" / "SCALE.md"
        kept = {}
        if path.is_file():
            for section in path.read_text(encoding="utf-8").split("\n### ")[1:]:
                if m := re.match(r"(\S+) with (\d+) distractors", section):
                    kept[(int(m.group(2)), m.group(1))] = f"### {section.rstrip()}\n"
        merged = {**kept, **sections}
        path.write_text(
            "# Scale set\n\nPrinted by `bench/devset.py --distractors N --runs R --write`, each section by the run that says "
            "so; do not edit by hand. Each devset corpus with the first N real design documents of other projects "
            "beside it (`bench/distractors/sources.json`); the columns are those of docs/BENCHMARKS.md, with each mode's "
            "p95 and the number of its answers that cite a distractor.\n\n"
            + "\n".join(merged[key] for key in sorted(merged)), encoding="utf-8")
    return per_question


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated corpus names")
    parser.add_argument("--modes", default="", help="comma-separated retrieval modes (default: all)")
    parser.add_argument("--json", default="", help="write every question's points, label and answer to this file")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="print what changed between two --json files")
    parser.add_argument("--no-own", action="store_true", help="leave out the project's own corpora (default, water)")
    parser.add_argument("--write", action="store_true", help="write docs/BENCHMARKS.md and the README headline")
    parser.add_argument("--distractors", default="", help="comma-separated numbers of distractor documents: the scale set")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    modes = parse_modes(args.modes)
    corpora, missing = devset_corpora()
    if not args.no_own and not args.distractors:
        corpora |= OWN
    if args.only:
        wanted = {w.strip() for w in args.only.split(",")}
        corpora = {n: c for n, c in corpora.items() if n in wanted or n.split(" ")[0] in wanted}
    for name in missing:
        print(f"skipped {name}: its documents are not on this machine (bench/devset/{name}/SOURCE.md names them)")
    if args.distractors:
        sizes = [int(n) for n in args.distractors.split(",")]
        per_question = scale_set(corpora, sizes, args.runs, modes, args.write)
        if args.json:
            Path(args.json).write_text(json.dumps(per_question, indent=1, sort_keys=True), encoding="utf-8")
        return None
    results: dict[str, dict] = {}
    per_question: dict[str, dict] = {}
    sections = []
    for name, (documents, questions) in corpora.items():
        start = time.perf_counter()
        labels = questions.parent if (questions.parent / LABELS_FILE).is_file() else None  # a devset corpus's, beside its questions
        results[name], per_question[name], table = evaluate(documents, questions, args.runs, modes, labels)
        sections.append(f"### {name}\n\n{len(per_question[name]['baseline'])} questions, documents in `{_shown(documents)}`\n\n{table}\n")
        print(f"\n{name} ({time.perf_counter() - start:.0f} s)\n{table}", flush=True)
    line = headline(results, args.runs)
    print(f"\n{line}")
    if args.json:
        Path(args.json).write_text(json.dumps(per_question, indent=1, sort_keys=True), encoding="utf-8")
    if args.write:
        stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
        legend = ("evidence = share of questions (with required phrases or sources) whose context held all of them before "
                  "composing; composition = their mean points (of 4); certainty = share of headline labels equal to the "
                  "key (certainty, complete: on the questions whose context held the evidence); harm = questions a "
                  "graph mode scores below vector; last column = graph mode − best non-graph mode over all questions, "
                  "paired bootstrap 95% interval of the per-question difference.")
        (REPO / "docs" / "BENCHMARKS.md").write_text(
            f"# Development set\n\nPrinted by `bench/devset.py --runs {args.runs} --write` on {stamp}; do not edit by hand.\n\n"
            f"{line}\n\n{legend}\n\n" + ("Not on this machine: " + ", ".join(missing) + "\n\n" if missing else "")
            + "\n".join(sections), encoding="utf-8")
        readme = REPO / "README.md"
        text = readme.read_text(encoding="utf-8")
        start_mark, end_mark = HEADLINE_MARKERS
        pattern = re.compile(re.escape(start_mark) + ".*?" + re.escape(end_mark), re.DOTALL)
        if pattern.search(text):
            readme.write_text(pattern.sub(lambda _: f"{start_mark}\n{line}\n{end_mark}", text), encoding="utf-8")


if __name__ == "__main__":
    main()
