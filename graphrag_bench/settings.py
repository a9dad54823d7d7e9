"""Run-time settings read from the environment, and the release-gate thresholds file.

Every environment variable the product reads is listed here (and in docs/CONFIGURATION.md).
Bad values raise InputError naming the variable.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import tomllib
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .graph.vocabulary import RECORD_TYPES

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_THRESHOLDS = REPO_ROOT / "config" / "gates.toml"
Env = Mapping[str, str]  # the process environment, or a caller's stand-in for it
TRUE_WORDS, FALSE_WORDS = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}


def env_flag(name: str, default: bool = False, env: Env | None = None) -> bool:
    raw = (env if env is not None else os.environ).get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise InputError("environment", f"expected true or false, got {raw!r}", field=name)


def env_number(name: str, default: float, env: Env | None = None, minimum: float = 0, maximum: float = math.inf) -> float:
    raw = (env if env is not None else os.environ).get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise InputError("environment", f"expected a number, got {raw!r}", field=name) from None
    if not math.isfinite(value):  # nan passes every comparison and would silently disable a bound
        raise InputError("environment", f"expected a finite number, got {raw!r}", field=name)
    if value < minimum:
        raise InputError("environment", f"must be >= {minimum}, got {raw!r}", field=name)
    if value > maximum:
        raise InputError("environment", f"must be <= {maximum:g}, got {raw!r}", field=name)
    return value


def graph_rag_enabled(env: Env | None = None) -> bool:
    """SPEC §2: GraphRAG is off unless GRAPH_RAG_ENABLED says otherwise."""
    return env_flag("GRAPH_RAG_ENABLED", False, env)


MAX_TOP_K = 50  # passages per question: past this the context is the corpus, not a retrieval
MAX_CACHE_TTL_S = 86_400.0  # a day: the nightly run rebuilds what the caches hold


@dataclass(frozen=True)
class RetrievalSettings:
    """Bounds of SPEC §3.6. Part of every cache key, so a changed setting never hits a stale entry."""

    top_k: int = 6
    max_hops: int = 2
    max_nodes: int = 50
    max_context_bytes: int = 5120
    cache_ttl_s: float = 300.0

    @classmethod
    def bounded(cls, top_k: int, max_hops: int, max_nodes: int, max_context_bytes: int, cache_ttl_s: float) -> "RetrievalSettings":
        """The settings asked for, held inside SPEC §3.6's bounds (a larger value is the bound, never more)."""
        return cls(top_k=max(1, int(top_k)), max_hops=min(2, max(1, int(max_hops))), max_nodes=min(50, max(1, int(max_nodes))),
                   max_context_bytes=min(5120, max(256, int(max_context_bytes))), cache_ttl_s=max(0.0, float(cache_ttl_s)))

    @classmethod
    def from_env(cls, env: Env | None = None) -> "RetrievalSettings":
        return cls.bounded(
            top_k=int(env_number("GRAPHRAG_TOP_K", cls.top_k, env, minimum=1, maximum=MAX_TOP_K)),
            max_hops=int(env_number("GRAPHRAG_MAX_HOPS", cls.max_hops, env, minimum=1)),
            max_nodes=int(env_number("GRAPHRAG_MAX_NODES", cls.max_nodes, env, minimum=1)),
            max_context_bytes=int(env_number("GRAPHRAG_MAX_CONTEXT_BYTES", cls.max_context_bytes, env, minimum=256)),
            cache_ttl_s=env_number("GRAPHRAG_CACHE_TTL_S", cls.cache_ttl_s, env, maximum=MAX_CACHE_TTL_S),
        )


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
ANSWERERS = ("deterministic", "openai")
DEFAULT_NIGHTLY = ("0 2 * * *", "UTC")
FIRST_NIGHT = "2026-01-01"  # the first night a benchmark can be recorded for (the night partitions' start)


