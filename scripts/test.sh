#!/usr/bin/env bash
# Command 2: set up the environment if needed, then run the whole test suite.
source "$(dirname "$0")/env.sh"
exec python -m pytest "$@"
