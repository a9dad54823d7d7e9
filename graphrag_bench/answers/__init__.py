"""Answers: what a question asks, part by part (`slots`; `question_reading` reads it against the vocabulary for graph
paths), the sentences of a retrieval's context (`sentences`), the reader that fills each part's slot from the sentence
that addresses it (`reader`, `fillers`), and the composer that turns the evidence into labelled, cited claims
(`answer`)."""
