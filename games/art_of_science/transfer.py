"""The question bank's files: CSV, XLSX and YAML, one question per row (AS-G06: the record's field
names are the columns), read into records and written from them.

Reading never trusts a file: at most `MAX_BYTES` and `MAX_ROWS`, XLSX read-only with formulas
refused, YAML with the safe loader. A spreadsheet cell holds a list as texts separated by " | "
(options, accept, tags) and an image as "file | alt text"; a blank cell is an empty field. What a
row means is checked by the bank's own validator (bank/schema.py) in questionbank.py, which names
each bad row. Writing neutralises cells a spreadsheet could run as formulas.
"""

import csv
import io
import math
from dataclasses import dataclass

import yaml
from openpyxl import Workbook, load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from games.art_of_science.bank.schema import FIELDS
from games.spreadsheets import FORMULA_TRIGGERS, neutralise_cell

MAX_BYTES = 2_000_000
MAX_ROWS = 2000
SEPARATOR = " | "
LIST_FIELDS = ("options", "accept", "tags")
TRUE_WORDS = {"true", "tosi", "sant", "yes", "kyllä", "ja"}
FALSE_WORDS = {"false", "epätosi", "falskt", "no", "ei", "nej"}
FILE_TYPES = {"csv": "text/csv", "xlsx": "application/vnd.openxmlformats-officedocument."
              "spreadsheetml.sheet", "yaml": "application/yaml"}


@dataclass(frozen=True)
class Row:
    """One question of a file as written, and where it stands: `number` is the spreadsheet's
    row (the header is row 1) or the YAML list's position (from 1)."""

    number: int
    values: dict


class FileRefused(Exception):
    """The file cannot be read at all; `code` says why, `where` names a row or cell if any."""

    def __init__(self, code, where=""):
        super().__init__(code)
        self.code = code
        self.where = where


def kind_of(name):
    """"csv", "xlsx" or "yaml" by the file's name, or None."""
    ending = str(name).lower().rsplit(".", 1)[-1]
    return {"csv": "csv", "xlsx": "xlsx", "yaml": "yaml", "yml": "yaml"}.get(ending)


def read_rows(name, data):
    """The file's rows; raises FileRefused."""
    kind = kind_of(name)
    if kind is None:
        raise FileRefused("file_type")
    if len(data) > MAX_BYTES:
        raise FileRefused("too_big")
    rows = READERS[kind](data)
    if len(rows) > MAX_ROWS:
        raise FileRefused("too_many_rows")
    if not rows:
        raise FileRefused("empty")
    return rows


def _read_csv(data):
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileRefused("encoding") from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","  # Excel in Finland writes ;
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    table = list(reader)
    return _table_rows(table)


def _read_xlsx(data):
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except (InvalidFileException, OSError, KeyError, ValueError):
        raise FileRefused("not_xlsx") from None
    try:
        table = []
        for number, cells in enumerate(book.worksheets[0].iter_rows(), start=1):
            for cell in cells:
                if cell.data_type == "f":
                    raise FileRefused("formula", f"{getattr(cell, 'coordinate', number)}")
            table.append([cell.value for cell in cells])
            if number > MAX_ROWS + 1:
                break
    finally:
        book.close()
    return _table_rows(table)


def _table_rows(table):
    if not table:
        return []
    header = [str(h or "").strip() for h in table[0]]
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        values = {h: c for h, c in zip(header, cells, strict=False) if h}
        if any(_blank(v) is False for v in values.values()):
            rows.append(Row(number, values))
    return rows


def _read_yaml(data):
    try:
        loaded = yaml.safe_load(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, yaml.YAMLError):
        raise FileRefused("not_yaml") from None
    if not isinstance(loaded, list):
        raise FileRefused("not_a_list")
    return [Row(n, item if isinstance(item, dict) else {"": item})
            for n, item in enumerate(loaded, start=1)]


READERS = {"csv": _read_csv, "xlsx": _read_xlsx, "yaml": _read_yaml}