def tonight() -> str:
    """The night (UTC date) a run started now is recorded for."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")


def night_from_arg(value: str | None) -> str:
    """`run --night`: a night from FIRST_NIGHT to tonight (YYYY-MM-DD, UTC); default tonight, read once, so a run that
    crosses midnight stays one night's."""
    if value is None:
        return tonight()
    try:
        night = dt.date.fromisoformat(value.strip())
    except ValueError:
        raise InputError("--night", f"expected a date YYYY-MM-DD, got {value!r}") from None
    if not FIRST_NIGHT <= night.isoformat() <= tonight():
        raise InputError("--night", f"must be from {FIRST_NIGHT} to tonight ({tonight()}, UTC), got {night}")
    return night.isoformat()


def _choice(name: str, default: str, choices: tuple[str, ...], env: Env | None, upper: bool = False) -> str:
    """One of `choices`, or `default` when unset (an empty default: unset stays empty)."""
    raw = ((env if env is not None else os.environ).get(name) or default).strip()
    value = raw.upper() if upper else raw.lower()
    if value not in choices and not (value == default == ""):
        raise InputError("environment", f"expected one of {', '.join(choices)}, got {raw!r}", field=name)
    return value


def log_level_from_env(env: Env | None = None) -> str:
    """GRAPHRAG_LOG_LEVEL: the progress output of `graphrag-bench run`."""
    return _choice("GRAPHRAG_LOG_LEVEL", "INFO", LOG_LEVELS, env, upper=True)


DEFAULT_MAX_DOCUMENT_MB = 50
MAX_DOCUMENT_MB = 1024  # extraction is linear, ~3 s per MB: a larger file would take the night


def max_document_mb_from_env(env: Env | None = None) -> float:
    """GRAPHRAG_MAX_DOCUMENT_MB (default 50): a larger file is left out of the corpus with a warning naming it."""
    return env_number("GRAPHRAG_MAX_DOCUMENT_MB", DEFAULT_MAX_DOCUMENT_MB, env, minimum=0.001, maximum=MAX_DOCUMENT_MB)


MAX_SHARDS = 256  # document shards of one build: each is a step (a process on the multiprocess or k8s executor)


def shards_from_env(env: Env | None = None) -> int:
    """GRAPHRAG_SHARDS (default 1): the document shards the build's chunking, embedding and extraction fan out over
    (`graphrag_bench.stages.shards`); any count gives the same graph, index and scores."""
    return int(env_number("GRAPHRAG_SHARDS", 1, env, minimum=1, maximum=MAX_SHARDS))


BUILD_EXECUTORS = ("multiprocess", "k8s")


def build_executor_from_env(env: Env | None = None) -> str:
    """GRAPHRAG_BUILD_EXECUTOR: where graph_build_job's steps run: `multiprocess` (default: processes on this machine)
    or `k8s` (a pod per step, dagster-k8s' executor: the deployment's image has it)."""
    return _choice("GRAPHRAG_BUILD_EXECUTOR", "multiprocess", BUILD_EXECUTORS, env)


def document_bytes(megabytes: float) -> int:
    return int(megabytes * (1 << 20))


def max_document_bytes_from_env(env: Env | None = None) -> int:
    return document_bytes(max_document_mb_from_env(env))


def alert_webhook_from_env(env: Env | None = None) -> str:
    """GRAPHRAG_ALERT_WEBHOOK: where failed runs are POSTed (unset: alerts go to the log and results/alerts/ only)."""
    url = ((env if env is not None else os.environ).get("GRAPHRAG_ALERT_WEBHOOK") or "").strip()
    if url and not url.startswith(("http://", "https://")):
        raise InputError("environment", f"expected an http(s) URL, got {url!r}", field="GRAPHRAG_ALERT_WEBHOOK")
    return url


def answerer_from_env(env: Env | None = None) -> str:
    """GRAPHRAG_ANSWERER: deterministic (the composer, the default) or openai (a model behind an OpenAI-compatible
    endpoint: `llm_from_env`)."""
    return _choice("GRAPHRAG_ANSWERER", "deterministic", ANSWERERS, env)


