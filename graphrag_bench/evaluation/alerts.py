"""Alerts: a failed run (a release gate, the audit, a crash) is said where people look — one log line, a JSON file
under the results folder (`alerts/`), and a POST to GRAPHRAG_ALERT_WEBHOOK when it is set.

The webhook is the one network call the product may make, and only when the user configures it; a webhook that
cannot be reached is logged, never a second failure.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from ..runtime.files import replace_atomically

log = logging.getLogger("graphrag_bench")
WEBHOOK_TIMEOUT_S = 5


@dataclass(frozen=True)
class Alert:
    run_id: str
    job: str
    reason: str  # the run's failure message
    failed_steps: list[str]  # e.g. benchmark_report_gate_latency
    at: str  # UTC time, YYYYmmddTHHMMSSZ
    schedule: str = ""  # the schedule that launched the run (the nightly one), empty for a run started by hand

    def line(self) -> str:
        started = f" (scheduled by {self.schedule})" if self.schedule else ""
        return f"ALERT {self.job} run {self.run_id}{started} failed: {', '.join(self.failed_steps) or self.reason}"


def raise_alert(alert: Alert, results_dir: str | Path, webhook: str = "") -> Path:
    """Log it, write `results/alerts/<time>_<run>.json`, and POST it to `webhook` when given. Returns the file."""
    log.error(alert.line())
    path = Path(results_dir) / "alerts" / f"{alert.at}_{alert.run_id[:8]}.json"
    replace_atomically(path, lambda tmp: tmp.write_text(json.dumps(asdict(alert), indent=2) + "\n", encoding="utf-8"))
    if webhook:
        request = urllib.request.Request(webhook, data=json.dumps({"text": alert.line(), **asdict(alert)}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        try:
            urllib.request.urlopen(request, timeout=WEBHOOK_TIMEOUT_S).close()
        except (urllib.error.URLError, OSError) as exc:
            log.warning("alert webhook %s not reached (%s); the alert is in %s", webhook, exc, path)
    return path
