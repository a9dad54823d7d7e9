-- Evidence recall per run, mode and category: how much of what the questions require the mode's context held before
-- any answer was composed, the points of the questions whose context was complete (composition), and where the lost
-- points went (retrieval, composition, the certainty label).
select
    run_id,
    mode,
    category,
    count(evidence_complete) as judged_questions,
    avg(evidence_phrases) as phrase_recall,
    avg(evidence_sources) as source_recall,
    avg(case when evidence_complete then 1.0 when not evidence_complete then 0.0 end) as complete_share,
    count(case when evidence_complete then 1 end) as complete_questions,
    avg(case when evidence_complete then points end) as composition_points,
    sum(lost_not_retrieved) as lost_not_retrieved,
    sum(lost_not_composed) as lost_not_composed,
    sum(lost_wrong_label) as lost_wrong_label
from {{ ref('stg_question_scores') }}
group by run_id, mode, category
order by run_id, category, mode
