"""Warehouse stage: the run's raw tables into DuckDB, then the dbt models over them.

DuckDB allows one writer per file: `warehouse_load` finishes before dbt starts (dbt's
source is this asset), and nothing else writes the file.
"""

import json
from collections.abc import Mapping
from graphlib import TopologicalSorter
from pathlib import Path
from typing import Any

from dagster import AssetCheckResult, AssetExecutionContext, AssetIn, AssetKey, AssetSpec, MaterializeResult, Output, multi_asset
from dagster_dbt import DagsterDbtTranslator, DbtCliResource, DbtProject, dbt_assets
from dagster_duckdb import DuckDBResource

from graphrag_bench.evaluation.history import (RAW_TABLES, append_run, last_built_state, raw_frames, record_built_state, row_counts,
                                    run_night, warehouse_state)
from graphrag_bench.stages.summary import RunSummary
from pipelines.dbt import dbt_project, model_relations, prepared_manifest
from resources import BenchSettings, DataFolderLock

from .partitions import PARTITIONS

GROUP = "warehouse"


@multi_asset(specs=[AssetSpec(["raw", name], group_name=GROUP, kinds={"duckdb"}, deps=["benchmark_summary"],
                              description=f"raw.{name} in the DuckDB warehouse, rows appended per run") for name in RAW_TABLES],
             ins={"benchmark_summary": AssetIn("benchmark_summary")}, partitions_def=PARTITIONS)
def warehouse_load(context: AssetExecutionContext, benchmark_summary: RunSummary, warehouse: DuckDBResource,
                   data_lock: DataFolderLock):
    """Append this run's rows to raw.* (re-materializing the same run and night replaces only its own rows;
    `data_lock`: one writer per data folder)."""
    summary = benchmark_summary.summary
    Path(warehouse.database).parent.mkdir(parents=True, exist_ok=True)  # a new data folder on first use
    with warehouse.get_connection() as conn:
        loaded = append_run(conn, raw_frames(benchmark_summary), summary["run_id"], run_night(summary))
    for name, (rows, total) in loaded.items():
        yield MaterializeResult(asset_key=["raw", name], metadata={"run_id": summary["run_id"], "rows_this_run": rows,
                                                                   "dagster/row_count": total})


class WarehouseTranslator(DagsterDbtTranslator):
    """dbt models live in the warehouse group, beside the raw tables they read (not in "default")."""

    def get_asset_spec(self, manifest: Mapping[str, Any], unique_id: str, project: DbtProject | None) -> AssetSpec:
        return super().get_asset_spec(manifest, unique_id, project).replace_attributes(group_name=GROUP)


TRANSLATOR = WarehouseTranslator()


@dbt_assets(manifest=prepared_manifest(), project=dbt_project, dagster_dbt_translator=TRANSLATOR,
            partitions_def=PARTITIONS)
def dbt_models(context: AssetExecutionContext, dbt: DbtCliResource, warehouse: DuckDBResource, bench: BenchSettings):
    """Aggregates over the warehouse: per-category scores, latency percentiles, cache rates,
    the acceptance-criteria table and the run history (incremental, never overwritten).

    dbt runs only when its inputs changed (a new run's rows, a changed model): an unchanged night skips it."""
    with warehouse.get_connection() as conn:
        state = warehouse_state(conn, dbt_project.project_dir)
    if state == last_built_state(bench.data_dir):
        context.log.info("dbt: the warehouse and the models are unchanged since the last build; nothing to rebuild")
        deps = context.assets_def.asset_deps  # a multi-asset yields its assets in dependency order
        for key in TopologicalSorter({k: deps.get(k, set()) & context.selected_asset_keys
                                      for k in sorted(context.selected_asset_keys)}).static_order():
            yield MaterializeResult(asset_key=key, metadata={"dbt": "not run: inputs unchanged since the last build"})
        for check in sorted(context.selected_asset_check_keys):  # a build is recorded only when its tests passed
            yield AssetCheckResult(asset_key=check.asset_key, check_name=check.name, passed=True,
                                   metadata={"dbt": "not run: passed at the last build, on the same inputs"})
        return
    # The events wait for dbt to exit: DuckDB lets no second process open a file another one writes, and each
    # model's row count is read on this process's own connection (dagster-dbt's fetch_row_counts would open the
    # file through dbt's adapter in this process, and then the next connection here is refused).
    events: list = []
    failure: Exception | None = None
    try:
        # dbt's artifacts and log beside the warehouse they describe (dagster-dbt's default is a new folder per
        # run in the repository): a data folder's next build also finds its partial-parse state there.
        events.extend(dbt.cli(["build", "--vars", json.dumps({"warehouse": warehouse.database})], context=context,
                              target_path=Path(bench.data_dir) / "dbt").stream())
    except Exception as exc:  # a failed dbt test: what dbt built is still reported, then the failure
        failure = exc
    with warehouse.get_connection() as conn:
        if failure is None:
            record_built_state(bench.data_dir, warehouse_state(conn, dbt_project.project_dir))
        counts = row_counts(conn, _model_relations())
    for event in events:
        key = context.asset_key_for_output(event.output_name) if isinstance(event, Output) else None
        yield event.with_metadata({**event.metadata, "dagster/row_count": counts[key]}) if key in counts else event
    if failure is not None:
        raise failure


def _model_relations() -> dict[AssetKey, tuple[str, str]]:
    """The warehouse relation of each dbt model, by its asset key."""
    manifest = json.loads(prepared_manifest().read_text(encoding="utf-8"))
    return {TRANSLATOR.get_asset_spec(manifest, uid, dbt_project).key: relation for uid, relation in model_relations(manifest).items()}
