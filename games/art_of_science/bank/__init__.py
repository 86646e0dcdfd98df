"""The Art of Science question bank: the record format, its validator and the starter bank.

Pure Python (no Django), so the question-bank model and its imports can call it (AS-G06).
"""
