-- p50 / p95 / p99 over all kept runs of all questions (SPEC 3.10), per run and mode.
select
    run_id,
    mode,
    count(*) as samples,
    quantile_cont(total_ms, 0.50) as p50_ms,
    quantile_cont(total_ms, 0.95) as p95_ms,
    quantile_cont(total_ms, 0.99) as p99_ms
from {{ ref('stg_latency_samples') }}
group by run_id, mode
order by run_id, mode
