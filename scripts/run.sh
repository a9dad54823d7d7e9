#!/usr/bin/env bash
# Command 1: set up the environment if needed, then run the main job (every asset) on the
# default corpus. Extra arguments go to `graphrag-bench run` (e.g. --runs 5).
source "$(dirname "$0")/env.sh"
exec graphrag-bench run "$@"
