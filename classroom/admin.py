from django.contrib import admin

from classroom.models import ClassroomSettings, Lesson, Story, Student, Table


@admin.register(ClassroomSettings)
class ClassroomSettingsAdmin(admin.ModelAdmin):
    """One row: the switches of the whole site."""

    def has_add_permission(self, request):
        return not ClassroomSettings.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        from django.shortcuts import redirect

        return redirect("admin:classroom_classroomsettings_change", ClassroomSettings.load().pk)


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ("number",)


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "status", "language", "join_code", "created_at")
    list_filter = ("status", "language")
    search_fields = ("title", "owner__username", "join_code")
    readonly_fields = ("join_code", "version", "created_at", "started_at", "ended_at")
    inlines = [TableInline]


@admin.register(Student)
class StudentAdmin(admin.ModelAdmin):
    list_display = ("pseudonym", "lesson", "seat", "joined_at", "removed_at")
    list_filter = ("lesson__status",)
    search_fields = ("pseudonym", "lesson__title")
    fields = ("lesson", "pseudonym", "seat", "joined_at", "removed_at")
    readonly_fields = ("lesson", "seat", "joined_at", "removed_at")


@admin.register(Story)
class StoryAdmin(admin.ModelAdmin):
    """Interlude stories as kept with their lessons; decided in the cockpit, never here."""

    list_display = ("title", "lesson", "seat", "status", "decided_by", "requested_at")
    list_filter = ("status",)
    search_fields = ("title", "lesson__title")
    readonly_fields = [field.name for field in Story._meta.fields]

    def has_add_permission(self, request):
        return False
