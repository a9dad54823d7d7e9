select run_id, mode, question_id, cast(total_ms as double) as total_ms
from {{ source('raw', 'latency_samples') }}
