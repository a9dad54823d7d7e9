-- Graph-template and pipeline cache hit rates per run.
with pivoted as (
    select
        run_id,
        max(case when metric = 'graph_cache_hits' then value end) as graph_hits,
        max(case when metric = 'graph_cache_misses' then value end) as graph_misses,
        max(case when metric = 'pipeline_cache_hits' then value end) as pipeline_hits,
        max(case when metric = 'pipeline_cache_misses' then value end) as pipeline_misses
    from {{ source('raw', 'cache_metrics') }}
    group by run_id
)
select
    run_id,
    graph_hits,
    graph_misses,
    graph_hits / nullif(graph_hits + graph_misses, 0) as graph_cache_hit_rate,
    pipeline_hits,
    pipeline_misses,
    pipeline_hits / nullif(pipeline_hits + pipeline_misses, 0) as pipeline_cache_hit_rate
from pivoted
