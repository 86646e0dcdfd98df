"""Technology tracks: cubes, levels and advancing (SC-27 to SC-31, SC-G04)."""

from __future__ import annotations

from .events import event
from .state import MAX_CUBES, TRACK_LENGTH, Seat, State
from .supplies import check_cube_slot, draw


def last_space(k: int) -> int:
    """The last space of the k-th cube of a track: 5 - k, so 4, 3, 2, 1 (SC-28)."""
    return TRACK_LENGTH + 1 - k


def level(track: list[int]) -> int:
    """A field's technology level: the sum of its cubes' spaces (SC-29)."""
    return sum(track)


def cube_count(p: Seat) -> int:
    """Cubes on the seat's four tracks: 4 at the start, at most 16 (SC-31)."""
    tracks = p["tracks"]
    return len(tracks["PHY"]) + len(tracks["CHE"]) + len(tracks["BIO"]) + len(tracks["AST"])


def can_advance(track: list[int]) -> bool:
    """Whether the active (newest) cube is short of its last space (SC-30)."""
    return track[-1] < last_space(len(track))


def advance(state: State, p: Seat, field: str, out: list, source: int | None) -> bool:
    """Advance the active cube of `field` one space; on its last space a new cube from the
    supply (or reserve) starts on space 0 while the track holds fewer than 4 (SC-30).
    Returns False when the track is full and nothing moves."""
    track = p["tracks"][field]
    if not can_advance(track):
        out.append(event(state, "TechnologyFull", p["seat"], field=field, source=source))
        return False
    track[-1] += 1
    new_cube = track[-1] == last_space(len(track)) and len(track) < MAX_CUBES
    reserve = 0
    if new_cube:
        reserve = draw(state, "cubes", 1, out)
        track.append(0)
    out.append(event(state, "TechnologyAdvanced", p["seat"], field=field, space=track[-2 if
                     new_cube else -1], level=level(track), new_cube=new_cube, reserve=reserve,
                     cubes=cube_count(p), source=source))
    if new_cube:
        check_cube_slot(state, p, cube_count(p), out)
    return True
