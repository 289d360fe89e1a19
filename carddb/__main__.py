"""``python -m carddb``: build the card database (``make card-db`` runs this)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import PUBLISHED, build, write
from .sources import SourceError, Tree


def main(argv: list[str] | None = None) -> int:
    """Build from local checkouts (folders or git repositories, at a commit when asked)."""
    parser = argparse.ArgumentParser(prog="python -m carddb", description=__doc__)
    parser.add_argument("--yaml-yugi", required=True, help="a DawnbrandBots/yaml-yugi checkout")
    parser.add_argument("--card-scripts", required=True,
                        help="a ProjectIgnis/CardScripts checkout")
    parser.add_argument("--babel-cdb", help="a ProjectIgnis/BabelCDB checkout (Goat versions)")
    parser.add_argument("--commit", action="append", default=[], metavar="SOURCE=COMMIT",
                        help="read a git source at that commit (yaml-yugi, CardScripts, BabelCDB)")
    parser.add_argument("--out", default="validator/cards/data", type=Path)
    args = parser.parse_args(argv)
    commits = dict(item.split("=", 1) for item in args.commit if "=" in item)
    try:
        yaml_yugi = Tree.open(args.yaml_yugi, commits.get("yaml-yugi"))
        scripts = Tree.open(args.card_scripts, commits.get("CardScripts"))
        babel = Tree.open(args.babel_cdb, commits.get("BabelCDB")) if args.babel_cdb else None
    except SourceError as exc:
        print(f"carddb: {exc}", file=sys.stderr)
        return 2
    built = build(yaml_yugi, scripts, babel)
    described = {}
    for key, tree in (("yaml-yugi", yaml_yugi), ("CardScripts", scripts), ("BabelCDB", babel)):
        if tree is not None:
            repository, licence = PUBLISHED[key]
            described[key] = {"repository": repository, "commit": tree.commit or "(a folder)",
                              "licence": licence}
    write(built, args.out, described)
    print(f"carddb: {len(built.cards)} cards, {len(built.failed)} scripts failed, "
          f"{len(built.no_script)} cards without a script -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
