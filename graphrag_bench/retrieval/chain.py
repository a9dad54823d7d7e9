"""Chained questions: the second hop a later part of a question needs once an earlier part is answered.

"What is that platform called, and what subdomain will its DNS use?": "its" is the first part's answer, which the
question cannot name. The first part is read from the context retrieved for the whole question (the composer's own
reader), and the later part the context leaves unanswered is asked again with that answer in the pointer's place; so is
a later part that asks through a description of what it points to ("who authored the RFC that created that team"),
by that description's own question, answered or not; and so is a first part pointing to what the question's opening
statement describes without naming it ("… with a Slack command. Who does that command page?"), with the name the
context gives it where a sentence restates the statement. A graph mode keeps the passage it then ranks first that
names the answer — the document that speaks of it, or, where the answer is one of the context's documents ("which one
lists X as attendees, and what was its time to recovery"), a passage of that document — with that document's record.
A later part that asks something of its own, in words no passage says together, is searched for alone
(`parts_apart`): the search for the whole question ranks the documents most of its words are about.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..answers.question_reading import stems

if TYPE_CHECKING:
    from .retrieve import Passage, Retrieval

MAX_REFERENT_WORDS = 6  # an answer of more words is a reason or a sentence, not a thing a later part can point to


@dataclass(frozen=True)
class Hop:
    query: str  # the later part, with the earlier answer it points to
    referent: str  # that answer
    document: str | None = None  # the document that answer is, where it names one of the context's ("PM2021-003 (…)")


def second_hops(result: Retrieval) -> list[Hop]:
    """The hops a retrieval's context leaves to make: for each later part that points back to an earlier part's answer
    and that the context does not answer (or that asks through a description of it), the part (or the description's
    question) with the nearest earlier answer of a few words; and for a first part pointing to what the opening
    statement describes, the part with the name of that thing. Cheap for a question of one part, or of parts that point
    nowhere: the context is read only when one part points back and says a word no passage says, or describes."""
    # (the composer's reader imports retrieval's types: imported when a question needs it)
    from ..answers.answer import default_answerer
    from ..answers.reader import ContextWords
    from ..answers.sentences import context_sentences
    from ..answers.slots import describing_clause, statement_pointer, term_set, terms_of

    answerer = default_answerer()
    asked = answerer.slots.read(result.question)
    pointing = [i for i, part in enumerate(asked.parts) if i and part.points_back]
    # (a part whose every word one passage says is most likely answered there: the context is read, at the cost of
    # composing twice, only for a part with a word no passage says with the others — in a passage about something the
    # question names, where it names anything: "what was its time to recovery" is not answered by another incident's
    # "Time to recovery")
    names = [set(terms_of(name)) for name in asked.named if terms_of(name)]
    said = [words_of for words_of in (term_set(p.text) for p in result.passages)
            if not names or any(name <= words_of for name in names)]
    pointing = [i for i in pointing if asked.parts[i].nested[0] or not any(set(asked.parts[i].terms) <= s for s in said)]
    # The first part pointing to what the opening statement describes ("… trigger a response with a Slack command. Who
    # does that command page?"): which one that is, the context says where it restates the statement.
    noun = statement_pointer(asked.parts[0], asked.scene) if asked.parts else ""
    if not pointing and not noun:
        return []
    sentences = context_sentences(result)
    words = ContextWords(sentences)
    hops = []
    if noun:
        # (asked of the clause that describes it alone: the rest of the statement is about other things)
        clause, kind = describing_clause(asked.scene, noun)
        clause = clause or asked.scene
        identity = answerer.slots.read(f"{clause[:1].upper()}{clause[1:]}. Which {noun} is that?")
        # (asked by the noun alone, which the parser reads as such, then of its kind: "CI system", "signal horn")
        kinded = [replace(p, noun=kind, terms=tuple(dict.fromkeys(p.terms + tuple(terms_of(kind))))) if kind else p
                  for p in identity.parts]
        named = answerer.passages.read(replace(identity, parts=tuple(kinded)), sentences, words)
        referent = next((a.filler for a in named if 0 < len(a.filler.split()) <= MAX_REFERENT_WORDS), "")
        if referent:
            hops.append(Hop(f"{asked.parts[0].text} {referent}", referent))
    if not pointing:
        return hops
    # (the parts after the last pointing one are not read: nothing points to them)
    read = replace(asked, parts=asked.parts[:pointing[-1] + 1])
    answers = answerer.passages.read(read, sentences, words)
    index = {id(part): i for i, part in enumerate(asked.parts)}
    filled = {index[id(a.part)]: a.filler for a in answers if id(a.part) in index}
    for i in pointing:
        earlier = [j for j in filled if j < i and 0 < len(filled[j].split()) <= MAX_REFERENT_WORDS]
        # A part asking through a description of what it points to ("who authored the RFC that created that team")
        # asks a second hop whatever the context answered: the inner question, of the earlier answer.
        nested = asked.parts[i].nested[0]
        if earlier and (nested or i not in filled):
            referent = filled[max(earlier)]
            hops.append(Hop(f"{nested or asked.parts[i].text} {referent}", referent,
                            words.named_document.get(referent)))
    return hops


def parts_apart(result: Retrieval) -> list[str]:
    """The later parts of a question that ask something of their own (pointing to no earlier answer) in words no
    passage of the context says together: "…, and what is the platform now switching its own deployment pipelines to?"
    after a part answered by another document. Each is asked on its own: a search for the whole question ranks the
    passages of the documents most of its words are about."""
    from ..answers.answer import default_answerer
    from ..answers.slots import term_set

    asked = default_answerer().slots.read(result.question)
    later = [part for part in asked.parts[1:] if not part.points_back and part.terms]
    if not later:
        return []
    said = [term_set(p.text) for p in result.passages]
    return [part.text for part in later if not any(set(part.terms) <= s for s in said)]


def speaks_of(passage: Passage, hop: Hop) -> bool:
    """A passage speaks of a hop's referent where it says every word of it, or is of the document the referent is."""
    return passage.doc_id == hop.document or stems(hop.referent) <= stems(passage.text)
