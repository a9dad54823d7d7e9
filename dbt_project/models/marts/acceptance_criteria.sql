-- The release gates of each run: criterion, measured value, threshold, verdict.
select run_id, name as criterion, value, threshold, passed, detail
from {{ source('raw', 'gate_results') }}
order by run_id, criterion
