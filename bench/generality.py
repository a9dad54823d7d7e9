"""Generality harness: the same facts written in conventions the product was not tuned on.

Rewrites a labelled corpus (default: corpus/ with its graph_labels.json and questions) in five
conventions, keeping every fact and id, then benchmarks each rewrite in memory and prints, per
convention, GraphRAG and baseline points per category, the share of the original GraphRAG points
kept, and relationship precision / recall against the hand labels:

- synonyms     field labels, column headers and headings replaced by everyday synonyms
- prose        every markdown table rewritten as plain sentences
- front_matter header fields and key-value tables as YAML front matter; registry rows as sections of fields
- edge_lists   arrow diagrams rewritten as from/to tables
- mixed        one of the four per document

The synonym and phrasing lists below belong to this harness only: product code never reads them.

    .venv/bin/python bench/generality.py [--corpus corpus] [--questions questions/benchmark_questions.json]
        [--conventions synonyms,prose,...] [--out DIR]   # --out keeps the rewritten corpora
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graphrag_bench.corpus.ingest import document_id  # noqa: E402
from graphrag_bench.graph.keys import canonical_name  # noqa: E402

CONVENTIONS = ("synonyms", "prose", "front_matter", "edge_lists", "mixed")

# Everyday words for labels and headings, chosen to differ from the vocabulary's own glosses where English allows.
SYNONYMS = {
    "author": ["Composed by", "Writer", "Originator"], "authors": ["Composed by"],
    "approver": ["Endorsed by", "Green-lit by", "Sign-off"], "approved by": ["Endorsed by"],
    "owner": ["Caretaker", "Point of contact", "Custodian"], "owner(s)": ["Caretaker"],
    "depends on": ["Needs", "Calls out to", "Upstream services"], "upstream": ["Needs"],
    "team": ["Crew", "Squad", "Unit"], "owning unit": ["Owning crew"], "attendees": ["In the room", "Present"],
    "notes by": ["Minute taker", "Scribe", "Recorded by"], "minutes": ["Minute taker"],
    "incident commander": ["On-call lead", "Response lead"], "incident lead": ["Response lead"],
    "also appears as": ["Other spellings", "Known as"], "related": ["Links", "Further reading"],
    "references": ["Further reading", "Links"], "status": ["State"], "date": ["Day"], "severity": ["Impact level"],
    "duration": ["Length"], "last reviewed": ["Checked on"], "why": ["Reason"], "kind": ["Category"],
    "purpose": ["What it does"], "role": ["Position"], "system": ["Service", "Component"], "name": ["Person"],
    "maintainer": ["Caretaker"], "written up by": ["Composed by"], "reported by": ["Raised by"],
    "requested by": ["Raised by"], "fixes": ["Remedies"], "replaces": ["Retires"], "supersedes": ["Retires"],
    "proposed by": ["Put forward by"], "sign-off": ["Endorsed by"], "present": ["In the room"],
    "drafted-by": ["composed-by"], "deciders": ["endorsed-by"], "state": ["phase"],
    "context": ["Background"], "decision": ["What we decided"], "consequences": ["Implications"],
    "root cause": ["Why it happened"], "follow-up": ["Next steps"], "summary": ["Overview"],
    "timeline": ["Sequence of events"], "notes": ["Discussion"], "actions": ["To do"], "steps": ["Procedure"],
    "agenda": ["Topics"], "decisions": ["Outcomes"], "options considered": ["Alternatives"],
    "what happened": ["Description"], "resolution": ["How it was fixed"], "rollback": ["Undoing a release"],
}
# Sentences for a labelled relation, from its source {src} to its target {dst}: several voices per relation.
PHRASINGS = {
    "DEPENDS_ON": ["{src} depends on {dst}.", "{src} needs {dst} to work.", "{src} calls {dst}.", "{dst} is used by {src}.",
                   "{src} cannot run without {dst}."],
    "OWNS": ["{dst} is owned by {src}.", "{src} owns {dst}.", "{src} is responsible for {dst}.",
             "{dst} is looked after by {src}.", "{src} maintains {dst}."],
    "MEMBER_OF": ["{src} works in {dst}.", "{src} is a member of {dst}.", "{src} belongs to {dst}.", "{src} is part of {dst}."],
    "SAME_AS": ["{dst} also appears as {src}.", "{dst} is sometimes written {src}.", "{src} is another name for {dst}."],
    "AUTHORED_BY": ["{src} was written by {dst}.", "{dst} wrote {src}.", "{dst} authored {src}."],
    "APPROVED_BY": ["{src} was approved by {dst}.", "{dst} signed off {src}.", "{dst} approved {src}."],
    "LED_BY": ["{dst} led the response to {src}.", "{src} was led by {dst}."],
    "ATTENDED": ["{src} attended {dst}."],
}
FIELD_LINE = re.compile(r"^(\s*(?:[-*+]\s+)?)(\*\*)?([A-Za-z][\w ()/'-]{0,38}?)(:\*\*|\*\*:|:)\s+(\S.*)$")
ARROW = re.compile(r"\s*(?:-->|->|==>|→|─▶|──▶)\s*")


def pick(options: list[str], *key: str) -> str:
    digest = int(hashlib.sha256("|".join(key).encode()).hexdigest(), 16)
    return options[digest % len(options)]


def synonym(label: str, *key: str) -> str:
    bare = label.strip().strip("*").strip().rstrip(":")
    options = SYNONYMS.get(bare.lower())
    if not options:
        return label
    new = pick(options, bare, *key)
    return new if bare[:1].isupper() else new.lower()


@dataclass
class Facts:
    """The hand labels as name pairs: (canonical subject, canonical value) → (relation, reversed)."""

    pairs: dict[tuple[str, str], tuple[str, bool]] = field(default_factory=dict)

    @classmethod
    def load(cls, corpus: Path) -> "Facts":
        facts = cls()
        labels = json.loads((corpus / "graph_labels.json").read_text(encoding="utf-8"))
        for source, rtype, target in labels["relationships"]:
            a, b = _canon(source.split(":", 1)[1]), _canon(target.split(":", 1)[1])
            facts.pairs.setdefault((a, b), (rtype, False))
            facts.pairs.setdefault((b, a), (rtype, True))
        return facts

    def sentence(self, subject: str, header: str, value: str, key: str) -> str:
        found = self.pairs.get((_canon(subject), _canon(value)))
        if found and found[0] in PHRASINGS:
            rtype, reverse = found
            src, dst = (value, subject) if reverse else (subject, value)
            return pick(PHRASINGS[rtype], key, subject, value).format(src=src.rstrip("."), dst=dst.rstrip("."))
        return f"The {header.lower()} of {subject} is {value.rstrip('.')}."


    def holds(self, subject: str, cell: str) -> bool:
        return any((_canon(subject), _canon(item)) in self.pairs for item in _items(cell))


def _canon(text: str) -> str:
    return canonical_name(re.sub(r"\(.*?\)", "", text)).lower()


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _items(cell: str) -> list[str]:
    return [i.strip() for i in re.split(r";|,(?![^()]*\))", cell) if i.strip()]


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]

    @property
    def key_value(self) -> bool:
        return len(self.header) == 2 and (not any(self.header) or self.header[0].lower() in {"field", "key", "property"})

    def render(self) -> list[str]:
        lines = ["| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        return lines + ["| " + " | ".join(r) + " |" for r in self.rows]


def blocks(text: str) -> list:
    """The document as a list of lines, with each markdown table and code fence as one block."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            out.append(("fence", lines[i:j + 1]))
            i = j + 1
            continue
        if line.strip().startswith("|") and i + 1 < len(lines) and set(lines[i + 1].strip()) <= set("|-: ") and "-" in lines[i + 1]:
            header, rows, j = _cells(line), [], i + 2
            while j < len(lines) and lines[j].strip().startswith("|"):
                rows.append(_cells(lines[j]))
                j += 1
            out.append(("table", Table(header, rows)))
            i = j
            continue
        out.append(("line", line))
        i += 1
    return out


