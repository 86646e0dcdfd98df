from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from classroom import invitations
from classroom.models import ClassroomSettings, Lesson, Student, Table, TeacherInvitation


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


@admin.register(TeacherInvitation)
class TeacherInvitationAdmin(admin.ModelAdmin):
    """The administrator invites a teacher by e-mail; the link is sent and shown here once."""

    list_display = ("email", "invited_by", "created_at", "expires_at", "used_at", "used_by")
    search_fields = ("email",)
    fields = ("email", "expires_at")
    actions = ["send_again"]

    def get_readonly_fields(self, request, obj=None):
        return ("email", "expires_at") if obj else ()

    def save_model(self, request, obj, form, change):
        if change:
            return
        invitation, token = invitations.invitation_create(
            email=obj.email, invited_by=request.user, expires_at=obj.expires_at)
        obj.pk = invitation.pk
        self._send(request, invitation, token)

    def _send(self, request, invitation, token):
        url = invitations.invitation_url(request, token)
        invitations.invitation_send(invitation, url)
        self.message_user(request, _("Invitation sent to %(email)s. Its link (shown only now): "
                                     "%(url)s") % {"email": invitation.email, "url": url},
                          messages.SUCCESS)

    @admin.action(description=_("Send a new link (the old one stops working)"))
    def send_again(self, request, queryset):
        for invitation in queryset.filter(used_at__isnull=True):
            self._send(request, invitation, invitations.invitation_renew(invitation))
