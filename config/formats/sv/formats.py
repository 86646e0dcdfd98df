"""Swedish as written in Finland: 5.12.2026 kl. 9.30, 5 december 2026 (not Sweden's ISO dates)."""

DATE_FORMAT = "j F Y"
TIME_FORMAT = "G.i"
DATETIME_FORMAT = r"j F Y \k\l. G.i"
SHORT_DATE_FORMAT = "j.n.Y"
SHORT_DATETIME_FORMAT = r"j.n.Y \k\l. G.i"
DATE_INPUT_FORMATS = ["%d.%m.%Y", "%d.%m.%y", "%Y-%m-%d"]
DATETIME_INPUT_FORMATS = ["%d.%m.%Y %H.%M", "%d.%m.%Y %H:%M", "%Y-%m-%d %H:%M:%S",
                          "%Y-%m-%d %H:%M", "%Y-%m-%d"]
FIRST_DAY_OF_WEEK = 1
