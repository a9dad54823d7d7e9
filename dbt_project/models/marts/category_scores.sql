-- Points per run, mode and category (max 4 per question).
select
    run_id,
    mode,
    category,
    count(*) as questions,
    sum(points) as points,
    4 * count(*) as max_points,
    sum(case when hallucination < 0 then 1 else 0 end) as hallucinations
from {{ ref('stg_question_scores') }}
group by run_id, mode, category
order by run_id, category, mode
