"""The rules of The Art of Science, one module per part of a turn."""
