"""Questions: the bank's record format (AS-G06), the lesson's pools, and machine judging.

The engine never reads a database: the platform passes the lesson's questions in
`options["questions"]` as AS-G06 records (the YAML/CSV fields, one record per question per
language). `problems(record)` lists what is wrong with one record; `normalise` turns a sound one
into the engine's form (category as its code, a multiple-choice answer as the option's index,
true/false as a bool, a numeric answer and its tolerance as numbers). docs/games/art_of_science.md
lists every field.
"""

from __future__ import annotations

import math
import re
from typing import Any

from games.engines.base import GameError, IllegalAction

from .content import BANK_CATEGORY, SETTINGS

FORMATS = ("multiple_choice", "true_false", "numeric", "open")
MACHINE_JUDGED = ("multiple_choice", "true_false", "numeric")
STATUSES = ("draft", "approved", "retired")
LETTERS = "ABCD"
REQUIRED = ("id", "lang", "category", "difficulty", "format", "prompt", "answer", "explanation")
OPTIONAL = ("translation_of", "options", "tolerance", "unit", "accept", "image", "time_limit_s",
            "tags", "author", "status", "licence")
PROMPT_MAX = 200
OPTION_MAX = 60
EXPLANATION_MAX = 200
# AS-29: options are shuffled, so none may point at the others.
BANNED_OPTIONS = re.compile(
    "all of the above|none of the above|kaikki edellä|ei mikään edellä|kaikki yllä|"
    "ei mikään yllä|alla ovanstående|inget av ovanstående|alla ovan|inget av ovan",
    re.IGNORECASE)
LANG_PATTERN = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