def render(parts: list) -> str:
    lines = []
    for kind, value in parts:
        if kind == "line":
            lines.append(value)
        elif kind == "table":
            lines += value.render()
        else:  # fence or lines
            lines += value
    return "\n".join(lines)


class Rewriter:
    def __init__(self, facts: Facts):
        self.facts = facts

    def synonyms(self, doc_id: str, text: str) -> str:
        out = []
        for kind, value in blocks(text):
            if kind == "table":
                value = Table([synonym(h, doc_id) for h in value.header],
                              [[synonym(r[0], doc_id)] + r[1:] if value.key_value else r for r in value.rows])
            elif kind == "line":
                heading = re.match(r"^(#{2,6}\s+)(.*)$", value)
                front = re.match(r"^([a-z][\w-]*)(:\s*.*)$", value)
                field_line = FIELD_LINE.match(value)
                if heading and not re.match(r"^[A-Z]+-\d", heading.group(2)):
                    value = heading.group(1) + synonym(heading.group(2), doc_id)
                elif field_line and len(field_line.group(3).split()) <= 3:
                    lead, bold, label, colon, rest = field_line.groups()
                    value = f"{lead}{bold or ''}{synonym(label, doc_id)}{colon} {rest}"
                elif front and front.group(1) not in {"id", "title"}:
                    value = synonym(front.group(1), doc_id) + front.group(2)
            out.append((kind, value))
        return render(out)

    def prose(self, doc_id: str, text: str) -> str:
        out = []
        for kind, value in blocks(text):
            if kind != "table":
                out.append((kind, value))
                continue
            sentences = []
            for row in value.rows:
                if value.key_value:
                    subject, pairs = doc_id, [(row[0], row[1] if len(row) > 1 else "")]
                else:
                    subject, pairs = row[0], list(zip(value.header[1:], row[1:]))
                if value.key_value or self.facts_in_row(row):
                    said = [self.facts.sentence(subject, header, item, doc_id) for header, cell in pairs
                            for item in (_items(cell) if self.facts.holds(subject, cell) else [cell] if cell else [])]
                    sentences.append("- " + " ".join(said))
                else:  # a data table (timeline, options): its cells as one sentence
                    sentences.append("- " + ", ".join(c for c in row if c) + ".")
            out.append(("lines", sentences))
        return render(out)

    def facts_in_row(self, row: list[str]) -> bool:
        return any((_canon(row[0]), _canon(item)) in self.facts.pairs for cell in row[1:] for item in _items(cell))

    def front_matter(self, doc_id: str, text: str) -> str:
        fields: list[tuple[str, str]] = []
        body, in_sections, front = [], False, text.startswith("---\n")
        for index, (kind, value) in enumerate(blocks(text)):
            if front:  # the document's own front matter stays as it is
                body.append((kind, value))
                front = not (index > 0 and value == "---")
                continue
            if kind == "line" and re.match(r"^##\s", value):
                in_sections = True
            field_line = FIELD_LINE.match(value) if kind == "line" else None
            if field_line and not in_sections and len(field_line.group(3).split()) <= 3:
                fields.append((field_line.group(3), field_line.group(5)))
                continue
            if kind == "table" and value.key_value and not in_sections:
                fields += [(r[0], r[1]) for r in value.rows if len(r) >= 2]
                continue
            if kind == "table" and not value.key_value and any(self.facts_in_row(r) for r in value.rows):
                section = []
                for row in value.rows:
                    section += ["", f"### {row[0]}", ""]
                    section += [f"{h}: {c}" for h, c in zip(value.header[1:], row[1:]) if c]
                body.append(("lines", section))
                continue
            body.append((kind, value))
        text = render(body)
        if not fields:
            return text
        existing: list[str] = []
        if text.startswith("---\n"):
            end = text.index("\n---", 4)
            existing = [line for line in text[4:end].split("\n") if line.strip()]
            text = text[end + 4:].lstrip("\n")
        yaml = list(existing)
        for label, value in fields:
            key = label.strip().lower().replace(" ", "-")
            items = _items(value)
            yaml += [f"{key}: {items[0]}"] if len(items) == 1 else [f"{key}:"] + [f"  - {i}" for i in items]
        return "---\n" + "\n".join(yaml) + "\n---\n\n" + text

    def edge_lists(self, doc_id: str, text: str) -> str:
        out = []
        for kind, value in blocks(text):
            edges = []
            if kind == "fence":
                for line in value[1:-1]:
                    nodes = [n.strip() for n in ARROW.split(line.strip()) if n.strip()]
                    edges += list(zip(nodes, nodes[1:])) if len(nodes) >= 2 else []
            out.append(("table", Table(["From", "To"], [[a, b] for a, b in edges])) if edges else (kind, value))
        return render(out)

    def mixed(self, doc_id: str, text: str) -> str:
        return getattr(self, pick(["synonyms", "prose", "front_matter", "edge_lists"], doc_id))(doc_id, text)


