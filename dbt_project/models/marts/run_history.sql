-- One row per corpus, night and benchmark run; a new run or night adds a row, never overwrites. A night whose
-- measurement was reused (nothing it measures changed) is its own row, under the run that measured it.
{{ config(materialized='incremental', unique_key='entry_id', on_schema_change='append_new_columns') }}

select
    run_id || '@' || night as entry_id,
    run_id,
    corpus,
    night,
    created_at,
    corpus_path,
    baseline_points,
    graphrag_points,
    max_points,
    baseline_p95_ms,
    graphrag_p95_ms,
    gates_passed
from {{ source('raw', 'runs') }}
{% if is_incremental() %}
where run_id || '@' || night not in (select entry_id from {{ this }} where entry_id is not null)
{% endif %}
