"""Evaluation: question files (`questions`), the benchmark runner (`benchmark`, `evaluate`), scoring (`score`),
statistics (`metrics`, `comparison`), release gates (`gates`), reuse of an unchanged measurement (`reuse`), the
warehouse rows (`history`), the report (`report`) and alerts (`alerts`)."""
