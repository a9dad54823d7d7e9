"""Dagster's standard table metadata for an asset that is a polars frame (its row count and column schema), and the
one-line wording of a stage's change counts in the run log."""

import polars as pl
from dagster import TableColumn, TableSchema


def table_metadata(frame: pl.DataFrame) -> dict:
    """`dagster/row_count` and `dagster/column_schema` (column names and polars types), shown in the catalog."""
    columns = [TableColumn(name, str(dtype)) for name, dtype in frame.schema.items()]
    return {"dagster/row_count": frame.height, "dagster/column_schema": TableSchema(columns=columns)}


def describe_counts(counts: dict) -> str:
    """"3 reused, 1 changed" from a stage's counts (zeros left out)."""
    return ", ".join(f"{n} {what}" for what, n in counts.items() if n) or "nothing"