def rewrite(corpus: Path, target: Path, convention: str) -> None:
    rewriter = Rewriter(Facts.load(corpus))
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(corpus.iterdir()):
        if path.suffix.lower() in {".md", ".markdown", ".txt"}:
            text = path.read_text(encoding="utf-8")
            text = getattr(rewriter, convention)(document_id(path.name, text), text)
            (target / path.name).write_text(text, encoding="utf-8")
        elif path.is_file():
            shutil.copy(path, target / path.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="corpus")
    parser.add_argument("--questions", default="questions/benchmark_questions.json")
    parser.add_argument("--conventions", default=",".join(CONVENTIONS))
    parser.add_argument("--out", help="keep the rewritten corpora in this folder")
    args = parser.parse_args()
    from graphrag_bench.evaluation.evaluate import evaluate_corpus

    corpus = Path(args.corpus)
    root = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="generality-"))
    results = {"original": evaluate_corpus(corpus, args.questions)}
    for convention in args.conventions.split(","):
        rewrite(corpus, root / convention, convention)
        results[convention] = evaluate_corpus(root / convention, args.questions)
    original = results["original"].points("graphrag")
    categories = sorted({q["category"] for q in results["original"].questions})
    print(f"\n{'convention':<13}" + "".join(f"{c:>10}" for c in categories)
          + f"{'total':>12}{'kept':>7}{'rel P':>7}{'rel R':>7}")
    for name, ev in results.items():
        g, b = ev.by_category("graphrag"), ev.by_category("baseline")
        cells = "".join(f"{g.get(c, 0):>5g}/{b.get(c, 0):<4g}" for c in categories)
        x = ev.extraction
        print(f"{name:<13}{cells}{ev.points('graphrag'):>6g}/{ev.points('baseline'):<5g}"
              f"{ev.points('graphrag') / original:>7.2f}{x['relationship_precision'] or 0:>7.2f}"
              f"{x['relationship_recall'] or 0:>7.2f}")
    print("\ncells: GraphRAG/baseline points; kept: GraphRAG points / GraphRAG points on the original corpus")
    if not args.out:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
