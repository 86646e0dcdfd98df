from django.contrib import admin

from debrief.models import QuestionSet, TemplateQuestion


class TemplateQuestionInline(admin.TabularInline):
    model = TemplateQuestion
    extra = 0
    fields = ("position", "text", "fact_key")


@admin.register(QuestionSet)
class QuestionSetAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "updated_at")
    search_fields = ("title", "owner__username")
    inlines = [TemplateQuestionInline]
