"""Teaching: a duel step by step, the judge's workbench data, quizzes (made up and from real
games) and the turn diagram."""
