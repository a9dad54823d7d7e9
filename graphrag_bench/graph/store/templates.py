"""The allowlist: the only Cypher that reads the graph (documented in SAFE_CYPHER_TEMPLATES.md).

Every template is read-only, parameterized, bounded by LIMIT $limit and at most 2 hops.
Relationship types and labels are fixed here, never taken from text. Callers name a
template; `check_params` rejects unknown or mistyped parameters before anything runs.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LIMIT = 200
FIELDS = "n.id AS id, n.type AS type, n.name AS name"
EDGE = ("r{i}.type AS type{i}, r{i}.source AS source{i}, r{i}.doc_id AS doc{i}, r{i}.line AS line{i}, "
        "r{i}.evidence AS evidence{i}, r{i}.certainty AS certainty{i}, r{i}.label AS label{i}")


@dataclass(frozen=True)
class Template:
    name: str
    cypher: str
    params: dict  # parameter name → python type
    hops: int


def _t(name: str, cypher: str, hops: int, **params: type) -> Template:
    return Template(name, cypher, {**params, "limit": int}, hops)


TEMPLATES: dict[str, Template] = {t.name: t for t in [
    _t("entities_by_ids",
       "MATCH (n:Entity) WHERE n.id IN $ids RETURN n.id AS id, n.type AS type, n.name AS name, n.canonical_id AS canonical_id, "
       "n.aliases AS aliases, n.attributes AS attributes, n.source_doc AS source_doc, n.source_line AS source_line ORDER BY n.id LIMIT $limit",
       0, ids=list),
    _t("neighbors_1hop",
       "MATCH (e:Entity {id: $id})-[r1:REL]-(n:Entity) WHERE r1.type IN $types "
       f"RETURN e.id AS start, {EDGE.format(i=1)}, {FIELDS} ORDER BY n.id, type1, doc1 LIMIT $limit",
       1, id=str, types=list),
    # Each hop is filtered by its own MATCH: LadybugDB 0.22 applies a filter on the first edge of one two-hop pattern
    # across all parallel edges between the same two entities, dropping asked paths and returning unasked ones
    # (tests/integration/test_store_contract.py); the two-clause form means the same in Cypher and reads right in both.
    _t("paths_2hop",
       "MATCH (e:Entity {id: $id})-[r1:REL]-(m:Entity) WHERE r1.type IN $types WITH e, r1, m "
       "MATCH (m)-[r2:REL]-(n:Entity) WHERE n.id <> e.id AND r2.type IN $types "
       f"RETURN e.id AS start, {EDGE.format(i=1)}, m.id AS mid, m.type AS mid_type, m.name AS mid_name, {EDGE.format(i=2)}, {FIELDS} "
       "ORDER BY m.id, n.id, type1, type2, doc1, doc2 LIMIT $limit",
       2, id=str, types=list),
    _t("count_entities", "MATCH (n:Entity) RETURN count(n) AS n LIMIT $limit", 0),
]}


def check_params(name: str, params: dict) -> tuple[Template, dict]:
    """The template and its parameters, or ValueError: never runs anything not on the list."""
    template = TEMPLATES.get(name)
    if template is None:
        raise ValueError(f"query template {name!r} is not on the allowlist")
    if set(params) != set(template.params):
        raise ValueError(f"template {name!r} takes {sorted(template.params)}, got {sorted(params)}")
    for key, kind in template.params.items():
        if not isinstance(params[key], kind) or isinstance(params[key], bool):
            raise ValueError(f"template {name!r}: parameter {key!r} must be {kind.__name__}")
    if not 1 <= params["limit"] <= MAX_LIMIT:
        raise ValueError(f"template {name!r}: limit must be within 1..{MAX_LIMIT}")
    return template, params
