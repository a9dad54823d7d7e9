"""The English the product reads, shared by extraction (`graph.extract`) and answers (`answers`): grammar words
(`english`), text shapes and sentence splitting (`text`), meaning compared with the vocabulary's descriptions
(`semantics`), and the trained spaCy pipeline, loaded once (`spacy_pipeline`)."""
