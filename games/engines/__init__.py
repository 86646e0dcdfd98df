"""Pure-Python game engines behind one face (see base.py and docs/engine.md)."""
