#!/usr/bin/env bash
# Open the Dagster UI on http://127.0.0.1:3000 (asset graph, checks, jobs, schedule, run history).
source "$(dirname "$0")/env.sh"
exec dagster dev -w workspace.yaml -h 127.0.0.1 -p "${PORT:-3000}"
