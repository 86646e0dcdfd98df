"""Date and time formats as Finland's schools write them (settings.FORMAT_MODULE_PATH).

Only what differs from Django's own locale formats is here; the rest falls back to Django's.
Finnish: 5.12.2026 klo 9.30. Swedish as written in Finland (Django's sv is Sweden's 2026-12-05
09:30): 5.12.2026 kl. 9.30. English: 5 Dec 2026, 09:30, since a Finnish reader takes 12/05/2026
for the 12th of May.
"""
