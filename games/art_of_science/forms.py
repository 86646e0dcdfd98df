"""The question bank page's forms: searching, importing a file, and writing one question.

A written question goes through the same cell rules as an imported row (transfer.record_from)
and the same validator (questionbank.question_save), so the form and a file can never disagree.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.art_of_science.models import Question
from games.art_of_science.transfer import FILE_TYPES

LANGUAGES = [("fi", _("Finnish")), ("en", _("English")), ("sv", _("Swedish"))]
ANY = [("", _("All"))]


class SearchForm(forms.Form):
    text = forms.CharField(label=_("Words"), required=False, max_length=100)
    category = forms.ChoiceField(label=_("Category"), required=False,
                                 choices=ANY + Question.Category.choices)
    lang = forms.ChoiceField(label=_("Language"), required=False, choices=ANY + LANGUAGES)
    status = forms.ChoiceField(label=_("Status"), required=False,
                               choices=ANY + Question.Status.choices)
    difficulty = forms.TypedChoiceField(label=_("Difficulty"), required=False, coerce=int,
                                        empty_value=None,
                                        choices=ANY + [(1, "1"), (2, "2"), (3, "3")])
    format = forms.ChoiceField(label=_("Type"), required=False,
                               choices=ANY + Question.Format.choices)
    mine = forms.BooleanField(label=_("Only my questions"), required=False)

    def filters(self):
        return dict(self.cleaned_data) if self.is_valid() else {}


class ImportForm(forms.Form):
    file = forms.FileField(label=_("File"), help_text=_(
        "CSV, XLSX or YAML, one question per row with the export's column names. Every "
        "question arrives as a draft."))
    shared = forms.BooleanField(label=_("Share these questions with the school's teachers"),
                                required=False)

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.name.lower().rsplit(".", 1)[-1] not in (*FILE_TYPES, "yml"):
            raise forms.ValidationError(_("Choose a .csv, .xlsx or .yaml file."))
        return file


ANSWER_HELP = _("Multiple choice: the letter of the right option (A–D). True or false: true or "
                "false. Number: the number, e.g. 2,5. Open answer: a model answer.")


class QuestionForm(forms.Form):
    lang = forms.ChoiceField(label=_("Language"), choices=LANGUAGES)
    category = forms.ChoiceField(label=_("Category"), choices=Question.Category.choices)
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"), coerce=int,
        choices=[(1, _("1: ages 12–13")), (2, _("2: ages 14–15")), (3, _("3: 16+ or stretch"))])
    format = forms.ChoiceField(label=_("Type"), choices=Question.Format.choices,
                               widget=forms.RadioSelect)
    prompt = forms.CharField(label=_("Question"), max_length=200,
                             widget=forms.Textarea(attrs={"rows": 2}))
    option_a = forms.CharField(label=_("Option A"), max_length=60, required=False)
    option_b = forms.CharField(label=_("Option B"), max_length=60, required=False)
    option_c = forms.CharField(label=_("Option C"), max_length=60, required=False)
    option_d = forms.CharField(label=_("Option D"), max_length=60, required=False)
    answer = forms.CharField(label=_("Answer"), max_length=200, help_text=ANSWER_HELP)
    tolerance = forms.CharField(label=_("Tolerance (numbers only)"), required=False,
                                max_length=20, help_text=_("How far from the answer still "
                                                           "counts as right, e.g. 0,5."))
    unit = forms.CharField(label=_("Unit (numbers only)"), required=False, max_length=20)
    accept = forms.CharField(label=_("Also accept (open answers only)"), required=False,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("One answer per line."))
    explanation = forms.CharField(label=_("Explanation: how do we know?"), max_length=200,
                                  widget=forms.Textarea(attrs={"rows": 2}))
    source = forms.CharField(label=_("Source"), max_length=200, help_text=_(
        "Where a teacher can check the fact, e.g. a textbook or “Wikipedia (en): Ampere”."))
    licence = forms.CharField(label=_("Licence"), max_length=60, initial="CC-BY-4.0")
    tags = forms.CharField(label=_("Topics"), required=False, max_length=200,
                           help_text=_("Words separated by commas, e.g. electricity, units."))
    translation_of = forms.CharField(label=_("Translation of (id)"), required=False,
                                     max_length=40)
    shared = forms.BooleanField(label=_("Share with the school's teachers"), required=False)

    OPTIONS = ("option_a", "option_b", "option_c", "option_d")
    # Where a problem of the validator's field shows on this form.
    FIELD_OF = {"options": "option_a", "image.file": "prompt", "image.alt": "prompt",
                "id": "translation_of", "time_limit_s": "prompt", "author": "prompt",
                "status": "prompt", "provenance": "prompt"}

    def row(self):
        """The form as a file's row, for the import's cell rules."""
        data = self.cleaned_data
        options = [data[name] for name in self.OPTIONS if data.get(name)]
        return {
            "lang": data["lang"], "translation_of": data.get("translation_of"),
            "category": data["category"], "difficulty": data["difficulty"],
            "format": data["format"], "prompt": data["prompt"],
            "options": options if data["format"] == "multiple_choice" else [],
            "answer": data["answer"],
            "tolerance": data.get("tolerance") if data["format"] == "numeric" else None,
            "unit": data.get("unit") if data["format"] == "numeric" else None,
            "accept": [line.strip() for line in (data.get("accept") or "").splitlines()
                       if line.strip()] if data["format"] == "open" else [],
            "explanation": data["explanation"], "image": None, "time_limit_s": None,
            "tags": [t.strip() for t in (data.get("tags") or "").split(",") if t.strip()],
            "licence": data["licence"], "source": data["source"], "provenance": "teacher",
        }

    def field_of(self, problem_field):
        """The form field a validator's problem belongs to ("options[B]" → option B)."""
        if problem_field.startswith("options[") and len(problem_field) == 10:
            return f"option_{problem_field[8].lower()}"
        name = self.FIELD_OF.get(problem_field, problem_field)
        return name if name in self.fields else None

    @classmethod
    def initial_from(cls, record, shared):
        options = list(record.get("options") or []) + [""] * 4
        answer = record["answer"]
        return {
            **{name: options[i] for i, name in enumerate(cls.OPTIONS)},
            **{k: record[k] for k in ("lang", "category", "difficulty", "format", "prompt",
                                      "explanation", "source", "licence")},
            "answer": str(answer).lower() if isinstance(answer, bool) else answer,
            "tolerance": "" if record["tolerance"] is None else record["tolerance"],
            "unit": record["unit"] or "", "accept": "\n".join(record["accept"] or ()),
            "tags": ", ".join(record["tags"] or ()), "shared": shared,
            "translation_of": record["translation_of"] or "",
        }
