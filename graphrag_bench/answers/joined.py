"""Which members of a named group also hold another relation: an answer the graph joins across documents.

"Which people on the Security Response Committee also chair a SIG?": the people a fact links to the group — or to the
group's page, the document titled by its name, whose "## Members" list names them — whom another fact links, by the
relation the words after "also" name, to something else (the "## Chairs" list of a SIG's page). Neither document says
both; the node the two facts share is the answer, and what the second fact links it to answers a later part that
points back to them ("and which SIG does each of them chair"). Only the graph's facts are read here; which facts say
the other relation is the caller's reading of the words after "also".

"Is every SIG Docs chair also one of its tech leads?" compares two lists of one group (`group_lists`): those its page
lists under the heading the words before "also" name, and those under the heading the words after it name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..graph.vocabulary import GENERIC, IDENTITY, MENTION
from ..retrieval.retrieve import Fact


@dataclass(frozen=True)
class Joined:
    """One member of the group who holds the other relation too."""

    key: str
    name: str
    membership: Fact  # the fact linking them to the group (or its page)
    held: tuple[Fact, ...]  # the facts of the other relation, in the document order of the context


def _other(f: Fact, key: str) -> tuple[str, str]:
    return (f.target, f.target_name) if f.source == key else (f.source, f.source_name)


def joined_members(facts: list[Fact], groups: set[str], member_types: frozenset[str], member_type: Callable[[str], str],
                   besides: Callable[[Fact], bool]) -> list[Joined]:
    """The members of `groups` (the group and its page) of one of `member_types` (any type when empty) whom a fact
    `besides` accepts links to something outside the group, in the order the group's facts list them. A list under a
    heading the vocabulary reads as a relation ("Members": membership) makes members where there is one; a list
    under a heading it reads as none ("Emeritus Members") then does not."""
    ordered = sorted(facts, key=lambda f: (f.doc_id, f.line))
    # (a fact with one end in the group: its other end is who it lists)
    listed = [(f, _other(f, f.source if f.source in groups else f.target)[0]) for f in ordered
              if f.type not in IDENTITY and f.type != MENTION and (f.source in groups) != (f.target in groups)]
    listed = [(f, key) for f, key in listed if not member_types or member_type(key) in member_types]
    if any(f.type != GENERIC for f, _ in listed):
        listed = [(f, key) for f, key in listed if f.type != GENERIC]
    members: dict[str, Fact] = {}
    for f, key in listed:
        members.setdefault(key, f)
    joined = []
    for key, via in members.items():
        held = tuple(f for f in ordered if key in (f.source, f.target) and f is not via and f.type not in IDENTITY
                     and f.type != MENTION and _other(f, key)[0] not in groups | {key} and besides(f))
        if held:
            joined.append(Joined(key, via.source_name if via.source == key else via.target_name, via, held))
    return joined


def held_ends(joined: Joined) -> list[tuple[str, str]]:
    """What the other relation links the member to: (key, name) of each, once."""
    return list(dict.fromkeys(_other(f, joined.key) for f in joined.held))


def group_lists(facts: list[Fact], groups: set[str], kinds: Sequence[Callable[[Fact], float]], threshold: float,
                stated: float) -> list[dict[str, Fact]]:
    """For each kind of member (how well a fact says it: "Chairs" for "chair"), the members a fact links to the group
    (or its page) as that kind, in the document order of the facts: each fact counts for the one kind it says best,
    at least `threshold` and better than any other. One person listed under two headings is of both kinds (two
    facts). Facts below the `stated` certainty count for none."""
    lists: list[dict[str, Fact]] = [{} for _ in kinds]
    for f in sorted(facts, key=lambda f: (f.doc_id, f.line)):
        if f.type in IDENTITY or f.type == MENTION or (f.source in groups) == (f.target in groups) or f.certainty < stated:
            continue
        scores = [kind(f) for kind in kinds]
        best = max(range(len(kinds)), key=lambda i: scores[i])
        if scores[best] >= threshold and all(scores[best] > score for i, score in enumerate(scores) if i != best):
            lists[best].setdefault(_other(f, f.source if f.source in groups else f.target)[0], f)
    return lists
