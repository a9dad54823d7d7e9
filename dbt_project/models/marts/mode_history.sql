-- Every mode of every run ever made with this data folder: points, hallucinations and latency per run and mode.
-- Incremental (never overwritten), like run_history, so a mode's trend survives runs that did not measure it.
{{ config(materialized='incremental', unique_key=['run_id', 'mode']) }}

with scores as (
    select run_id, mode, count(*) as questions, sum(points) as points, 4 * count(*) as max_points,
           sum(case when hallucination < 0 then 1 else 0 end) as hallucinations
    from {{ ref('stg_question_scores') }}
    group by run_id, mode
),

latency as (
    select run_id, mode, quantile_cont(total_ms, 0.50) as p50_ms, quantile_cont(total_ms, 0.95) as p95_ms
    from {{ ref('stg_latency_samples') }}
    group by run_id, mode
)

select scores.run_id, scores.mode, questions, points, max_points, hallucinations, latency.p50_ms, latency.p95_ms
from scores
left join latency on latency.run_id = scores.run_id and latency.mode = scores.mode
{% if is_incremental() %}
where scores.run_id not in (select run_id from {{ this }})
{% endif %}
