"""The corpus registry: names, folders kept apart, and a malformed registry named in one line."""

import pytest

from graphrag_bench.corpus.corpora import CorpusRegistry
from graphrag_bench.errors import InputError

from ..conftest import CORPUS, QUESTIONS


def test_a_registered_corpus_gets_its_own_data_and_results_folders(tmp_path):
    registry = CorpusRegistry(tmp_path / "data", tmp_path / "results")
    source = registry.register("water-2", CORPUS, QUESTIONS)
    assert (source.data_dir, source.results_dir) == (str(tmp_path / "data" / "corpora" / "water-2"),
                                                     str(tmp_path / "results" / "corpora" / "water-2"))
    assert source.corpus_dir == str(CORPUS.resolve())
    registry.register("alpha", CORPUS, QUESTIONS)
    assert CorpusRegistry(tmp_path / "data", tmp_path / "results").names() == ["alpha", "water-2"]  # read back from the file


@pytest.mark.parametrize("name", ["default", "Upper", "", "a b", "-lead", "x" * 64])
def test_a_name_that_cannot_be_a_partition_is_refused_naming_it(tmp_path, name):
    with pytest.raises(InputError, match="field 'name'"):
        CorpusRegistry(tmp_path, tmp_path).register(name, CORPUS, QUESTIONS)


def test_an_unknown_name_and_a_broken_registry_are_named(tmp_path):
    registry = CorpusRegistry(tmp_path, tmp_path)
    with pytest.raises(InputError, match="item 'nope'.*registered: default"):
        registry.source("nope")
    registry.path.write_text('{"water": {"corpus_dir": 3}}')
    with pytest.raises(InputError, match="corpora.json: item 'water': field 'corpus_dir'"):
        registry.names()
    registry.path.write_text("{not json")
    with pytest.raises(InputError, match="not a readable corpus registry"):
        registry.names()
