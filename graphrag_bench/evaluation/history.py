"""One run's rows for the warehouse's raw tables (the dbt models aggregate them and keep history)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from ..corpus.corpora import DEFAULT_CORPUS
from ..runtime.files import files_digest, replace_atomically
from ..settings import tonight

if TYPE_CHECKING:
    from ..stages.summary import RunSummary

RAW_TABLES = ("question_scores", "latency_samples", "cache_metrics", "gate_results", "runs")
# A measurement reused on another night (nothing it measures changed) is one more row of `runs`, not a replacement.
ROW_KEYS = {"runs": ("run_id", "night")}
BUILT_FILE = "dbt_built.json"


def warehouse_state(conn, project_dir: str | Path) -> str:
    """What the dbt models are a function of: the raw tables' contents (an order-free hash of every row but its
    load time), the tables present (a dropped model is rebuilt) and the dbt project's files. A re-run of an
    unchanged night changes none of them; a re-judged gate or a new run changes the raw rows."""
    tables = conn.execute("select table_schema, table_name from information_schema.tables order by 1, 2").fetchall()
    present = {(schema, name) for schema, name in tables}
    runs = {}
    for name in RAW_TABLES:
        if ("raw", name) in present:
            columns = [c for (c,) in conn.execute("select column_name from information_schema.columns where table_schema = "
                                                  "'raw' and table_name = ? order by ordinal_position", [name]).fetchall()
                       if c != "created_at"]
            row = ", ".join(f'"{c}"' for c in columns)
            runs[name] = conn.execute(f"select count(*), sum(hash(row({row}))::hugeint) from raw.{name}").fetchall()
    project = Path(project_dir)
    files = files_digest(project, [*project.glob("models/**/*"), *project.glob("*.yml")])
    text = json.dumps({"tables": sorted(present), "runs": runs, "project": files}, default=str, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def row_counts(conn, relations: dict) -> dict:
    """Rows in each relation (name → (schema, table or view)) that exists; the dbt models' `dagster/row_count`."""
    present = set(conn.execute("select table_schema, table_name from information_schema.tables").fetchall())
    return {name: conn.execute(f'select count(*) from "{schema}"."{table}"').fetchall()[0][0]
            for name, (schema, table) in relations.items() if (schema, table) in present}


