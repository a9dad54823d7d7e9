"""The English the product knows: grammar words and the names of the months, in one place.

Extraction, question reading and answers rely on English grammar (a pronoun opens a sentence with
no subject of its own, an auxiliary after "what" asks for an object, "of" may sit inside a name);
they never rely on a corpus's labels, headings, verbs or names — those come only from the
vocabulary's descriptions (`vocabulary`) and from the corpus itself.
"""

from __future__ import annotations

# Function words: they may sit inside a name ("Head of Engineering") and a phrase of nothing else says nothing.
FUNCTION_WORDS = frozenset(
    "a an the of to in on at for by with from into onto over under via per as and or but nor so than then that "
    "this these those it its is are was were be been being has have had do does did will would shall should can "
    "could may might must not no there here which who whom whose what when where why how our we they their them "
    "he she his her you your i me my us also just only after before until since while during about against "
    "between through up down out off again further once each both all any few more most some such too very "
    "itself themselves himself herself myself ourselves yourself".split())
NAME_CONNECTORS = frozenset({"of", "&", "and", "de", "da", "van", "von", "der", "la", "le", "du", "for"})
PERSONAL_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "it", "they", "us", "them"})
PERSONAL_POSSESSIVES = frozenset({"his", "her", "their"})  # "what is his full name": of a person named before
# A sentence opening with one of these has no subject of its own: "We decided to use …", "This decision supersedes …".
SUBJECT_STAND_INS = PERSONAL_PRONOUNS | frozenset({"this", "these", "that", "our", "its", "their"})
# Determiners that point to something said elsewhere rather than name it: "this decision", "our process".
POINTING_DETERMINERS = frozenset({"this", "that", "these", "those", "our", "your", "its", "their", "my", "his", "her"})
# Prepositions that say how something is done: "split by environment type", "deployed through the pipeline"
MANNER_PREPOSITIONS = frozenset({"by", "through", "via", "using"})
# Pronouns that say who without naming anyone: "Anyone can act as a Scribe" answers "who may act as the Scribe"
INDEFINITE_PERSONS = frozenset({"anyone", "anybody", "everyone", "everybody", "nobody", "someone", "somebody"})
# Of those, the ones that name no one: "delegating somebody to post" does not say whom ("anyone can act as Scribe" does)
UNNAMED_PERSONS = frozenset({"someone", "somebody"})
# Nouns that say no more than "who" does: "who was the person the Council discussed hiring" asks who they discussed
# hiring (not "who is the delivery manager who …", which asks for that role); "which two people" asks for people
GENERIC_PERSONS = frozenset({"person", "people", "persons", "individual", "individuals"})
FIRST_PERSON = frozenset({"i", "me", "myself"})  # in minutes' "Mara: … the only volunteer has been me": the speaker
# Words that point back to something named before: "… and who approved it?"
BACK_REFERENCES = frozenset({"it", "its", "them", "they", "he", "she", "him", "her"})
# The plural ones, with their possessive: "which people …, and which SIG does each of them chair" points back to the
# people asked.
PLURAL_BACK_REFERENCES = frozenset({"them", "they", "their"})
AUXILIARIES = frozenset("do does did is are was were has have had will would can could should shall may might".split())
COPULAS = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had"})
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# Verbs that say little but that an act is done, the act being their object's noun: "who made the proposal" asks who
# proposed; "who gave the talk", who talked.
LIGHT_VERBS = frozenset({"make", "give"})
# Verbs that say only that one thing is, has or goes with another ("what is X", "which variable belongs to X"): what a
# question asks by one is the noun it equates, not the verb (lemmas).
RELATING_VERBS = frozenset({"be", "have", "do", "belong"})
# The units of time a frequency counts in: "every night", "twice a week".
TIME_UNITS = ("second", "minute", "hour", "day", "night", "morning", "evening", "week", "weekday", "weekend",
              "fortnight", "month", "quarter", "year")
# Words that open a clause giving a reason ("… as it was a trial") and, of them, those that also open a phrase giving
# one ("because of the outage", "due to load").
REASON_MARKERS = frozenset({"because", "since", "as", "due", "owing", "given"})
REASON_PHRASE_MARKERS = frozenset({"because", "due", "owing"})
# Words that pick one of two things by when it came: "the older one", "the newer one" of two documents of one title.
EARLIER_WORDS = frozenset({"older", "earlier", "first", "former", "original"})
LATER_WORDS = frozenset({"newer", "later", "latest", "second", "latter", "recent"})
# Words that set what follows against what was said before: "targeted for 2.12 but the outcome was X"; "An earlier idea
# was X. However, this ran into problems: …"
CONTRAST_WORDS = frozenset({"but", "yet", "however"})
# Conjunctions that make a clause a condition: "if you do not acknowledge within 10 minutes" denies nothing.
CONDITION_MARKERS = frozenset({"if", "unless"})
# Verbs that say what their "from" leads to is not done ("barred from voting", "prevented from merging"): asked by one,
# a yes/no part asks whether that thing is not done, and a sentence saying it is not done says yes.
PREVENTING_VERBS = frozenset({"bar", "ban", "block", "exclude", "forbid", "preclude", "prevent", "prohibit", "stop"})
# Prepositions that say where something is or goes: "configured in the X charts", "go to the Y service".
PLACE_PREPOSITIONS = frozenset({"in", "on", "at", "to", "inside", "within", "under", "into", "onto", "behind", "beside"})
# Words that quantify a plural ("Several ADRs deal with …", "Both reports …"): a statement about a set of things.
NUMBER_WORDS_ORDER = tuple("one two three four five six seven eight nine ten".split())
NUMBER_WORDS = frozenset(NUMBER_WORDS_ORDER)
# What a field says when it has no value ("Supersedes: N/A"): an absence, never a name of anything.
ABSENT_VALUES = frozenset({"-", "—", "–", "?", "n/a", "none", "tbd"})
EXCLUSIVE = frozenset({"only", "sole"})  # "their only author": the one of its kind, no other beside it
ADDITIVE = frozenset({"also"})  # "which people on X also chair a SIG": those of one group who hold another relation besides
UNIVERSAL = frozenset({"every", "each", "all"})  # "is every chair of X also a lead": the whole of a group, not some of it
QUANTIFIERS = frozenset({"several", "many", "some", "multiple", "both", "various", "few", "all", "most", "numerous"})
# "How long" asks a measure, and documents name a measure by its noun ("Term Length: 2 years", "max size 5 GB"),
# seldom by the adjective the question asks with ("long" is "long-term" there): English's dimension adjectives.
MEASURE_NOUNS = {"long": "length", "wide": "width", "deep": "depth", "high": "height", "tall": "height", "old": "age",
                 "far": "distance", "big": "size", "large": "size", "heavy": "weight"}
# The words that ask: a wh-word, and the words that make "how" ask for an amount ("how many").
QUESTION_WORDS = frozenset({"who", "whom", "whose", "what", "which", "when", "where", "why", "how", "many", "much"})
