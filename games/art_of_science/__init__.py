"""The Art of Science: a science trivia race round a 42-square board, as a classroom game.

The pure engine is in `engine/`; the Django pieces (pages, the question bank's model) come
beside it.
"""
