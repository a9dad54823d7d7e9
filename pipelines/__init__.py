"""Dagster wiring: Definitions, jobs, schedules, the dbt project, and the command line."""