# A row's cells as a record's values -------------------------------------------------------------


def _blank(value):
    return value is None or (isinstance(value, str) and not value.strip())


def _text(value):
    """A typed cell: a neutralised one loses its apostrophe again."""
    if value is None:
        return None
    text = str(value).strip()
    if text.startswith("'") and text[1:].startswith(FORMULA_TRIGGERS):
        text = text[1:]
    return text or None


def _number(value):
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return int(value) if float(value).is_integer() and abs(value) < 1e15 else value
    text = (_text(value) or "").replace(",", ".").replace(" ", "").replace("\u2212", "-")
    try:
        number = float(text)
    except ValueError:
        return _text(value)
    if not math.isfinite(number):
        return _text(value)
    return int(number) if number.is_integer() and abs(number) < 1e15 else number


def _list(value):
    if isinstance(value, list):
        return value
    text = _text(value)
    return [] if text is None else [part.strip() for part in text.split("|") if part.strip()]


def _image(value):
    if isinstance(value, dict) or _blank(value):
        return value if isinstance(value, dict) else None
    file, _sep, alt = str(value).partition("|")
    return {"file": file.strip(), "alt": alt.strip()}


def _answer(value, fmt):
    if fmt == "true_false":
        if isinstance(value, bool):
            return value
        word = (_text(value) or "").lower()
        return True if word in TRUE_WORDS else False if word in FALSE_WORDS else _text(value)
    if fmt == "numeric":
        return _number(value)
    text = _text(value) if not isinstance(value, int | float) else str(value)
    return text.upper() if fmt == "multiple_choice" and text else text


def record_from(values, author):
    """A record of every field from a row's cells; blank optional fields take their default
    (a draft by `author`, a teacher's, numeric tolerance 0). Unknown columns stay, so the
    validator names them."""
    fmt = _text(values.get("format"))
    record = {field: values.get(field) for field in values}
    record.update({
        "id": _text(values.get("id")), "lang": _text(values.get("lang")),
        "translation_of": _text(values.get("translation_of")),
        "category": _text(values.get("category")), "format": fmt,
        "difficulty": _number(values.get("difficulty")),
        "prompt": _text(values.get("prompt")), "explanation": _text(values.get("explanation")),
        "answer": _answer(values.get("answer"), fmt),
        "tolerance": _number(values.get("tolerance")), "unit": _text(values.get("unit")),
        "image": _image(values.get("image")),
        "time_limit_s": _number(values.get("time_limit_s")),
        "author": _text(values.get("author")) or author,
        "status": _text(values.get("status")) or "draft",
        "licence": _text(values.get("licence")), "source": _text(values.get("source")),
        "provenance": _text(values.get("provenance")) or "teacher",
        **{field: [_text(v) or "" for v in _list(values.get(field))] for field in LIST_FIELDS},
    })
    if fmt == "numeric" and record["tolerance"] is None:
        record["tolerance"] = 0
    return record


# Writing ----------------------------------------------------------------------------------------


def _cell(value):
    if isinstance(value, list):
        return SEPARATOR.join(str(v) for v in value)
    if isinstance(value, dict):
        return f"{value.get('file', '')}{SEPARATOR}{value.get('alt', '')}"
    return neutralise_cell("" if value is None else value)


def write_csv(records):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(FIELDS)
    for record in records:
        writer.writerow([_cell(record[field]) for field in FIELDS])
    return ("\ufeff" + out.getvalue()).encode("utf-8")  # Excel reads UTF-8 with its mark


def write_xlsx(records):
    book = Workbook(write_only=True)
    sheet = book.create_sheet("questions")
    sheet.append(list(FIELDS))
    for record in records:
        sheet.append([_cell(record[field]) for field in FIELDS])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def write_yaml(records):
    return yaml.safe_dump(list(records), allow_unicode=True, sort_keys=False,
                          width=100).encode("utf-8")


WRITERS = {"csv": write_csv, "xlsx": write_xlsx, "yaml": write_yaml}
