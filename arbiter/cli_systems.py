"""``arbiter systems``: the pairing systems the toolkit has, and the rules of one of them.

Thin: the systems are the registry's (:mod:`systems`); this module renders them.
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from arbiter import exitcodes, render
from arbiter.app import JsonOpt, app, emit_json, fail, out


def _system_dict(s: Any) -> dict[str, Any]:
    import systems

    return {"name": s.name, "title": s.title, "default": s.name == systems.DEFAULT,
            "editions": [{"name": e.name, "title": e.title} for e in s.editions],
            "codes": [{"pattern": c.pattern, "example": c.example, "variant": c.variant, "fallback": c.fallback}
                      for c in s.codes], "round_robin": s.round_robin, "scoring": s.scoring,
            "acceleration": s.accelerations, "explains": s.explains}


@app.command()
def systems(
    name: Optional[str] = typer.Argument(None, metavar="[NAME]", show_default=False,
                                         help="A system: list the rules of its edition (default: every system)."),
    rules: Optional[str] = typer.Option(None, "--rules", metavar="EDITION",
                                        help="With NAME: the edition whose rules are listed (default: the one in force)."),
    json_out: bool = JsonOpt,
) -> None:
    """List the pairing systems (the name --system takes, the editions of their rules, how a file names
    them in 192/092); with NAME, the rules of one edition: every criterion and colour rule with its
    article and words, and in plain words as the explanations read it, in priority order."""
    import systems as registry

    if name is None:
        if rules is not None:
            fail(exitcodes.USAGE, "--rules applies to one system: give its NAME")
        found = list(registry.systems())
        if json_out:
            emit_json({"systems": [_system_dict(s) for s in found]})
            return
        render.systems_table(out, found, registry.DEFAULT)
        return
    try:
        system = registry.get(name)
        edition = system.edition(rules)
    except registry.UnknownSystem as exc:
        fail(exitcodes.USAGE, f"NAME {name}: {exc}")
    except registry.UnknownEdition as exc:
        fail(exitcodes.USAGE, f"--rules {rules}: {exc}")
    if json_out:
        emit_json({**_system_dict(system), "edition": edition.name,
                   "rules": [{"name": r.name, "article": edition.article(r.name), "words": r.words, "kind": r.kind,
                              "plain": r.plain} for r in edition.rules]})
        return
    render.rules_table(out, system, edition)