@dataclass(frozen=True)
class LlmSettings:
    base_url: str  # GRAPHRAG_LLM_BASE_URL: http://127.0.0.1:11434/v1 (Ollama), a vLLM or llama.cpp server, a hosted API
    model: str  # GRAPHRAG_LLM_MODEL
    key_set: bool  # GRAPHRAG_LLM_API_KEY is set (its value stays in the environment: an EnvVar in the resource)
    replay: bool  # GRAPHRAG_LLM_REPLAY (`run --replay`): answers from the recording only, no call
    timeout_s: float = 120.0  # GRAPHRAG_LLM_TIMEOUT_S: a call slower than this marks the run's answers unavailable

    def endpoint_problem(self) -> str | None:
        """Why no call can be made (no endpoint given, and not a replay), or None."""
        return None if self.replay or self.base_url else "GRAPHRAG_ANSWERER=openai needs the endpoint's URL (or --replay)"


def llm_from_env(env: Env | None = None, replay: bool = False, kind: str = "") -> LlmSettings | None:
    """The model answerer's settings when GRAPHRAG_ANSWERER (or `kind`, the CLI's --answerer) is openai, checked; None
    for the deterministic composer. `replay`: the CLI's --replay, as GRAPHRAG_LLM_REPLAY (no endpoint needed)."""
    if (kind or answerer_from_env(env)) != "openai":
        return None
    env = env if env is not None else os.environ
    replay = replay or env_flag("GRAPHRAG_LLM_REPLAY", False, env)
    model = (env.get("GRAPHRAG_LLM_MODEL") or "").strip()
    url = (env.get("GRAPHRAG_LLM_BASE_URL") or "").strip()
    if not model:
        raise InputError("environment", "GRAPHRAG_ANSWERER=openai needs the model's name", field="GRAPHRAG_LLM_MODEL")
    if url and not url.startswith(("http://", "https://")):
        raise InputError("environment", f"expected the endpoint's http(s) URL, got {url!r}", field="GRAPHRAG_LLM_BASE_URL")
    timeout = env_number("GRAPHRAG_LLM_TIMEOUT_S", 120.0, env, minimum=1.0, maximum=3600.0)
    return LlmSettings(url, model, bool(env.get("GRAPHRAG_LLM_API_KEY")), replay, timeout)


def nightly_from_env(env: Env | None = None) -> tuple[str, str]:
    """GRAPHRAG_NIGHTLY_CRON and GRAPHRAG_NIGHTLY_TZ; the time zone is checked here, the cron by the scheduler's
    own parser where the schedule is defined (pipelines/)."""
    env = env if env is not None else os.environ
    cron = (env.get("GRAPHRAG_NIGHTLY_CRON") or DEFAULT_NIGHTLY[0]).strip()
    tz = (env.get("GRAPHRAG_NIGHTLY_TZ") or DEFAULT_NIGHTLY[1]).strip()
    try:
        zoneinfo.ZoneInfo(tz)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise InputError("environment", f"not a time zone name (e.g. UTC, Europe/Berlin), got {tz!r}",
                         field="GRAPHRAG_NIGHTLY_TZ") from None
    return cron, tz


EMBEDDING_BACKENDS = ("onnx", "torch")


def embedding_backend_from_env(env: Env | None = None) -> str | None:
    """GRAPHRAG_EMBEDDING_BACKEND: onnx or torch; unset, onnx when the model was exported at setup (graphrag_bench.runtime.embed)."""
    return _choice("GRAPHRAG_EMBEDDING_BACKEND", "", EMBEDDING_BACKENDS, env) or None


def check_worker_from_env(env: Env | None = None) -> bool:
    """GRAPHRAG_CHECK_WORKER: a run's checks (GX suites, the audit's re-run) in processes beside it (default true;
    graphrag_bench.runtime.check_worker), or in the run's own process."""
    return env_flag("GRAPHRAG_CHECK_WORKER", True, env)


