-- One row per run, mode and question; the rubric components as numbers, and what the mode's context held before
-- the answer was composed (evidence recall; null for a question that requires nothing) with the lost points by cause.
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
    label,
    cast(evidence_phrases as double) as evidence_phrases,
    cast(evidence_sources as double) as evidence_sources,
    evidence_complete,
    cast(lost_not_retrieved as double) as lost_not_retrieved,
    cast(lost_not_composed as double) as lost_not_composed,
    cast(lost_wrong_label as double) as lost_wrong_label
from {{ source('raw', 'question_scores') }}
