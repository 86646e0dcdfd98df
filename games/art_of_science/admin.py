"""The question bank in the admin: for a site's administrator (teachers use their bank page)."""

from django.contrib import admin

from games.art_of_science.models import Question, QuestionFlag


class FlagInline(admin.TabularInline):
    model = QuestionFlag
    extra = 0
    fields = ("reason", "seat", "game", "created_at", "resolved_at")
    readonly_fields = ("created_at",)


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin):
    list_display = ("public_id", "lang", "category", "difficulty", "format", "status", "owner",
                    "shared")
    list_filter = ("status", "lang", "category", "difficulty", "format", "shared", "provenance")
    search_fields = ("public_id", "prompt", "explanation")
    raw_id_fields = ("owner",)
    inlines = [FlagInline]


@admin.register(QuestionFlag)
class QuestionFlagAdmin(admin.ModelAdmin):
    list_display = ("question", "reason", "seat", "game", "created_at", "resolved_at")
    list_filter = ("reason",)
    raw_id_fields = ("question", "game")