def id_types_from_env(env: Env | None = None) -> dict[str, str]:
    """Record-id prefixes the user types by hand: GRAPHRAG_ID_TYPES="DR=decision,PIR=incident,…".

    Unset (the default), every record's type is inferred from how the corpus uses it.
    """
    raw = (env if env is not None else os.environ).get("GRAPHRAG_ID_TYPES")
    if raw is None or not raw.strip():
        return {}
    mapping = {}
    for part in raw.split(","):
        prefix, _, kind = part.partition("=")
        prefix, kind = prefix.strip().upper(), kind.strip().lower()
        if not prefix.isalnum() or kind not in RECORD_TYPES:
            raise InputError("environment", f"expected PREFIX=TYPE pairs with TYPE one of {', '.join(RECORD_TYPES)}; "
                             f"got {part.strip()!r}", field="GRAPHRAG_ID_TYPES")
        mapping[prefix] = kind
    return mapping


def gates_file_from_env(env: Env | None = None) -> str:
    return (env if env is not None else os.environ).get("GRAPHRAG_GATES_FILE") or str(DEFAULT_THRESHOLDS)


def modes_from_env(env: Env | None = None) -> str:
    """GRAPHRAG_MODES: the retrieval modes to benchmark, comma-separated (graphrag_bench.retrieval.modes.parse_modes); default all."""
    return (env if env is not None else os.environ).get("GRAPHRAG_MODES") or "all"


@dataclass(frozen=True)
class Neo4jSettings:
    """NEO4J_URI (empty: the embedded store), NEO4J_USER, and whether NEO4J_PASSWORD is set (its value is read by
    the graph store resource through an EnvVar, so it is never a literal the UI displays)."""

    uri: str = ""
    user: str = "neo4j"
    password_set: bool = False


def neo4j_from_env(env: Env | None = None) -> Neo4jSettings:
    env = env if env is not None else os.environ
    return Neo4jSettings(env.get("NEO4J_URI", ""), env.get("NEO4J_USER", "neo4j"), bool(env.get("NEO4J_PASSWORD")))


def dagster_home_from_env(env: Env | None = None) -> str | None:
    """DAGSTER_HOME when set (the scripts set it: runs join the UI's history); None for a throwaway instance."""
    return (env if env is not None else os.environ).get("DAGSTER_HOME") or None


def with_graph_rag(enabled: bool, env: Env | None = None) -> dict:
    """The environment with GRAPH_RAG_ENABLED set one way: how a caller picks a mode for the library entry point."""
    return {**(env if env is not None else os.environ), "GRAPH_RAG_ENABLED": "true" if enabled else "false"}


def load_thresholds(path: str | Path | None = None) -> dict:
    """Read the release-gate thresholds (the one config file of SPEC §3.11)."""
    path = Path(path or gates_file_from_env())
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, "thresholds file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(path, f"not valid TOML ({exc})") from None
    gates = data.get("gates")
    if not isinstance(gates, dict):
        raise InputError(path, "missing the [gates] table", field="gates")
    gates = {**DEFAULT_OPTIONAL_THRESHOLDS, **gates}
    for key in (*REQUIRED_THRESHOLDS, *DEFAULT_OPTIONAL_THRESHOLDS):
        value = gates.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise InputError(path, f"expected a number, got {value!r}", item="gates", field=key)
        if not math.isfinite(value):  # TOML allows nan and inf; no gate can be judged against them
            raise InputError(path, f"expected a finite number, got {value!r}", item="gates", field=key)
    return gates


REQUIRED_THRESHOLDS = (
    "multi_hop_min_gain",
    "provenance_min_gain",
    "hallucination_max_rate",
    "latency_max_ratio",
    "latency_max_p95_ms",
    "cache_min_hit_rate",
    "certainty_min_accuracy",
)
# Gates added after thresholds files were written: a file without them gets the strict default.
DEFAULT_OPTIONAL_THRESHOLDS = {"untrusted_max_answers": 0}
