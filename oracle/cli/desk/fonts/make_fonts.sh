#!/usr/bin/env bash
# Regenerates the desk's two font subsets from Debian's fonts-noto-cjk
# (SIL Open Font License 1.1, LICENSE-OFL.txt beside this script):
#   xq-pieces.woff2  Noto Serif CJK SC Bold: the pieces (both scripts),
#                    the river's 楚河漢界 and the file numbers;
#   xq-text.woff2    Noto Sans CJK SC Regular: every CJK character the page
#                    and the oracle's Chinese texts use (collected from the
#                    sources), so that the Chinese page reads on a machine
#                    with no CJK font installed;
#   xq-names.woff2   Noto Sans CJK SC Regular: the common characters of both
#                    scripts (chars.py names), for what records bring (the
#                    players, events, comments); desk.css gives it a
#                    unicode-range, so a page loads it only when a text
#                    shown needs a character the fonts before it lack.
# Needs: apt-get install fonts-noto-cjk; pip install fonttools brotli.
# Run it again after adding Chinese text to the page or the oracle
# (oracle/cli/tests/desk_fonts.rs fails until then). NOTO_SERIF and
# NOTO_SANS name the two collections if they are elsewhere.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
serif=${NOTO_SERIF:-/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc}
sans=${NOTO_SANS:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
# Index 2 of each collection is the Simplified Chinese face.
pieces='帅仕相傌俥炮兵将士象馬車砲卒帥將马车楚河漢界汉一二三四五六七八九'
python3 "$here/chars.py" list > "$here/.text-chars"
pyftsubset "$serif" --font-number=2 --text="$pieces 0123456789" \
  --flavor=woff2 --layout-features='' --no-hinting --output-file="$here/xq-pieces.woff2"
pyftsubset "$sans" --font-number=2 --text-file="$here/.text-chars" --unicodes=U+0020-007E \
  --flavor=woff2 --layout-features='' --no-hinting --output-file="$here/xq-text.woff2"
python3 "$here/chars.py" names > "$here/.text-chars"
pyftsubset "$sans" --font-number=2 --text-file="$here/.text-chars" \
  --flavor=woff2 --layout-features='' --no-hinting --output-file="$here/xq-names.woff2"
rm -f "$here/.text-chars"
ls -l "$here"/*.woff2
