"""Answers: a question read once into what it names and asks (`question_reading`), and the deterministic
composer that turns retrieved evidence into labelled, cited claims (`answer`)."""
