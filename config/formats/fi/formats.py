"""Finnish: 5.12.2026 klo 9.30 (Django's own lacks the "klo")."""

SHORT_DATETIME_FORMAT = r"j.n.Y \k\l\o G.i"
