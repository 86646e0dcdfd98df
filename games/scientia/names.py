"""Names of Scientia's content in the page's language, from the engine's data (fi, en, sv), and
the words for what the data has no words for: the four fields and each card's effects, told
from the effect vocabulary (SC-G03) so every card has its text in every language."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games.content import text
from games.scientia.engine.content import COMBINATIONS, FACES

FIELD_NAMES = {"PHY": gettext_lazy("Physics"), "CHE": gettext_lazy("Chemistry"),
               "BIO": gettext_lazy("Biology"), "AST": gettext_lazy("Astronomy")}
# One letter per field beside its shape, so a field is never told by colour alone.
FIELD_LETTERS = {"PHY": gettext_lazy("Ph"), "CHE": gettext_lazy("Ch"),
                 "BIO": gettext_lazy("Bi"), "AST": gettext_lazy("As")}


def card(face):
    return text(FACES[face]["name"], str(face))


def cards(faces):
    return ", ".join(card(f) for f in faces)


def science_note(face):
    return text(FACES[face]["science_note"])


def field(code):
    return str(FIELD_NAMES.get(code, code))


def field_of(face):
    return FACES[face]["field"]


def combination(key):
    if key == "random":
        return _("a random combination")
    if key in COMBINATIONS:
        return text(COMBINATIONS[key]["name"], key)
    return _("a combination of the teacher's")


def _level_test(code, k):
    return {"PHY": _("your Physics level is %(k)s or more"),
            "CHE": _("your Chemistry level is %(k)s or more"),
            "BIO": _("your Biology level is %(k)s or more"),
            "AST": _("your Astronomy level is %(k)s or more")}[code] % {"k": k}


def _holding_test(code, k):
    return {"PHY": ngettext("you hold %(k)s Physics card or more",
                            "you hold %(k)s Physics cards or more", k),
            "CHE": ngettext("you hold %(k)s Chemistry card or more",
                            "you hold %(k)s Chemistry cards or more", k),
            "BIO": ngettext("you hold %(k)s Biology card or more",
                            "you hold %(k)s Biology cards or more", k),
            "AST": ngettext("you hold %(k)s Astronomy card or more",
                            "you hold %(k)s Astronomy cards or more", k)}[code] % {"k": k}


def condition(op):
    """An arrow's condition (SC-G03, SC-44) in words."""
    k = op["min"]
    if op["test"] == "level":
        return _level_test(op["field"], k)
    if op["test"] == "holding":
        return _holding_test(op["field"], k)
    return {"storage": ngettext("you have %(k)s flask or more in storage",
                                "you have %(k)s flasks or more in storage", k),
            "cubes": ngettext("you have %(k)s technology cube or more",
                              "you have %(k)s technology cubes or more", k),
            "empty_slots": ngettext("you have %(k)s empty slot or more",
                                    "you have %(k)s empty slots or more", k)}[op["test"]] % {
        "k": k}


def _advance(op):
    target = op["target"]
    if target == "choice":
        return _("Advance a field of your choice")
    if target == "lowest":
        return _("Advance your lowest field")
    return {"PHY": _("Advance Physics"), "CHE": _("Advance Chemistry"),
            "BIO": _("Advance Biology"), "AST": _("Advance Astronomy")}[target]


def _on_field(op):
    n = op["n"]
    return {"PHY": ngettext("Put %(n)s flask on each Physics project",
                            "Put %(n)s flasks on each Physics project", n),
            "CHE": ngettext("Put %(n)s flask on each Chemistry project",
                            "Put %(n)s flasks on each Chemistry project", n),
            "BIO": ngettext("Put %(n)s flask on each Biology project",
                            "Put %(n)s flasks on each Biology project", n),
            "AST": ngettext("Put %(n)s flask on each Astronomy project",
                            "Put %(n)s flasks on each Astronomy project", n)}[op["field"]] % {
        "n": n}


# The amount of each operation picks the form ("n" is the key of the amount, SC-G03).
COUNTED = {
    "rotate": ngettext_lazy("Turn one of your cards once",
                            "Turn one of your cards %(n)s times", "n"),
    "rotate_each": ngettext_lazy("Turn each of your cards once",
                                 "Turn each of your cards %(n)s times", "n"),
    "flasks_on_card": ngettext_lazy("Put %(n)s flask on one of your cards",
                                    "Put %(n)s flasks on one of your cards", "n"),
    "flasks_to_storage": ngettext_lazy("Gain %(n)s flask into storage",
                                       "Gain %(n)s flasks into storage", "n"),
    "flasks_on_stack": ngettext_lazy("Put %(n)s flask on a project",
                                     "Put %(n)s flasks on a project", "n"),
    "take": ngettext_lazy("Take a card from the projects",
                          "Take up to %(n)s cards from the projects", "n"),
    "others_flasks_to_storage": ngettext_lazy("Every other seat gains %(n)s flask",
                                              "Every other seat gains %(n)s flasks", "n"),
}
EFFECTS = {"flasks_on_field": _on_field, "advance": _advance}


def effect(op):
    """One operation of a card's effects in words; an arrow names its condition after it."""
    if op["op"] == "if":
        then = "; ".join(effect(o) for o in op["then"])
        return _("%(effect)s, if %(condition)s") % {"effect": then,
                                                      "condition": condition(op)}
    if op["op"] in COUNTED:
        return str(COUNTED[op["op"]] % {"n": op["n"]})
    return EFFECTS[op["op"]](op)


def effects(face):
    """Every effect of a face in printed order (SC-42)."""
    return [effect(op) for op in FACES[face]["effects"]]


OP_NAMES = {"rotate": gettext_lazy("turning a card"), "rotate_each": gettext_lazy("turning cards"),
            "flasks_on_card": gettext_lazy("flasks on a card"),
            "flasks_on_stack": gettext_lazy("flasks on a project"),
            "flasks_on_field": gettext_lazy("flasks on projects"),
            "take": gettext_lazy("taking a card"), "advance": gettext_lazy("advancing a field")}


def op_name(name):
    return str(OP_NAMES.get(name, name))
