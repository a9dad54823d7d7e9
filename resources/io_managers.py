"""Where asset outputs persist between steps and runs (the data folder's `dagster/io/`): data only, never pickles.

Frames are Parquet files (`ParquetIOManager`, the `frames` IO manager of the assets returning a `pl.DataFrame`). Every
other output — a stage's typed result, a run's dict — is JSON written and read through the pydantic schema of the type
its asset declares (`TypedJsonIOManager`, via `graphrag_bench.runtime.result_cache`), so nothing read from the data
folder can run code. A file that does not read as its type is one error naming the file and the asset to materialize
again, never code run. (dagster-polars' Parquet IO manager would do the frames' part, but its last release, 0.27.12,
calls `scan_parquet(rechunk=…)`, which polars 2 removed; these two are Dagster's own `UPathIOManager` with a
reader and a writer each.)
"""

from __future__ import annotations

from typing import Any, Callable

import polars as pl
from dagster import ConfigurableIOManagerFactory, DagsterInvariantViolationError, InputContext, OutputContext
from dagster._core.storage.upath_io_manager import UPathIOManager
from upath import UPath

from graphrag_bench.errors import InputError
from graphrag_bench.runtime.result_cache import read_stored, stored_json


def _kind(context: OutputContext | InputContext) -> Any:
    """The type the output was declared as: what its asset or op returns (an op's fanned-in outputs are one each, the
    step reading them takes a list), else what the step reading it takes (a check run on its own, as the
    release-gate job runs them, knows only that)."""
    if isinstance(context, InputContext) and context.upstream_output is not None:
        try:
            declared = context.upstream_output.dagster_type.typing_type
            if declared is not Any:
                return declared
        except DagsterInvariantViolationError:
            pass
    try:
        return context.dagster_type.typing_type
    except DagsterInvariantViolationError:  # no type given: read as plain JSON data
        return Any


def _replaced(path: UPath, write: Callable[[UPath], object]) -> None:
    """Written beside the target, then renamed over it: a killed step leaves the previous output, not half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    write(tmp)
    tmp.replace(path)


def _unreadable(context: InputContext, path: UPath, exc: Exception) -> InputError:
    upstream = context.upstream_output
    asset = upstream.asset_key.to_user_string() if upstream is not None and upstream.has_asset_key else "its asset"
    return InputError(str(path), f"the stored output cannot be read ({str(exc).splitlines()[0]}); materialize "
                                 f"{asset} again")


class _TypedJson(UPathIOManager):
    extension = ".json"

    def dump_to_path(self, context: OutputContext, obj: Any, path: UPath) -> None:
        _replaced(path, lambda tmp: tmp.write_bytes(stored_json(obj, _kind(context))))

    def load_from_path(self, context: InputContext, path: UPath) -> Any:
        try:
            return read_stored(path.read_bytes(), _kind(context))
        except (ValueError, OSError) as exc:  # (missing: an output an older version stored as a pickle)
            raise _unreadable(context, path, exc) from None


class _Parquet(UPathIOManager):
    extension = ".parquet"

    def dump_to_path(self, context: OutputContext, obj: pl.DataFrame, path: UPath) -> None:
        _replaced(path, lambda tmp: obj.write_parquet(str(tmp)))

    def load_from_path(self, context: InputContext, path: UPath) -> pl.DataFrame:
        try:
            return pl.read_parquet(str(path))
        except (pl.exceptions.PolarsError, OSError) as exc:
            raise _unreadable(context, path, exc) from None


class TypedJsonIOManager(ConfigurableIOManagerFactory):
    """Asset outputs as JSON files under `base_dir`, each read back only as the type its asset declares."""

    base_dir: str

    def create_io_manager(self, context) -> _TypedJson:
        return _TypedJson(base_path=UPath(self.base_dir))


class ParquetIOManager(ConfigurableIOManagerFactory):
    """Frame outputs as Parquet files under `base_dir`."""

    base_dir: str

    def create_io_manager(self, context) -> _Parquet:
        return _Parquet(base_path=UPath(self.base_dir))
