#!/usr/bin/env python3
"""The CJK characters the desk's text font must hold, in one place.

  chars.py list        every CJK character the page and the oracle's Chinese
                       texts use (collected from the sources), for
                       make_fonts.sh to subset the font with;
  chars.py names       the characters of the names font: every ideograph of
                       GB 2312 (levels 1 and 2) and of Big5's level 1 (its
                       common characters), about 8,800, for the players,
                       events and comments of records, which no list of
                       the page's own texts can foresee;
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


def names():
    """GB 2312's ideographs (rows 16-87) and Big5's level 1 (A440-C67E):
    the common characters of simplified and of traditional records."""
    chars = set()
    for lead in range(0xB0, 0xF8):
        for trail in range(0xA1, 0xFF):
            try:
                chars.add(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    for lead in range(0xA4, 0xC7):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            if (lead, trail) > (0xC6, 0x7E):
                break
            try:
                chars.add(bytes([lead, trail]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return {c for c in chars if 0x4E00 <= ord(c) <= 0x9FFF}


def main(argv):
    if argv[1:2] == ["list"]:
        sys.stdout.write("".join(sorted(wanted())))
        return 0
    if argv[1:2] == ["names"]:
        sys.stdout.write("".join(sorted(names())))
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
