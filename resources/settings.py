"""Paths, run counts and corpus reading options for one benchmark, from the environment or the CLI; `for_corpus`
gives a registered corpus's."""

from __future__ import annotations

import os
from pathlib import Path

from dagster import ConfigurableResource

from graphrag_bench.corpus.corpora import DEFAULT_CORPUS, CorpusRegistry
from graphrag_bench.retrieval.modes import parse_modes
from graphrag_bench.settings import (DEFAULT_MAX_DOCUMENT_MB, DEFAULT_THRESHOLDS, REPO_ROOT, document_bytes, env_flag,
                                     env_number, id_types_from_env, max_document_mb_from_env, modes_from_env, shards_from_env)


class BenchSettings(ConfigurableResource):
    corpus_dir: str = str(REPO_ROOT / "corpus")
    questions_file: str = str(REPO_ROOT / "questions" / "benchmark_questions.json")
    data_dir: str = str(REPO_ROOT / "data")
    results_dir: str = str(REPO_ROOT / "results")
    thresholds_file: str = str(DEFAULT_THRESHOLDS)
    runs: int = 10
    remeasure: bool = False  # measure even when every benchmark input is unchanged (graphrag_bench.evaluation.reuse)
    answerer: str = ""  # deterministic or openai (`run --answerer`); empty: GRAPHRAG_ANSWERER's
    replay: bool = False  # GRAPHRAG_ANSWERER=openai: answers from the data folder's recorded model calls only
    modes: str = "all"  # the retrieval modes to benchmark, comma-separated (graphrag_bench.retrieval.modes); vector and graphrag always
    max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB  # a larger file is left out of the corpus with a warning naming it
    id_types: dict[str, str] = {}  # record-id prefix → type, typed by hand (GRAPHRAG_ID_TYPES); empty: inferred from the corpus
    shards: int = 1  # document shards the build fans out over (GRAPHRAG_SHARDS; graphrag_bench.stages.shards); 1: one step each

    @classmethod
    def from_env(cls) -> "BenchSettings":
        env = os.environ
        return cls(
            corpus_dir=env.get("GRAPHRAG_CORPUS_DIR", cls.model_fields["corpus_dir"].default),
            questions_file=env.get("GRAPHRAG_QUESTIONS_FILE", cls.model_fields["questions_file"].default),
            data_dir=env.get("GRAPHRAG_DATA_DIR", cls.model_fields["data_dir"].default),
            results_dir=env.get("GRAPHRAG_RESULTS_DIR", cls.model_fields["results_dir"].default),
            thresholds_file=env.get("GRAPHRAG_GATES_FILE", cls.model_fields["thresholds_file"].default),
            runs=int(env_number("GRAPHRAG_RUNS", 10, minimum=2)),
            remeasure=env_flag("GRAPHRAG_REMEASURE", False),
            replay=env_flag("GRAPHRAG_LLM_REPLAY", False),
            modes=modes_from_env(env),
            max_document_mb=max_document_mb_from_env(env),
            id_types=id_types_from_env(env),
            shards=shards_from_env(env),
        )

    def mode_names(self) -> tuple[str, ...]:
        """The modes to benchmark, by name (ValueError names a word that is not a mode)."""
        return parse_modes(self.modes)

    def corpora(self) -> CorpusRegistry:
        """The corpora registered beside the default one (`graphrag_bench.corpus.corpora`)."""
        return CorpusRegistry(self.data_dir, self.results_dir)

    def for_corpus(self, name: str) -> "BenchSettings":
        """These settings with a registered corpus's documents, questions and folders; the default corpus is these."""
        if name == DEFAULT_CORPUS:
            return self
        source = self.corpora().source(name)
        return self.model_copy(update={"corpus_dir": source.corpus_dir, "questions_file": source.questions_file,
                                       "data_dir": source.data_dir, "results_dir": source.results_dir})

    @property
    def max_document_bytes(self) -> int:
        return document_bytes(self.max_document_mb)

    @property
    def warehouse_path(self) -> str:
        return str(Path(self.data_dir) / "warehouse.duckdb")
