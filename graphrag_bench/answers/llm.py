"""The agent's own model as answerer (GRAPHRAG_ANSWERER=openai): any OpenAI-compatible endpoint writes the answer from
the mode's context, through the official `openai` client.

One prompt template (`prompts/answer.md`; its version is the file's name and a digest of its text, so an edit is a new
version). Every call and its response is recorded in the data folder (`llm_answers.jsonl`), keyed by model, template
version and the exact prompt; a prompt already recorded is answered from the recording, and with `replay` only from it:
a missing one is an error naming the question. So a recorded night reruns byte-identically without a model, and the
benchmark's N runs of one question cost one call. The recording is data read back through its schema: a damaged line is
skipped with one warning, never code.

Safety is the composer's: lines flagged untrusted are withheld from the prompt (and the answer says so), a fallback or
an empty graph is marked on the answer's first line by this code, not by the model. A model that is down or slower
than its timeout is one warning: that answer and the rest of the run's are marked `[LLM_UNAVAILABLE]`, unrecorded. `llm_generation_ms` (the call's
time, as recorded) goes into the retrieval's timings; it never counts against the latency budget (SPEC §3.6).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ValidationError

from ..corpus.untrusted import flagged_lines, withheld_note, withhold
from ..errors import InputError
from ..retrieval.retrieve import Retrieval
from .answer import PREFIX

log = logging.getLogger("graphrag_bench")
TEMPLATE = Path(__file__).parent / "prompts" / "answer.md"
RECORDINGS = "llm_answers.jsonl"
MAX_ANSWER_TOKENS = 128  # an answer is a headline and a quote or two: a model that rambles is cut, not waited for
UNAVAILABLE = "[LLM_UNAVAILABLE]"


def template_version(path: Path = TEMPLATE) -> str:
    text = path.read_text(encoding="utf-8")
    return f"{path.stem}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def answerer_identity(model: str) -> str:
    """What a model's answers depend on besides the context: part of the benchmark's reuse key and of the summary."""
    return f"openai:{model}:{template_version()}"


def context_text(r: Retrieval) -> tuple[str, list[str]]:
    """The mode's packed context as the prompt gives it (passages with document ids and lines, then graph facts and
    the titles of the documents they name, then the kept pages' front matter), and where untrusted lines were withheld
    from it."""
    passages, withheld = withhold(r.passages)
    blocks = [f"[{p.doc_id}] lines {p.start_line}-{p.end_line}:\n{p.text}" for p in passages]
    if r.facts:
        blocks.append("Graph facts:\n" + "\n".join(f"- {f.line_text()}: \"{f.evidence}\"" for f in r.facts))
    # (a fact that names a document names it by its id: what the document is called is its title; each title is a
    # line of its own document, checked alone)
    titled = [(key, title) for key, title in sorted(r.titles.items()) if not flagged_lines([title])]
    if titled:
        names = {k: n for f in r.facts for k, n in ((f.source, f.source_name), (f.target, f.target_name))}
        blocks.append("Titles of the documents the facts name:\n" + "\n".join(
            f"- {names.get(key, key)}: {title}" for key, title in titled))
    headers = [(doc, line, f"{name}: {value}") for doc, fields in sorted(r.headers.items()) for line, name, value in fields]
    flagged = flagged_lines([text for _, _, text in headers])
    withheld += [f"{doc}:{line}" for i, (doc, line, _) in enumerate(headers) if i in flagged]
    if len(flagged) < len(headers):
        blocks.append("Front matter of these pages:\n" + "\n".join(
            f"- [{doc}] line {line}: {text}" for i, (doc, line, text) in enumerate(headers) if i not in flagged))
    return "\n\n".join(blocks) or "(nothing was retrieved)", withheld


def prompt_for(r: Retrieval, template: str) -> tuple[str, list[str]]:
    context, withheld = context_text(r)
    return template.replace("{question}", r.question).replace("{context}", context), withheld


class Recorded(BaseModel):
    """One call as the recording keeps it."""

    key: str
    model: str
    template: str
    prompt: str
    response: str
    ms: float


def recording_key(model: str, template: str, prompt: str) -> str:
    return hashlib.sha256("\0".join((model, template, prompt)).encode("utf-8")).hexdigest()


class Recordings:
    """The data folder's `llm_answers.jsonl`: one JSON object per call, appended as it is made."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._entries: dict[str, Recorded] = {}
        if self.path.is_file():
            skipped = 0
            with self.path.open(encoding="utf-8", errors="replace") as lines:
                for line in lines:
                    try:
                        entry = Recorded.model_validate_json(line)
                    except (ValidationError, ValueError):
                        skipped += line.strip() != ""
                        continue
                    if entry.key == recording_key(entry.model, entry.template, entry.prompt):
                        self._entries[entry.key] = entry
                    else:
                        skipped += 1  # an entry whose key is not its prompt's: edited by hand, or forged
            if skipped:
                log.warning("%s: %d damaged recorded answers skipped (they are asked of the model again, or are "
                            "missing under --replay)", self.path, skipped)

    def get(self, key: str) -> Recorded | None:
        return self._entries.get(key)

    def add(self, entry: Recorded) -> None:
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(entry.model_dump_json() + "\n")
                out.flush()
                os.fsync(out.fileno())
            self._entries[entry.key] = entry


