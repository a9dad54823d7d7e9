-- One row per run, mode and question; the rubric components as numbers.
select
    run_id,
    mode,
    question_id,
    category,
    cast(correctness as double) as correctness,
    cast(citation as double) as citation,
    cast(completeness as double) as completeness,
    cast(hallucination as double) as hallucination,
    cast(certainty as double) as certainty,
    cast(bonus as double) as bonus,
    cast(total as double) as points,
    label
from {{ source('raw', 'question_scores') }}
