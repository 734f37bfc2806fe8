#!/usr/bin/env python3
"""The CJK characters the desk's text font must hold, in one place.

  chars.py list        every CJK character the page and the oracle's Chinese
                       texts use (collected from the sources), for
                       make_fonts.sh to subset the font with;
  chars.py check FONT  the characters FONT lacks (exit 1 when any, 3 when
                       fontTools is not installed), so that a new Chinese
                       text cannot show as empty boxes on a machine without
                       a CJK font (oracle/cli/tests/desk_fonts.rs runs it).
"""
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[4]
# Punctuation and full-width digits the texts build at run time.
EXTRA = "０１２３４５６７８９：，。（）、；！？…—·「」《》"
# Traditional forms of the move notation.
TRADITIONAL = "車馬帥將進後"


def is_cjk(c):
    """CJK ideographs, radicals, punctuation and full-width forms (not
    emoji such as 🀄, which the page does not draw with this font)."""
    o = ord(c)
    return 0x2E80 <= o < 0xA000 or 0xF900 <= o < 0xFB00 or 0xFE30 <= o < 0xFFF0


def wanted():
    chars = set(EXTRA) | set(TRADITIONAL)
    for root in (REPO / "oracle", REPO / "spec"):
        for p in root.rglob("*"):
            if p.suffix not in {".rs", ".js", ".html", ".yaml"}:
                continue
            if "target" in p.parts or "node_modules" in p.parts:
                continue
            text = p.read_text(encoding="utf-8", errors="ignore")
            chars.update(c for c in text if is_cjk(c))
    return chars


def main(argv):
    if argv[1:2] == ["list"]:
        sys.stdout.write("".join(sorted(wanted())))
        return 0
    if argv[1:2] == ["check"] and len(argv) == 3:
        try:
            from fontTools.ttLib import TTFont
        except ImportError:
            print("fontTools is not installed (pip install fonttools brotli)", file=sys.stderr)
            return 3
        cmap = TTFont(argv[2]).getBestCmap()
        missing = sorted(c for c in wanted() if ord(c) not in cmap)
        if missing:
            print(f"{len(missing)} characters are not in {argv[2]}: {''.join(missing)}"
                  " (run oracle/cli/desk/fonts/make_fonts.sh)")
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
