"""A small game that exists only for the platform's tests: registered by the `stub_game`
fixture (tests/conftest.py), it proves that the platform works for a game it does not know."""