@dataclass
class LlmAnswerer:
    """`answerer(retrieval) → answer text`, as the deterministic `compose` is."""

    model: str
    base_url: str
    api_key: str
    recordings: Recordings
    replay: bool = False
    timeout_s: float = 120.0

    def __post_init__(self):
        self.template = TEMPLATE.read_text(encoding="utf-8")
        self.version = template_version()
        self._client = None
        self._down = ""  # why the model did not answer, once it has not: the rest of the run is not kept waiting

    def __call__(self, r: Retrieval) -> str:
        prompt, withheld = prompt_for(r, self.template)
        key = recording_key(self.model, self.version, prompt)
        entry = self.recordings.get(key)
        if entry is None:
            if self.replay:
                raise InputError(self.recordings.path, f"no recorded answer to {r.question!r} ({r.mode}) from model "
                                 f"{self.model!r} with prompt {self.version}; run once without --replay with the model "
                                 "reachable", item=r.question)
            entry = self._ask(key, prompt, r.question)
            if entry is None:  # down or too slow: this answer is marked, nothing is recorded, the run goes on
                return f"{PREFIX[r.status]}{UNAVAILABLE} Answer: unknown (unknown) — the model did not answer ({self._down})."
        r.timings["llm_generation_ms"] = entry.ms
        text = entry.response.strip() or "Answer: unknown (unknown) — the model gave no answer."
        if withheld:
            text += "\n" + withheld_note(withheld)
        return PREFIX[r.status] + text

    def _ask(self, key: str, prompt: str, question: str) -> Recorded | None:
        """The model's answer, recorded; None when it is down or slower than `timeout_s` (one warning for the run)."""
        import openai

        if not self.base_url:
            raise InputError("GRAPHRAG_LLM_BASE_URL", f"no endpoint to ask the model for {question!r}: set the URL, or "
                             "replay a recording (--replay)")
        if self._down:
            return None
        if self._client is None:
            self._client = openai.OpenAI(base_url=self.base_url, api_key=self.api_key or "not-needed",
                                         timeout=self.timeout_s, max_retries=1)
        start = time.perf_counter()
        try:
            response = self._client.chat.completions.create(model=self.model, temperature=0, max_tokens=MAX_ANSWER_TOKENS,
                                                            messages=[{"role": "user", "content": prompt}])
        except openai.APITimeoutError:
            self._down = f"no answer from {self.base_url} within {self.timeout_s:g} s (GRAPHRAG_LLM_TIMEOUT_S)"
        except openai.APIConnectionError as exc:
            self._down = f"cannot reach {self.base_url}: {exc}"
        except openai.APIStatusError as exc:
            self._down = f"{self.base_url} refused model {self.model!r}: HTTP {exc.status_code}"
        if self._down:
            log.warning("GRAPHRAG_ANSWERER=openai: %s; the rest of this run's answers are marked %s and not recorded",
                        self._down, UNAVAILABLE)
            return None
        ms = round((time.perf_counter() - start) * 1000, 3)
        content = response.choices[0].message.content if response.choices else ""
        entry = Recorded(key=key, model=self.model, template=self.version, prompt=prompt, response=content or "", ms=ms)
        self.recordings.add(entry)
        return entry


def llm_answerer(data_dir: str | Path, model: str, base_url: str, api_key: str, replay: bool,
                 timeout_s: float = 120.0) -> LlmAnswerer:
    return LlmAnswerer(model, base_url, api_key, Recordings(Path(data_dir) / RECORDINGS), replay, timeout_s)
