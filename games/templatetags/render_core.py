"""`{% part "template.html" name=value … %}`: an included template drawn once per process for
what it shows (games/rendering.py, `part`), for a page that draws many alike pieces again and
again, such as the projector's tables, of which a move changes one."""

from django import template

from games import rendering

register = template.Library()


@register.simple_tag
def part(template_name, **context):
    return rendering.part(template_name, context)
