"""The command line as the end-to-end tests start it: a subprocess of this interpreter, a throwaway Dagster instance."""

import os
import subprocess
import sys

FEW_MODES = "vector,graphrag"  # where a test is not about the modes, the benchmark runs the two it always runs
# Runs per question where a test is not about the count: two would keep one timed sample per question, and the p95
# of ~20 samples is then the second-slowest call, which one scheduler stall decides on a 2-core machine running two
# test workers (the latency gate failed so in CI: GraphRAG 50.9 ms against vector 22.7 ms, 1.7 and 6.3 ms alone).
RUNS = "4"


def cli(*args, cwd, env=None):
    full_env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", **(env or {})}
    for name in ("GRAPH_RAG_ENABLED", "DAGSTER_HOME"):  # no flag; a throwaway Dagster instance
        full_env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "pipelines.cli", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=900)
