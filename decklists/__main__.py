"""``python -m decklists``: build the deck check's formats and lists (``make deck-lists``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from carddb.sources import SourceError, Tree
from validator.cards.database import database

from .build import PUBLISHED, Sources, build, write


def main(argv: list[str] | None = None) -> int:
    """Build from local checkouts (git repositories, bare mirrors included), each read at the
    commit given (``--commit NAME=COMMIT``; the Edison pool's at ``--commit Edison=COMMIT``)."""
    parser = argparse.ArgumentParser(prog="python -m decklists", description=__doc__)
    parser.add_argument("--lflists", required=True, help="a ProjectIgnis/LFLists checkout")
    parser.add_argument("--limit-regulation", required=True,
                        help="a DawnbrandBots/yaml-yugi-limit-regulation checkout")
    parser.add_argument("--babel-cdb", required=True, help="a ProjectIgnis/BabelCDB checkout")
    parser.add_argument("--yaml-yugi", required=True, help="a DawnbrandBots/yaml-yugi checkout")
    parser.add_argument("--ygojson", required=True,
                        help="an iconmaster5326/YGOJSON checkout (its v1/individual branch)")
    parser.add_argument("--commit", action="append", default=[], metavar="SOURCE=COMMIT",
                        help="read a source at that commit (LFLists, Edison, "
                             "yaml-yugi-limit-regulation, BabelCDB, yaml-yugi, YGOJSON)")
    parser.add_argument("--out", default="validator/decks/data", type=Path)
    args = parser.parse_args(argv)
    commits = dict(item.split("=", 1) for item in args.commit if "=" in item)
    try:
        src = Sources(
            lflists=Tree.open(args.lflists, commits.get("LFLists")),
            edison=Tree.open(args.lflists, commits.get("Edison", commits.get("LFLists"))),
            regulation=Tree.open(args.limit_regulation,
                                 commits.get("yaml-yugi-limit-regulation")),
            babel=Tree.open(args.babel_cdb, commits.get("BabelCDB")),
            yaml_yugi=Tree.open(args.yaml_yugi, commits.get("yaml-yugi")),
            ygojson=Tree.open(args.ygojson, commits.get("YGOJSON")))
    except SourceError as exc:
        print(f"decklists: {exc}", file=sys.stderr)
        return 2
    built = build(src, database())
    described = {}
    for key, tree in (("LFLists", src.lflists), ("Edison", src.edison),
                      ("yaml-yugi-limit-regulation", src.regulation), ("BabelCDB", src.babel),
                      ("yaml-yugi", src.yaml_yugi), ("YGOJSON", src.ygojson)):
        described[key] = {"repository": PUBLISHED.get(key, PUBLISHED["LFLists"]),
                          "commit": tree.commit or "(a folder)"}
    write(built, args.out, described)
    counts = {k: len(f["lists"]) for k, f in built.formats.items()}
    print(f"decklists: {counts} lists, {len(built.aliases)} aliases, {len(built.releases)} "
          f"release dates -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
