"""``duelcheck card NAME|PASSCODE``: what the card database knows of one card (docs/cards.md).

>>> import io
>>> out = io.StringIO()
>>> show_card(Namespace(card="Swap Frog", format="text", variant=None), out, io.StringIO())
0
>>> out.getvalue().splitlines()[0]
'Swap Frog (9126351): monster, Level 2, ATK 1000 DEF 500 (Aqua, WATER, Effect)'
"""

from __future__ import annotations

import json
from argparse import Namespace
from typing import Any, TextIO

from validator.cards import CardInfo, database

#: The exit statuses of the command (duelcheck/cli.py lists them all).
EXIT_DONE, EXIT_UNKNOWN = 0, 2


def find(query: str, variant: str | None = None) -> CardInfo | None:
    """A card by passcode (when the query is a number the database knows) or by name.

    >>> find("70095154").name, find("cyber dragon").passcode
    ('Cyber Dragon', 70095154)
    """
    db = database()
    text = query.strip()
    if text.isdigit():
        found = db.card(int(text), variant)
        if found is not None:
            return found
    return db.named(text, variant)


def _printed(info: dict[str, Any]) -> str:
    printed = info["printed"]
    if info["kind"] != "monster":
        return f"{printed.get('subtype', '').replace('_', '-')} {info['kind']}".capitalize()
    parts = [info["kind"]]
    for key, word in (("level", "Level"), ("rank", "Rank"), ("link", "Link")):
        if key in printed:
            parts.append(f"{word} {printed[key]}")
    stats = " ".join(f"{k.upper()} {printed[k]}" for k in ("atk", "def") if k in printed)
    if stats:
        parts.append(stats)
    kinds = [printed.get("race"), printed.get("attribute"), *printed.get("types", ())]
    return ", ".join(parts) + f" ({', '.join(str(k) for k in kinds if k)})"


def describe_text(info: dict[str, Any]) -> str:
    """The card in words: its printed data, each fact with its source, and its text."""
    lines = [f"{info['name']} ({info['passcode']}): {_printed(info)}"]
    if info["variant"]:
        lines[0] += f" [{info['variant']} version]"
    if info["printed"].get("link_arrows"):
        lines.append(f"  arrows: {', '.join(info['printed']['link_arrows'])}")
    facts = info["facts"]
    if not facts:
        lines.append("  facts: none (no activated effect, no rule of its own)")
    for fact, value in facts.items():
        shown = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {fact}: {shown}")
        source = info["sources"].get(fact)
        if source:
            lines.append(f"      from {source}")
    lines.append(f"  script: {info['sources'].get('script', 'none')}")
    lines.append(f"  data: {info['sources'].get('stats', '')}")
    if info["variants"]:
        lines.append(f"  other versions: {', '.join(info['variants'])} (--variant)")
    lines.append("")
    lines.extend(info["text"].splitlines())
    if info.get("pendulum_text"):
        lines.extend(["", "Pendulum Effect:", *info["pendulum_text"].splitlines()])
    return "\n".join(lines) + "\n"


def show_card(args: Namespace, out: TextIO, err: TextIO) -> int:
    """Print one card (``--format json``: the object ``GET /v1/cards/{passcode}`` answers)."""
    found = find(args.card, args.variant)
    if found is not None and args.variant and found.variant != args.variant:
        err.write(f"duelcheck: {found.name} ({found.passcode}) has no {args.variant} version "
                  f"(versions it has: {', '.join(found.describe()['variants']) or 'none'}); "
                  f"without --variant, its current card is shown\n")
        return EXIT_UNKNOWN
    if found is None:
        close = database().similar(args.card)
        hint = f"; did you mean: {', '.join(close)}?" if close else ""
        err.write(f"duelcheck: no card {args.card!r} in the card database (by passcode or "
                  f"name){hint}\n")
        return EXIT_UNKNOWN
    info = found.describe()
    out.write(json.dumps(info, indent=2, ensure_ascii=False) + "\n" if args.format == "json"
              else describe_text(info))
    return EXIT_DONE
