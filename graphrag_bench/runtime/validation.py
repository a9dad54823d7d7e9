"""Great Expectations 1.x, called directly: suites are JSON files in `expectations/`.

Each suite file is a GX ExpectationSuite (name, expectations) whose values may be
`{"$PARAMETER": name}`: thresholds come from config/gates.toml at validation time, so the
numbers live in one file and the comparisons live in the suites. An ephemeral context,
a pandas data source, progress bars off, no analytics.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import polars as pl

from ..settings import REPO_ROOT

SUITES_DIR = REPO_ROOT / "expectations"


class Validate(Protocol):
    """`validate`'s signature: the stages take one, so a run can have its suites judged in a worker process
    (`check_worker.CheckWorker`) with the same verdicts."""

    def __call__(self, suite_name: str, rows: list[dict] | pl.DataFrame, parameters: dict | None = None) -> dict: ...


@lru_cache(maxsize=1)
def _context():
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig

    context = gx.get_context(mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False, metric_calculations=False)
    batch_definition = (context.data_sources.add_pandas("frames").add_dataframe_asset("frame")
                        .add_batch_definition_whole_dataframe("whole"))
    return gx, batch_definition


def warm_up() -> None:
    """Import Great Expectations and build its context now (~3 s here), not in the first suite's time."""
    _context()


@lru_cache(maxsize=None)
def load_suite(name: str, suites_dir: str = str(SUITES_DIR)) -> dict:
    return json.loads((Path(suites_dir) / f"{name}.json").read_text(encoding="utf-8"))


def validate(suite_name: str, rows: list[dict] | pl.DataFrame, parameters: dict | None = None) -> dict:
    """Run one suite over rows (or a frame); returns {success, failures: [readable strings], results: [...]}."""
    import pandas as pd

    gx, batch_definition = _context()
    spec = load_suite(suite_name)
    suite = gx.ExpectationSuite(name=spec["name"], expectations=spec["expectations"])
    columns = spec.get("meta", {}).get("columns") or None
    if isinstance(rows, pl.DataFrame):  # columnar all the way: no Python object per row
        frame = (rows.select(columns) if columns else rows).to_pandas()
    else:
        frame = pd.DataFrame(rows, columns=columns)
    result = batch_definition.get_batch(batch_parameters={"dataframe": frame}).validate(
        suite, expectation_parameters=parameters or {})
    failures, results = [], []
    for r in result.results:
        cfg = r.expectation_config
        kwargs = {k: v for k, v in cfg.kwargs.items() if k not in {"batch_id"}}
        observed = json.loads(json.dumps(r.result.get("observed_value", r.result.get("partial_unexpected_list")),
                                         default=lambda o: o.item() if hasattr(o, "item") else str(o)))
        results.append({"expectation": cfg.type, "kwargs": kwargs, "success": bool(r.success), "observed": observed})
        if not r.success:
            failures.append(f"{cfg.type}({', '.join(f'{k}={v}' for k, v in kwargs.items())}) observed {observed}")
    return {"suite": suite_name, "success": bool(result.success), "failures": failures, "results": results}
