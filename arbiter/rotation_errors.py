"""How a rotation error reaches a person: the exit code and one-line message of
``arbiter rotation ...`` (:mod:`arbiter.cli_rotation`), which the live page
(:mod:`arbiter.rotation_server`) shows and answers with too.  One mapping, so the page and the
command line can never disagree; neither typer nor the command-line module is imported here.

Exit codes (docs/rotation.md): 1 no game could be started (:class:`rotation.engine.NoGame`);
2 the command does not fit the session (:class:`rotation.engine.RotationError`); 3 the session
file is damaged (:class:`rotation.log.DamagedSession`); 5 the file cannot be created, read or
written (:class:`rotation.log.SessionFileError`)."""

from __future__ import annotations

from typing import Optional

from arbiter import exitcodes

__all__ = ["session_error"]


def session_error(exc: BaseException) -> Optional[tuple[int, str]]:
    """The exit code and message for an error of the rotation library, or None when ``exc`` is
    not one (a bug, to be reported as such by the caller)."""
    from rotation import engine as rot
    from rotation import log as rlog

    if isinstance(exc, rot.NoGame):  # before RotationError, of which it is a kind
        return exitcodes.NO_PAIRING, str(exc)
    if isinstance(exc, rot.RotationError):
        return exitcodes.USAGE, str(exc)
    if isinstance(exc, rlog.DamagedSession):
        return exitcodes.INVALID_INPUT, str(exc)
    if isinstance(exc, rlog.SessionFileError):
        return exitcodes.FILE_ERROR, str(exc)
    return None
