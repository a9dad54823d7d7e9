"""How every asset is partitioned: by corpus × night.

- `corpus` (dynamic): one partition per corpus — `default` (the settings' own) and each one registered
  with `graphrag-bench corpus add` (`graphrag_bench.corpus.corpora`); each has its own data and results folders.
- `night` (daily, UTC): the night a benchmark was run for, so a night can be backfilled and nights compared.

One definition for the whole graph, because a Dagster job runs assets of one partitions definition: the
build side of a night is that night's incremental rebuild of the corpus (unchanged documents are reused).
"""

import warnings

from dagster import (DailyPartitionsDefinition, DynamicPartitionsDefinition, MultiPartitionKey, MultiPartitionsDefinition,
                     PreviewWarning)

from graphrag_bench.corpus.corpora import DEFAULT_CORPUS
from graphrag_bench.settings import FIRST_NIGHT, tonight
from resources import BenchSettings

# Checks are partitioned like their assets (a verdict per corpus and night); Dagster still calls that a preview.
warnings.filterwarnings("ignore", category=PreviewWarning, message="Specifying a partitions_def on an AssetCheckSpec")

CORPUS, NIGHT = "corpus", "night"
corpus_partitions = DynamicPartitionsDefinition(name=CORPUS)
# end_offset=1: tonight is a partition while it is still running, not only once the day is over.
night_partitions = DailyPartitionsDefinition(start_date=FIRST_NIGHT, end_offset=1)
PARTITIONS = MultiPartitionsDefinition({CORPUS: corpus_partitions, NIGHT: night_partitions})


def partition_key(corpus: str = DEFAULT_CORPUS, night: str | None = None) -> MultiPartitionKey:
    """The key of one corpus on one night (default: the UTC date today)."""
    return MultiPartitionKey({CORPUS: corpus, NIGHT: night or tonight()})


def corpus_and_night(context) -> tuple[str, str]:
    """The corpus and the night of the partition an asset or check is materializing."""
    keys = PARTITIONS.get_partition_key_from_str(str(context.partition_key)).keys_by_dimension
    return keys[CORPUS], keys[NIGHT]


def corpus_settings(context, bench: BenchSettings) -> BenchSettings:
    """The settings of the corpus this partition is (its documents, questions and folders)."""
    return bench.for_corpus(corpus_and_night(context)[0])