def last_built_state(data_dir: str | Path) -> str | None:
    try:
        return json.loads((Path(data_dir) / BUILT_FILE).read_text())["state"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def record_built_state(data_dir: str | Path, state: str) -> None:
    replace_atomically(Path(data_dir) / BUILT_FILE, lambda tmp: tmp.write_text(json.dumps({"state": state})))


def run_night(summary: dict) -> str:
    """The night a summary was benchmarked for (a summary from before nights existed: the day it is loaded)."""
    return summary.get("night") or tonight()


def raw_frames(result: RunSummary) -> dict[str, pl.DataFrame]:
    """The five raw tables of one run, built from the benchmark summary."""
    summary, bench, scores, questions = result.summary, result.bench, result.scores, result.questions
    run_id = summary["run_id"]
    category = {q["question_id"]: q["category"] for q in questions}
    score_rows = pl.DataFrame([{**{k: v for k, v in s.items() if k not in {"hallucinations", "notes"}},
                                "run_id": run_id, "mode": mode, "category": category[s["question_id"]]}
                               for mode, rows in scores.items() for s in rows])
    latency_rows = pl.DataFrame([{"run_id": run_id, "mode": mode, "question_id": qid, "total_ms": float(ms)}
                                 for mode in bench["answers"]
                                 for qid, per_q in bench[f"latency_{mode}"]["per_question"].items() for ms in per_q["samples"]],
                                schema={"run_id": pl.String, "mode": pl.String, "question_id": pl.String, "total_ms": pl.Float64})
    cache_rows = pl.DataFrame([{"run_id": run_id, "metric": k, "value": float(v)} for k, v in bench["cache"].items()
                               if isinstance(v, (int, float)) and v is not None])
    gate_rows = pl.DataFrame([{"run_id": run_id, "name": g["name"], "passed": g["passed"], "value": str(g["value"]),
                               "threshold": str(g["threshold"]), "detail": g["detail"]} for g in summary["gates"]])
    b, g = summary["modes"]["baseline"], summary["modes"]["graphrag"]
    now = dt.datetime.now(dt.timezone.utc)
    run_row = pl.DataFrame([{"run_id": run_id, "created_at": now.replace(tzinfo=None),
                             "corpus": summary["corpus"].get("name", DEFAULT_CORPUS), "night": run_night(summary),
                             "corpus_path": summary["corpus"]["path"], "baseline_points": float(b["points"]),
                             "graphrag_points": float(g["points"]), "max_points": float(b["max_points"]),
                             "baseline_p95_ms": b["p95_pipeline_ms"], "graphrag_p95_ms": g["p95_pipeline_ms"],
                             "gates_passed": all(x["passed"] for x in summary["gates"])}])
    return dict(zip(RAW_TABLES, (score_rows, latency_rows, cache_rows, gate_rows, run_row)))


def append_run(conn, frames: dict[str, pl.DataFrame], run_id: str, night: str) -> dict[str, tuple[int, int]]:
    """This run's rows into raw.* (a DuckDB connection): re-loading the same run (and night) replaces only its own
    rows; a column added since a table was created is added to it. Per table: (rows of this run, rows in total)."""
    # DuckDB 2 wants every statement's result consumed before the next one.
    conn.execute("create schema if not exists raw").fetchall()
    key_values = {"run_id": run_id, "night": night}
    loaded = {}
    for name, frame in frames.items():
        conn.register("incoming", frame)
        conn.execute(f"create table if not exists raw.{name} as select * from incoming where false").fetchall()
        present = {c for (c,) in conn.execute("select column_name from information_schema.columns where table_schema = 'raw' "
                                              "and table_name = ?", [name]).fetchall()}
        for column, column_type in conn.execute("select column_name, column_type from (describe incoming)").fetchall():
            if column not in present:
                conn.execute(f'alter table raw.{name} add column "{column}" {column_type}').fetchall()
        keys = ROW_KEYS.get(name, ("run_id",))
        conn.execute(f"delete from raw.{name} where " + " and ".join(f'"{k}" = ?' for k in keys),
                     [key_values[k] for k in keys]).fetchall()
        conn.execute(f"insert into raw.{name} by name select * from incoming").fetchall()
        conn.unregister("incoming")
        loaded[name] = (frame.height, conn.execute(f"select count(*) from raw.{name}").fetchall()[0][0])
    return loaded


def reimport_runs(conn, results_dir: str | Path, corpus_dir: str | Path) -> tuple[list[str], list[str]]:
    """Into a new warehouse, the raw rows of the earlier runs of this corpus (by its folder) that `results_dir` holds,
    rebuilt from each run folder's files (summary.json, mode_scores.json, mode_latency.json, cache_metrics.json,
    reference_answers.json); dbt then builds the history from them as from any row. Their load time is now. Returns
    the run ids imported and the run folders left out (not of this corpus's runs, blocked, or unreadable: named)."""
    from ..stages.summary import RunSummary

    imported, left_out = [], []
    corpus = Path(corpus_dir).resolve()
    for folder in sorted(Path(results_dir).glob("run_*")):
        try:
            read = {name: json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
                    for name in ("summary", "mode_scores", "mode_latency", "cache_metrics", "reference_answers")}
            summary = read["summary"]
            if Path(summary["corpus"]["path"]).resolve() != corpus:
                continue
            bench = {"answers": {mode: {} for mode in read["mode_latency"]}, "cache": read["cache_metrics"],
                     **{f"latency_{mode}": latency for mode, latency in read["mode_latency"].items()}}
            frames = raw_frames(RunSummary(summary, bench, read["mode_scores"], read["reference_answers"], {}))
            append_run(conn, frames, summary["run_id"], run_night(summary))
            imported.append(summary["run_id"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:  # a blocked run has no scores
            left_out.append(f"{folder.name} ({type(exc).__name__}: {str(exc)[:80]})")
    return imported, left_out


def forget_run(conn, run_id: str, night: str) -> None:
    """Take a run out of every table of the warehouse (raw and dbt's) that holds it: a run whose run folder could not
    be written (a full disk) is not recorded, since a recorded run is one whose folder exists. Tables keyed by night
    lose only this night's row."""
    columns: dict[tuple[str, str], set[str]] = {}
    for schema, table, column in conn.execute(
            "select c.table_schema, c.table_name, c.column_name from information_schema.columns c join "
            "information_schema.tables t using (table_schema, table_name) where c.column_name in ('run_id', 'night') "
            "and t.table_type = 'BASE TABLE'").fetchall():  # (a view follows its tables)
        columns.setdefault((schema, table), set()).add(column)
    for (schema, table), held in sorted(columns.items()):
        if "run_id" in held:
            keys = {"run_id": run_id, **({"night": night} if "night" in held else {})}
            conn.execute(f'delete from "{schema}"."{table}" where ' + " and ".join(f'"{k}" = ?' for k in keys),
                         list(keys.values())).fetchall()


def corpus_history(conn, corpus: str) -> list[dict]:
    """One corpus's rows of the dbt run history, oldest night first (rows from before corpora were recorded are the
    default corpus's)."""
    rows = conn.execute("select run_id, night, baseline_points, graphrag_points from main.run_history "
                        "where coalesce(corpus, ?) = ? order by night, run_id", [DEFAULT_CORPUS, corpus]).fetchall()
    return [dict(zip(["run_id", "night", "baseline_points", "graphrag_points"], row)) for row in rows]
