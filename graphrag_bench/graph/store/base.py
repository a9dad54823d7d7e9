"""The graph store interface shared by both adapters, and the logic they share.

Adapters provide a handful of primitive operations (read all rows, write batches, run a
read template); sync, diffing, counts and the state hash live here once.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Iterable, Iterator, Sequence

import polars as pl

from .templates import check_params

NODE_FIELDS = ("id", "type", "name", "canonical_id", "aliases", "source_doc", "source_line", "attributes")
EDGE_FIELDS = ("id", "source", "target", "type", "doc_id", "line", "evidence", "extractor", "certainty", "status", "reason",
               "label")
_LABEL = EDGE_FIELDS.index("label")


class GraphUnavailable(RuntimeError):
    """The store cannot be reached or has been closed."""


@dataclass(frozen=True)
class UpsertResult:
    created: int
    changed: int
    unchanged: int
    deleted: int

    def as_dict(self) -> dict:
        return asdict(self)


_ENCODE = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode  # one encoder for every row


def row_hash(values: Sequence) -> str:
    """The content hash of one row's field values, in field order."""
    return hashlib.sha256(_ENCODE([v if type(v) is str else _plain(v) for v in values]).encode()).hexdigest()


def _plain(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


Rows = Sequence[dict] | pl.DataFrame  # a resolution's rows, or its frame (`Resolution.frames()`)


def _values(rows: Rows, fields: tuple[str, ...]) -> list[tuple]:
    """Each row's values in field order (a frame gives them column by column, without a dict per row)."""
    if isinstance(rows, pl.DataFrame):
        return rows.select(fields).rows()
    return [tuple(r.get(f) for f in fields) for r in rows]


def node_hashes(entities: Rows) -> list[tuple[tuple, str]]:
    """Every node's values with its content hash."""
    return [(values, row_hash(values)) for values in _values(entities, NODE_FIELDS)]


def edge_hashes(relationships: Rows) -> list[tuple[tuple, str]]:
    """Every edge's values with its content hash (edges written before labels existed have label "")."""
    return [(values, row_hash(values)) for values in
            (v if v[_LABEL] else (*v[:_LABEL], "", *v[_LABEL + 1:]) for v in _values(relationships, EDGE_FIELDS))]


def node_row(values: tuple, hashed: str) -> dict:
    """The parameters one node is written with."""
    row = dict(zip(NODE_FIELDS, values))
    row["aliases"], row["source_line"], row["hash"] = list(row["aliases"] or []), int(row["source_line"] or 0), hashed
    return row


def edge_row(values: tuple, hashed: str) -> dict:
    """The parameters one edge is written with."""
    row = dict(zip(EDGE_FIELDS, values))
    row["line"], row["certainty"] = int(row["line"]), float(row["certainty"])
    row["status"], row["reason"], row["hash"] = row["status"] or "", row["reason"] or "", hashed
    return row


class GraphStore(ABC):
    """What the pipeline needs from a graph database."""

    name = "graph"

    @abstractmethod
    def ensure_schema(self) -> None: ...

    @abstractmethod
    def _read(self, cypher: str, params: dict | None = None) -> list[dict]: ...

    @abstractmethod
    def _write(self, cypher: str, params: dict | None = None) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def publish(self, state_hash: str) -> None:
        """Make the state just written the one readers (an agent, `graphrag-bench ask`) see. A server store does this by
        itself; the embedded one copies its closed file beside it (`LadybugStore.publish`)."""

    # Primitive writes, in the dialect both databases accept.
    UPSERT_NODES = ("UNWIND $rows AS row MERGE (n:Entity {id: row.id}) SET n.type = row.type, n.name = row.name, "
                    "n.canonical_id = row.canonical_id, n.aliases = row.aliases, n.source_doc = row.source_doc, "
                    "n.source_line = row.source_line, n.attributes = row.attributes, n.hash = row.hash")
    DELETE_EDGES = "UNWIND $ids AS i MATCH ()-[r:REL]->() WHERE r.id = i DELETE r"
    # Two MATCH clauses, not one with a comma: LadybugDB plans the comma form as a join that scans every node
    # per batch (upsert time grew with the square of the graph); two clauses are two primary-key lookups.
    CREATE_EDGES = ("UNWIND $rows AS row MATCH (a:Entity {id: row.source}) MATCH (b:Entity {id: row.target}) "
                    "CREATE (a)-[:REL {id: row.id, source: row.source, target: row.target, type: row.type, doc_id: row.doc_id, "
                    "line: row.line, evidence: row.evidence, extractor: row.extractor, certainty: row.certainty, "
                    "status: row.status, reason: row.reason, label: row.label, hash: row.hash}]->(b)")
    DELETE_NODES = "UNWIND $ids AS i MATCH (n:Entity {id: i}) DETACH DELETE n"
    # Whole-graph reads come in pages, in id order, each page after the last id seen (keyset paging): no read
    # returns more than PAGE rows however large the graph grows.
    ALL_NODES = "MATCH (n:Entity) WHERE n.id > $after RETURN n.id AS id, n.hash AS hash ORDER BY id LIMIT $page"
    ALL_EDGES = "MATCH ()-[r:REL]->() WHERE r.id > $after RETURN r.id AS id, r.hash AS hash ORDER BY id LIMIT $page"
    NODES_BY_ID = "MATCH (n:Entity) WHERE n.id IN $ids RETURN n.id AS id, n.hash AS hash"
    EDGES_BY_ID = "MATCH ()-[r:REL]->() WHERE r.id IN $ids RETURN r.id AS id, r.hash AS hash"
    BATCH = 500
    PAGE = 50_000

    def _read_paged(self, cypher: str) -> Iterator[dict]:
        after = ""
        while True:
            rows = self._read(cypher, {"after": after, "page": self.PAGE})
            yield from rows
            if len(rows) < self.PAGE:
                return
            after = rows[-1]["id"]

    def _batched(self, cypher: str, key: str, rows: list) -> None:
        for i in range(0, len(rows), self.BATCH):
            self._write(cypher, {key: rows[i:i + self.BATCH]})

    def sync(self, entities: Rows, relationships: Rows) -> UpsertResult:
        """Make the store hold exactly these nodes and edges; counts what it had to do.

        Idempotent: identical input a second time creates and changes nothing.
        """
        return self._sync(entities, relationships)[0]

    def sync_and_snapshot(self, entities: Rows, relationships: Rows) -> tuple[UpsertResult, str, dict]:
        """`sync`, then what `snapshot` gives, without a second read of the whole graph: the rows the sync read and
        left alone, and the rows it wrote or deleted read back by id (a large write reads everything again)."""
        result, want, touched = self._sync(entities, relationships)
        if len(touched["n"]) + len(touched["e"]) <= self.BATCH:
            found = {"n": self._read(self.NODES_BY_ID, {"ids": touched["n"]}) if touched["n"] else [],
                     "e": self._read(self.EDGES_BY_ID, {"ids": touched["e"]}) if touched["e"] else []}
            if all(sorted((r["id"], r["hash"]) for r in found[kind])
                   == sorted((i, want[kind][i]) for i in touched[kind] if i in want[kind]) for kind in ("n", "e")):
                return (result, *self._digest(want["n"].items(), want["e"].items()))
        return (result, *self.snapshot())

    def _sync(self, entities: Rows, relationships: Rows) -> tuple[UpsertResult, dict, dict]:
        """The sync, the id → hash the store should now hold, and the ids written or deleted (per "n" and "e")."""
        self.ensure_schema()
        nodes, edges = node_hashes(entities), edge_hashes(relationships)  # values[0] is the id
        have_nodes = {r["id"]: r["hash"] for r in self._read_paged(self.ALL_NODES)}
        edge_rows = [(r["id"], r["hash"]) for r in self._read_paged(self.ALL_EDGES)]
        have_edges = dict(edge_rows)
        if len(have_edges) != len(edge_rows):  # an edge id twice (a write cut short): deleted and written once
            have_edges.update((i, "") for i, n in Counter(i for i, _ in edge_rows).items() if n > 1)
        want = {"n": {v[0]: h for v, h in nodes}, "e": {v[0]: h for v, h in edges}}
        node_new = [node_row(v, h) for v, h in nodes if v[0] not in have_nodes]
        node_changed = [node_row(v, h) for v, h in nodes if v[0] in have_nodes and have_nodes[v[0]] != h]
        edge_new = [edge_row(v, h) for v, h in edges if v[0] not in have_edges]
        edge_changed = [edge_row(v, h) for v, h in edges if v[0] in have_edges and have_edges[v[0]] != h]
        stale_edges = [i for i in have_edges if i not in want["e"]]
        stale_nodes = [i for i in have_nodes if i not in want["n"]]
        self._batched(self.DELETE_EDGES, "ids", stale_edges + [e["id"] for e in edge_changed])
        self._batched(self.DELETE_NODES, "ids", stale_nodes)
        self._batched(self.UPSERT_NODES, "rows", node_new + node_changed)
        self._batched(self.CREATE_EDGES, "rows", edge_new + edge_changed)
        unchanged = len(nodes) + len(edges) - len(node_new) - len(edge_new) - len(node_changed) - len(edge_changed)
        result = UpsertResult(len(node_new) + len(edge_new), len(node_changed) + len(edge_changed), unchanged,
                              len(stale_nodes) + len(stale_edges))
        touched = {"n": [n["id"] for n in node_new + node_changed] + stale_nodes,
                   "e": [e["id"] for e in edge_new + edge_changed] + stale_edges}
        return result, want, touched

    def snapshot(self) -> tuple[str, dict]:
        """The state hash and the counts, from one read of every node and edge."""
        return self._digest(((r["id"], r["hash"]) for r in self._read_paged(self.ALL_NODES)),
                            ((r["id"], r["hash"]) for r in self._read_paged(self.ALL_EDGES)))

    @staticmethod
    def _digest(nodes: Iterable[tuple[str, str]], edges: Iterable[tuple[str, str]]) -> tuple[str, dict]:
        digest, counts = hashlib.sha256(), {}
        for kind, name, rows in (("n", "entities", nodes), ("e", "relationships", edges)):
            ordered = sorted(rows)  # Python's order, whatever the engine's
            counts[name] = len(ordered)
            for row_id, row_hash in ordered:
                digest.update(f"{kind}|{row_id}|{row_hash}\n".encode())
        return digest.hexdigest(), counts

    def state_hash(self) -> str:
        """sha256 over the sorted content hashes of every node and edge, read back from the store."""
        return self.snapshot()[0]

    def counts(self) -> dict:
        return self.snapshot()[1]

    def query(self, template_name: str, **params) -> list[dict]:
        """Run an allowlisted read template. The only read path retrieval uses."""
        template, params = check_params(template_name, params)
        return self._read(template.cypher, params)
