-- Every benchmark run ever made with this data folder; a new run adds a row, never overwrites.
{{ config(materialized='incremental', unique_key='run_id') }}

select
    run_id,
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
where run_id not in (select run_id from {{ this }})
{% endif %}