class QuestionError(GameError):
    """A question record does not follow AS-G06."""


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) and len(value) <= limit


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _bool_answer(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _choice_problems(r: dict) -> list[str]:
    options = r.get("options")
    if not (isinstance(options, list) and 3 <= len(options) <= 4
            and all(_text(o, OPTION_MAX) for o in options)):
        return ["multiple choice needs 3-4 options of at most 60 characters"]
    problems = []
    if len({o.strip().lower() for o in options}) != len(options):
        problems.append("duplicate options")
    if any(BANNED_OPTIONS.search(o) for o in options):
        problems.append("no 'all/none of the above' (options are shuffled, AS-29)")
    letter = r["answer"]
    if not (isinstance(letter, str) and letter.strip().upper() in LETTERS[:len(options)]):
        problems.append("the answer must be the letter of one option")
    return problems


def _true_false_problems(r: dict) -> list[str]:
    return [] if _bool_answer(r["answer"]) is not None else [
        "a true/false answer must be true or false"]


def _numeric_problems(r: dict) -> list[str]:
    problems = [] if _number(r["answer"]) else ["a numeric answer must be a number"]
    tolerance = r.get("tolerance")
    if tolerance is not None and not (_number(tolerance) and tolerance >= 0):
        problems.append("a tolerance must be a number >= 0")
    if r.get("unit") is not None and not _text(r["unit"], 20):
        problems.append("a unit is a short text")
    return problems


def _open_problems(r: dict) -> list[str]:
    problems = [] if _text(r["answer"], PROMPT_MAX) else ["an open answer needs a model answer"]
    accept = r.get("accept") or []
    if not (isinstance(accept, list) and all(_text(a, PROMPT_MAX) for a in accept)):
        problems.append("accept must be a list of texts")
    return problems


FORMAT_CHECKS = {"multiple_choice": _choice_problems, "true_false": _true_false_problems,
                 "numeric": _numeric_problems, "open": _open_problems}


def _format_problems(r: dict) -> list[str]:
    """The format's own rules, and no field that belongs to another format (AS-28, AS-G06)."""
    fmt = r["format"]
    problems = FORMAT_CHECKS[fmt](r)
    if fmt != "multiple_choice" and r.get("options"):
        problems.append("only multiple choice has options")
    if fmt != "numeric" and (r.get("tolerance") is not None or r.get("unit") is not None):
        problems.append("only numeric questions have a tolerance or a unit")
    if fmt != "open" and r.get("accept"):
        problems.append("only open questions have an accept list")
    return problems


def _field_problems(r: dict) -> list[str]:
    checks = (
        (isinstance(r["id"], str) and 0 < len(r["id"]) <= 40 and not re.search(r"\s", r["id"]),
         "the id must be a short text without spaces"),
        (isinstance(r["lang"], str) and LANG_PATTERN.match(r["lang"]),
         "lang must be a language code such as en, fi or sv"),
        (r["category"] in BANK_CATEGORY, f"category must be one of {sorted(BANK_CATEGORY)}"),
        (r["difficulty"] in (1, 2, 3) and not isinstance(r["difficulty"], bool),
         "difficulty must be 1, 2 or 3"),
        (_text(r["prompt"], PROMPT_MAX), "the prompt must be 1-200 characters"),
        (_text(r["explanation"], EXPLANATION_MAX), "the explanation must be 1-200 characters"),
        (r.get("status", "approved") in STATUSES, f"status must be one of {STATUSES}"),
    )
    return [message for ok, message in checks if not ok] + _optional_problems(r)


def _optional_problems(r: dict) -> list[str]:
    problems = []
    image = r.get("image")
    if image is not None and not (isinstance(image, dict) and _text(image.get("file"), 200)
                                  and _text(image.get("alt"), 200)):
        problems.append("an image needs a file and alt text")
    limit = r.get("time_limit_s")
    if limit is not None and not (isinstance(limit, int) and 5 <= limit <= 300):
        problems.append("time_limit_s must be 5-300 seconds or null")
    for key in ("translation_of", "author", "licence"):
        if r.get(key) is not None and not isinstance(r[key], str):
            problems.append(f"{key} must be a text or null")
    tags = r.get("tags")
    if tags is not None and not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
        problems.append("tags must be a list of texts")
    return problems


def problems(record: Any) -> list[str]:
    """What is wrong with one AS-G06 record; [] for a sound one."""
    if not isinstance(record, dict):
        return ["a question must be a mapping"]
    name = record.get("id", "?")
    missing = [k for k in REQUIRED if k not in record]
    unknown = sorted(set(record) - set(REQUIRED) - set(OPTIONAL))
    found = [f"missing {k}" for k in missing] + [f"unknown field {k}" for k in unknown]
    if not missing:
        found += _field_problems(record)
        if record["format"] in FORMATS:
            found += _format_problems(record)
        else:
            found.append(f"format must be one of {FORMATS}")
    return [f"question {name}: {p}" for p in found]


def normalise(r: dict) -> dict:
    """The engine's form of a sound record (call `problems` first)."""
    fmt = r["format"]
    answer = r["answer"]
    if fmt == "multiple_choice":
        answer = LETTERS.index(answer.strip().upper())
    elif fmt == "true_false":
        answer = _bool_answer(answer)
    return {
        "id": r["id"], "lang": r["lang"], "translation_of": r.get("translation_of"),
        "category": BANK_CATEGORY[r["category"]], "difficulty": r["difficulty"], "format": fmt,
        "prompt": r["prompt"], "options": list(r["options"]) if fmt == "multiple_choice" else None,
        "answer": answer,
        "tolerance": (r.get("tolerance") or 0) if fmt == "numeric" else None,
        "unit": r.get("unit"), "accept": list(r.get("accept") or []),
        "explanation": r["explanation"], "image": r.get("image"),
        "time_limit_s": r.get("time_limit_s"), "tags": list(r.get("tags") or []),
        "status": r.get("status", "approved"),
    }


def eligible(record: dict, options: dict) -> bool:
    """Whether a lesson may draw this question: approved (AS-G24), in the lesson's language
    (AS-40) and difficulty range (AS-32), and open only if the teacher allows open answers."""
    low, high = options["difficulty"]
    return (record["status"] == "approved" and record["lang"] == options["language"]
            and low <= record["difficulty"] <= high
            and (record["format"] != "open" or options["open_answers"]))


def bank_for(records: Any, options: dict) -> dict[str, dict]:
    """The lesson's eligible questions by id, validated and normalised; raises QuestionError."""
    if not isinstance(records, list):
        raise QuestionError("options['questions'] must be a list of AS-G06 records")
    found = [p for r in records for p in problems(r)]
    if found:
        raise QuestionError("; ".join(found[:20]))
    ids = [r["id"] for r in records]
    if len(set(ids)) != len(ids):
        raise QuestionError("question ids must be unique")
    bank = {r["id"]: normalise(r) for r in records}
    return {qid: q for qid, q in sorted(bank.items()) if eligible(q, options)}


def sample_records(language: str) -> list[dict]:
    """Neutral machine-judged questions for playouts and benchmarks that pass no bank: per
    category 12 numeric questions at each difficulty. A lesson always passes its own bank."""
    records = []
    for bank_name, code in BANK_CATEGORY.items():
        for n in range(1, 37):
            records.append({
                "id": f"sample-{code.lower()}-{n}", "lang": language, "category": bank_name,
                "difficulty": 1 + (n - 1) % 3, "format": "numeric",
                "prompt": f"Sample question {n} ({code}): what is {n} + {n}?",
                "answer": 2 * n, "explanation": f"{n} + {n} = {2 * n}."})
    return records


def pools(bank: dict[str, dict]) -> tuple[dict[str, list], dict[str, list]]:
    """Question ids by category: all, and the machine-judged ones duels draw from (AS-G09)."""
    every: dict[str, list] = {code: [] for code in BANK_CATEGORY.values()}
    duel: dict[str, list] = {code: [] for code in BANK_CATEGORY.values()}
    for qid, q in bank.items():
        every[q["category"]].append(qid)
        if q["format"] in MACHINE_JUDGED:
            duel[q["category"]].append(qid)
    empty = [code for code in every if not duel[code]]
    if empty:
        raise QuestionError(f"no machine-judged question for {empty} in this lesson's language "
                            "and difficulties")
    return every, duel


def parse_number(value: Any) -> int | float | None:
    """A typed numeric answer as a number ("1,5" and "1.5" alike), or None if it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip().replace(",", ".").replace(" ", "").replace("\u2212", "-")
        if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", text):
            return None
        value = float(text)
    if not _number(value):
        return None
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else float(value)


def judge(q: dict, order: list[int] | None, value: Any) -> bool:
    """Whether a machine-judged answer is correct (AS-31). A multiple-choice answer is the
    letter as displayed; `order` maps displayed positions to the record's options. No answer
    (None) is wrong (AS-30)."""
    if value is None:
        return False
    if q["format"] == "multiple_choice":
        return order[LETTERS.index(value)] == q["answer"]
    if q["format"] == "true_false":
        return value is q["answer"]
    return abs(value - q["answer"]) <= q["tolerance"] + 1e-9


def key_view(q: dict, order: list[int] | None) -> dict:
    """The answer key as a seat is shown it once the answer is judged (AS-33)."""
    answer = q["answer"]
    if q["format"] == "multiple_choice":
        answer = LETTERS[order.index(answer)]
    return {"answer": answer, "accept": list(q["accept"]), "tolerance": q["tolerance"],
            "explanation": q["explanation"]}


def public_view(q: dict, order: list[int] | None) -> dict:
    """What every reader of the question sees while it is asked: never the key (AS-33)."""
    options = None
    if q["format"] == "multiple_choice":
        options = [{"letter": LETTERS[i], "text": q["options"][k]} for i, k in enumerate(order)]
    return {"id": q["id"], "category": q["category"], "difficulty": q["difficulty"],
            "format": q["format"], "prompt": q["prompt"], "options": options, "unit": q["unit"],
            "image": q["image"]}


def typed_answer(q: dict, value: Any, limit: int) -> Any:
    """An answer or suggestion in canonical form: a letter, true/false, a number or a text;
    None (or an empty text) is no answer (AS-28, AS-30). Raises IllegalAction."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    fmt = q["format"]
    if fmt == "multiple_choice":
        if isinstance(value, str) and value.strip().upper() in LETTERS[:len(q["options"])]:
            return value.strip().upper()
        raise IllegalAction("bad_answer", "Choose one of the options.")
    if fmt == "true_false":
        found = _bool_answer(value)
        if found is None:
            raise IllegalAction("bad_answer", "Answer true or false.")
        return found
    if fmt == "numeric":
        number = parse_number(value)
        if number is None:
            raise IllegalAction("not_a_number", "Write a number.")
        return number
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise IllegalAction("too_long", f"Write at most {limit} characters.")
    return value.strip()


def answer_seconds(state: dict, q: dict) -> int:
    """The question's own limit if it has one (AS-G21), else the lesson's (AS-30)."""
    return q["time_limit_s"] or state["options"]["time_limit_s"]


def text_limit(q: dict, advice: bool = False) -> int:
    if advice:
        return SETTINGS["advice_max_length"]
    if q["format"] == "numeric":
        return SETTINGS["numeric_answer_max_length"]
    return SETTINGS["open_answer_max_length"]
