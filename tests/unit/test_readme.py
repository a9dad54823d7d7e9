"""The README stays short, and every command it shows is one the product has.

Commands come from the README's fenced bash/sh blocks, its inline code spans that start with `graphrag-bench` or
`bash scripts/`, and the `args` of its MCP client JSON. A `graphrag-bench <sub> ...` command must be a subcommand
whose `--help` exits 0 (`python -m pipelines.cli <sub> --help`, in a subprocess), and every `--flag` the README gives
it must appear in that help; a `bash scripts/X.sh` command must name a script that exists (its arguments are checked
as `graphrag-bench <sub>` flags when the script hands them to `graphrag-bench <sub> "$@"`). Links to files of the
repository must point to files that exist, and the headline markers `bench/devset.py --write` rewrites must be there.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
MAX_LINES = 200

FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`([^`]+)`")
FLAG = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*")
CLI = re.compile(r"^(?:\S*/)?graphrag-bench$")  # graphrag-bench, .venv/bin/graphrag-bench, /path/to/.../graphrag-bench
SCRIPT_HANDS_TO_CLI = re.compile(r'graphrag-bench\s+([\w-]+)\s+"\$@"')


def readme_text() -> str:
    return README.read_text(encoding="utf-8")


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    return [(m.group(1).lower(), m.group(2)) for m in FENCE.finditer(text)]


def prose(text: str) -> str:
    """The README without its fenced blocks."""
    return FENCE.sub("", text)


def shell_commands(block: str) -> list[str]:
    """The command lines of a shell block: continuation lines joined, comments and blank lines dropped."""
    commands, current = [], ""
    for line in block.splitlines():
        current += line.rstrip()
        if current.endswith("\\"):
            current = current[:-1] + " "
            continue
        if current.strip() and not current.strip().startswith("#"):
            commands.append(current.strip())
        current = ""
    if current.strip():
        commands.append(current.strip())
    return commands


def readme_commands(text: str) -> list[str]:
    """Every command the README shows a user, as it is written."""
    commands = []
    for lang, body in fenced_blocks(text):
        if lang in ("bash", "sh", "shell", "console"):
            commands += shell_commands(body)
        elif lang == "json":
            for server in json.loads(body).get("mcpServers", {}).values():
                if CLI.match(Path(server.get("command", "")).name):
                    commands.append(shlex.join(["graphrag-bench", *server.get("args", [])]))
    for span in INLINE.findall(prose(text)):
        span = " ".join(span.split())  # an inline span may wrap onto the next line
        first = span.split(" ", 1)[0]
        if CLI.match(first) or span.startswith("bash scripts/"):
            commands.append(span)
    return commands


def words(command: str) -> list[str]:
    """The command's words, without its comment; `[--runs 10]` (an optional part) is read as its words."""
    return shlex.split(command.replace("[", " ").replace("]", " "), comments=True)


@lru_cache(maxsize=None)
def cli_help(path: tuple[str, ...]) -> str:
    done = subprocess.run([sys.executable, "-m", "pipelines.cli", *path, "--help"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"graphrag-bench {' '.join(path)} --help exited {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout


def subcommands(help_text: str) -> set[str]:
    """The subcommands a --help lists in its usage line (`{run,ask,serve,corpus}`)."""
    usage = help_text.split("\n\n", 1)[0]
    found = re.search(r"\{([\w,-]+)\}", usage)
    return set(found.group(1).split(",")) if found else set()


def check_cli(argv: list[str], shown: str) -> list[str]:
    """Problems with `graphrag-bench <argv>` as the README shows it (empty when it is a real command)."""
    path: list[str] = []
    for word in argv:
        choices = subcommands(cli_help(tuple(path)))
        if word.startswith("-") or not choices:
            break
        if word not in choices:
            return [f"{shown!r}: {' '.join(['graphrag-bench', *path])} has no subcommand {word!r}"]
        path.append(word)
    help_text = cli_help(tuple(path))
    known = set(FLAG.findall(help_text))
    name = " ".join(["graphrag-bench", *path])
    return [f"{shown!r}: {name} has no {flag} (not in its --help)" for flag in FLAG.findall(" ".join(argv))
            if flag not in known]


def check_command(command: str) -> list[str]:
    argv = words(command)
    if argv and CLI.match(argv[0]):
        return check_cli(argv[1:], command)
    if argv[:1] == ["bash"] and len(argv) > 1 and argv[1].startswith("scripts/"):
        script = REPO / argv[1]
        if not script.is_file():
            return [f"{command!r}: {argv[1]} does not exist"]
        hands_to = SCRIPT_HANDS_TO_CLI.search(script.read_text(encoding="utf-8"))
        return check_cli([hands_to.group(1), *argv[2:]], command) if hands_to and len(argv) > 2 else []
    return []  # another tool's command (export, docker): not the product's to check


def test_readme_is_under_200_lines():
    lines = readme_text().splitlines()
    assert len(lines) < MAX_LINES, f"README.md has {len(lines)} lines; move detail to docs/ (limit {MAX_LINES})"


def test_readme_shows_the_product_commands():
    commands = readme_commands(readme_text())
    shown = " ".join(commands)
    for expected in ("bash scripts/run.sh", "bash scripts/test.sh", "bash scripts/ui.sh", "graphrag-bench ask",
                     "graphrag-bench serve", "graphrag-bench corpus add", "graphrag-bench run"):
        assert expected in shown, f"the README no longer shows {expected!r}"


def test_every_readme_command_is_a_real_command():
    problems = [p for command in readme_commands(readme_text()) for p in check_command(command)]
    assert not problems, "\n".join(problems)


def test_a_flag_the_cli_lacks_is_caught():
    """The check above can fail: a made-up flag, subcommand or script is reported."""
    assert check_command("graphrag-bench ask 'q' --mode graphrag") == []
    assert check_command(".venv/bin/graphrag-bench corpus add x --corpus c --questions q") == []
    assert check_command("graphrag-bench ask 'q' --no-such-flag")
    assert check_command("graphrag-bench corpus add x --mode graphrag")  # a flag of another subcommand
    assert check_command("bash scripts/run.sh --no-such-flag")
    assert check_command("bash scripts/no_such_script.sh")
    assert check_command("graphrag-bench frobnicate")
    assert check_command("graphrag-bench corpus remove x")
    with pytest.raises(AssertionError):
        cli_help(("no-such-subcommand",))


def test_readme_links_point_to_files_that_exist():
    missing = []
    for target in re.findall(r"\]\(([^)\s]+)\)", readme_text()):
        if re.match(r"^(https?|mailto):", target) or target.startswith("#"):
            continue
        if not (REPO / target.split("#", 1)[0]).exists():
            missing.append(target)
    assert not missing, f"README links to files that do not exist: {missing}"


def test_readme_keeps_the_devset_headline_markers():
    """bench/devset.py --write replaces the line between these markers; without them it silently writes nothing."""
    text = readme_text()
    devset = (REPO / "bench" / "devset.py").read_text(encoding="utf-8")
    start, end = re.search(r"HEADLINE_MARKERS = \(\"([^\"]+)\", \"([^\"]+)\"\)", devset).groups()
    assert text.count(start) == 1 and text.count(end) == 1 and text.index(start) < text.index(end)
    assert len(text[text.index(start) + len(start):text.index(end)].strip().splitlines()) == 1
