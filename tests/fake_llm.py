"""A stand-in for an OpenAI-compatible endpoint (Ollama, vLLM, a hosted API), over real HTTP, for the tests of the
model answerer: its answer cites the first document of the context, and it keeps every prompt it was sent."""

from __future__ import annotations

import json
import re
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def fake_answer(prompt: str) -> str:
    """What the stand-in model answers: the first passage's document, cited, as a possible answer."""
    context = prompt.split("Context:", 1)[-1]
    first = re.search(r"^\[([^\]]+)\] lines", context, re.MULTILINE)
    if not first:
        return "Answer: unknown (unknown) — the retrieved evidence does not address the question."
    return f"Answer: {first.group(1)} (possible) [{first.group(1)}]"


@contextmanager
def fake_llm(delay_s: float = 0.0):
    """(base URL, the prompts it received), while the server runs; `delay_s`: how long it takes over each answer."""
    prompts: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            prompt = body["messages"][-1]["content"]
            prompts.append(prompt)
            time.sleep(delay_s)
            reply = json.dumps({"id": f"fake-{len(prompts)}", "object": "chat.completion", "created": 0,
                                "model": body["model"], "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": fake_answer(prompt)}}],
                                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", prompts
    finally:
        server.shutdown()
        server.server_close()
