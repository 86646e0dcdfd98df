from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from debrief.models import ExportJob


class ExportForm(forms.Form):
    """Several of the teacher's lessons, chosen one by one or by a date range."""

    lessons = forms.ModelMultipleChoiceField(
        label=_("Lessons"), queryset=None, required=False, widget=forms.CheckboxSelectMultiple,
    )
    date_from = forms.DateField(label=_("From"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("To"), required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(label=_("Format"), choices=ExportJob.Format.choices,
                               initial=ExportJob.Format.XLSX, widget=forms.RadioSelect)

    def __init__(self, *args, lessons, **kwargs):
        super().__init__(*args, **kwargs)
        self.all_lessons = lessons
        self.fields["lessons"].queryset = lessons
        # The date as the page's language writes it (5.12.2026 in fi and sv, 5 Dec 2026 in en).
        self.fields["lessons"].label_from_instance = lambda lesson: (
            f"{lesson.title} · "
            f"{formats.date_format(timezone.localtime(lesson.created_at), 'SHORT_DATE_FORMAT')}")

    def clean(self):
        data = super().clean()
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            raise forms.ValidationError(_("The start of the range is after its end."))
        if not self.errors and not self.chosen_lessons():
            raise forms.ValidationError(
                _("Choose at least one lesson, or a date range that has lessons."))
        return data

    def chosen_lessons(self):
        """The ticked lessons and every lesson of the date range, all the teacher's own."""
        data = self.cleaned_data
        chosen = set(data.get("lessons") or [])
        start, end = data.get("date_from"), data.get("date_to")
        if start or end:
            in_range = self.all_lessons
            if start:
                in_range = in_range.filter(created_at__date__gte=start)
            if end:
                in_range = in_range.filter(created_at__date__lte=end)
            chosen.update(in_range)
        return sorted(chosen, key=lambda lesson: (lesson.created_at, lesson.pk))
