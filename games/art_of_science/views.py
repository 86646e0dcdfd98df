"""The teacher's question bank pages (`/games/art_of_science/questions/`): search, import, export,
write, edit and approve questions, and review the students' reports. Thin: they read and change
the bank through questionbank.py."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games.art_of_science import labels, questionbank, transfer
from games.art_of_science.forms import ImportForm, QuestionForm, SearchForm
from games.art_of_science.models import Question
from games.art_of_science.records import record_of


def _problem_rows(invalid):
    """A refused import or form, as lines a teacher reads: row, id, field and what is wrong."""
    if invalid.file_code:
        return [str(labels.FILE_PROBLEMS.get(invalid.file_code, invalid.file_code))
                % {"where": invalid.where}]
    return [{"row": p.row, "id": p.record_id, "field": p.field,
             "text": labels.PROBLEMS.get(p.rule, p.message)} for p in invalid.problems]


def _page(request, import_form=None, problems=None):
    search = SearchForm(request.GET or None)
    filters = search.filters()
    found = questionbank.question_search(request.user, **filters)
    shown = list(found[:questionbank.SEARCH_LIMIT])
    visible = questionbank.questions_visible_to(request.user)
    rows = [_row(request.user, q) for q in shown]
    return render(request, "art_of_science/bank.html", {
        "search": search, "questions": rows,
        "approvable": sum(r["can_approve"] for r in rows) if found.count() == len(rows) else 0,
        "count": found.count(), "limit": questionbank.SEARCH_LIMIT,
        "import_form": import_form or ImportForm(), "problems": problems,
        "flags": questionbank.open_flags(request.user)[:50],
        "counts": {"approved": visible.filter(status=Question.Status.APPROVED).count(),
                   "draft": visible.filter(status=Question.Status.DRAFT).count(),
                   "flagged": visible.filter(status=Question.Status.FLAGGED).count()},
        "query": request.GET.urlencode(), "kinds": list(transfer.WRITERS),
    })


def _row(teacher, question):
    return {"q": question, "mine": question.owner_id == teacher.pk,
            "can_approve": questionbank.can_approve(teacher, question)}


@login_required
def bank(request):
    return _page(request)


@login_required
@require_POST
def bank_import(request):
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, import_form=form)
    upload = form.cleaned_data["file"]
    try:
        created, replaced = questionbank.question_import(
            request.user, upload.name, upload.read(transfer.MAX_BYTES + 1),
            shared=form.cleaned_data["shared"])
    except questionbank.ImportInvalid as invalid:
        return _page(request, import_form=form, problems=_problem_rows(invalid))
    messages.success(request, ngettext(
        "%(n)s question imported as a draft.", "%(n)s questions imported as drafts.",
        created + replaced) % {"n": created + replaced} + (" " + ngettext(
            "%(n)s of yours was replaced.", "%(n)s of yours were replaced.", replaced)
            % {"n": replaced} if replaced else ""))
    return redirect(reverse("art_of_science:bank") + "?status=draft&mine=on")


@login_required
@require_POST
def bank_approve(request):
    """The ticked questions, or with `all` every question the search (the query) shows."""
    if request.POST.get("all"):
        chosen = questionbank.question_search(request.user, **SearchForm(request.GET).filters())
    else:
        chosen = questionbank.questions_visible_to(request.user).filter(
            pk__in=request.POST.getlist("question"))
    approved = questionbank.question_approve(request.user, list(chosen))
    messages.success(request, ngettext("%(n)s question approved.", "%(n)s questions approved.",
                                       approved) % {"n": approved})
    return redirect(request.POST.get("next") or "art_of_science:bank")


@login_required
def bank_export(request, kind):
    if kind not in transfer.WRITERS:
        raise Http404("No such file type")
    filters = SearchForm(request.GET or None).filters()
    data, content_type = questionbank.question_export(
        questionbank.question_search(request.user, **filters).order_by("public_id"), kind)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="art-of-science-questions.{kind}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def question_edit(request, pk=None):
    question = None
    if pk is not None:
        question = get_object_or_404(questionbank.questions_visible_to(request.user), pk=pk)
    mine = question is None or questionbank.can_edit(request.user, question)
    initial = QuestionForm.initial_from(record_of(question), question.shared) if question \
        else {"licence": "CC-BY-4.0", "lang": request.LANGUAGE_CODE[:2]}
    form = QuestionForm(request.POST or None, initial=initial)
    if request.method == "POST" and mine and form.is_valid():
        try:
            saved = questionbank.question_save(
                request.user, _record(request, form), question, form.cleaned_data["shared"])
        except questionbank.ImportInvalid as invalid:
            for problem in invalid.problems:
                form.add_error(form.field_of(problem.field),
                               str(labels.PROBLEMS.get(problem.rule, problem.message)))
        else:
            messages.success(request, _("Saved as a draft: approve it to use it in lessons."))
            return redirect("art_of_science:question", pk=saved.pk)
    return render(request, "art_of_science/question.html", {
        "form": form, "question": question, "mine": mine,
        "can_approve": question is not None and questionbank.can_approve(request.user,
                                                                          question),
        "flags": question.flags.filter(resolved_at__isnull=True) if question else [],
    })


def _record(request, form):
    return transfer.record_from(form.row(), questionbank.author_id(request.user))


@login_required
@require_POST
def question_delete(request, pk):
    question = get_object_or_404(questionbank.questions_visible_to(request.user), pk=pk)
    if questionbank.question_delete(request.user, question):
        messages.success(request, _("The question was deleted."))
    return redirect("art_of_science:bank")
