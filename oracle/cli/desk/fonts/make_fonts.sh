#!/usr/bin/env bash
# Regenerates the desk's two font subsets from Debian's fonts-noto-cjk
# (SIL Open Font License 1.1, LICENSE-OFL.txt beside this script):
#   xq-pieces.woff2  Noto Serif CJK SC Bold: the pieces (both scripts),
#                    the river's 楚河漢界 and the file numbers;
#   xq-text.woff2    Noto Sans CJK SC Regular: every CJK character the page
#                    and the oracle's Chinese texts use (collected from the
#                    sources), so that the Chinese page reads on a machine
#                    with no CJK font installed.
# Needs: apt-get install fonts-noto-cjk; pip install fonttools brotli.
# Run it again after adding Chinese text to the page or the oracle.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
serif=/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
sans=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# Index 2 of each collection is the Simplified Chinese face.
pieces='帅仕相傌俥炮兵将士象馬車砲卒帥將马车楚河漢界汉一二三四五六七八九'
python3 - "$repo" > "$here/.text-chars" <<'PY'
import pathlib, sys
repo = pathlib.Path(sys.argv[1])
roots = [repo / "oracle", repo / "spec"]
chars = set("０１２３４５６７８９：，。（）、；！？…—·「」《》")
for root in roots:
    for p in root.rglob("*"):
        if p.suffix not in {".rs", ".js", ".html", ".yaml"} or "target" in p.parts or "node_modules" in p.parts:
            continue
        chars.update(c for c in p.read_text(encoding="utf-8", errors="ignore") if ord(c) >= 0x2E80)
# Traditional forms of the move notation.
chars.update("車馬帥將進後")
sys.stdout.write("".join(sorted(chars)))
PY
pyftsubset "$serif" --font-number=2 --text="$pieces 0123456789" \
  --flavor=woff2 --layout-features='' --no-hinting --output-file="$here/xq-pieces.woff2"
pyftsubset "$sans" --font-number=2 --text-file="$here/.text-chars" --unicodes=U+0020-007E \
  --flavor=woff2 --layout-features='' --no-hinting --output-file="$here/xq-text.woff2"
rm -f "$here/.text-chars"
ls -l "$here"/*.woff2
