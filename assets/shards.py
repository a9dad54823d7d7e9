"""The fan-out over document shards shared by the build's graph-backed assets (`chunks` with `chunk_embeddings`, and
`entity_mentions`): one mapped step per shard (`bench.shards`, GRAPHRAG_SHARDS), then a fan-in step
(`graphrag_bench.stages.shards`).

On the in-process executor (the benchmark job, the CLI) the shards' steps run one after another; on the multiprocess
executor (`graph_build_job`) or Kubernetes' they run side by side, each in its own process. The result is the same.
What a shard's step passes on is a small record (`ShardWork`), kept under the data folder's `dagster/shard_work/`
until the fan-in has read it; its results themselves are part files the fan-in takes into the shared stores.
"""

import shutil
from pathlib import Path
from typing import Iterator

from dagster import DynamicOut, DynamicOutput, OpExecutionContext, op

from resources import BenchSettings

SHARD_WORK_IO = "shard_work"


def shard_work_dir(data_dir: str) -> Path:
    return Path(data_dir) / "dagster" / SHARD_WORK_IO


def each_shard(bench: BenchSettings) -> Iterator[DynamicOutput[int]]:
    """One output per document shard; the steps mapped over them each take one."""
    for shard in range(bench.shards):
        yield DynamicOutput(shard, mapping_key=f"shard_{shard + 1}")


@op(out=DynamicOut(int, io_manager_key=SHARD_WORK_IO))
def document_shards(bench: BenchSettings) -> Iterator[DynamicOutput[int]]:
    """The document shards (GRAPHRAG_SHARDS) to fan out over."""
    yield from each_shard(bench)


def forget_shard_work(context: OpExecutionContext, bench: BenchSettings) -> None:
    """The fan-in has read its shards' records: they go (the run's folder once no step of it has any left)."""
    run_dir = shard_work_dir(bench.data_dir) / context.run_id
    graph = context.node_handle.parent.name if context.node_handle.parent else context.op.name
    for step in run_dir.glob(f"{graph}.*"):
        shutil.rmtree(step, ignore_errors=True)
    if run_dir.is_dir() and not any(run_dir.iterdir()):
        run_dir.rmdir()
