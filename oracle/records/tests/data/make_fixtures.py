#!/usr/bin/env python3
"""Writes the text fixtures of xq-records' tests, each in the encoding it
tests, with Python's own codecs (an encoder independent of the crate's).
Run from this directory: python3 make_fixtures.py"""

BOARD_INIT = ("0919293949596979891777062646668600102030405060708012720323436383")

def w(name, text, enc):
    data = text.encode(enc)
    if enc == "utf-8-sig":
        assert data.startswith(b"\xef\xbb\xbf")
    with open(name, "wb") as f:
        f.write(data)

# Simplified Chinese, UTF-8: comments ({} and ;), nested variations, NAGs,
# move numbers 1. / 1、 / bare, a result.
w("utf8.pgn", """[Game "Chinese Chess"]
[Event "全国象棋个人赛"]
[Site "北京"]
[Date "2020.10.01"]
[Round "3"]
[RedTeam "广东"]
[Red "许银川"]
[BlackTeam "北京"]
[Black "蒋川"]
[Result "1-0"]
[ECCO "B05"]
[Opening "中炮对屏风马"]
[Format "Chinese"]

{开局评注}
1. 炮二平五 马8进7 ; 屏风马
2、马二进三 $1 {跳马} (2. 兵七进一 卒7进1 (2... 车9进1) 3. 马八进七) 车9平8!?
3 车一平二 1-0
""", "utf-8")

# ICCS with a byte-order mark, written H2-E2.
w("utf8-bom.pgn", """[Game "Chinese Chess"]
[Red "Red player"]
[Black "Black player"]
[Result "*"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 *
""", "utf-8-sig")

# GBK: simplified characters, full-width digits for Black, no Format tag.
w("gbk.pgn", """[Game "Chinese Chess"]
[Event "象棋甲级联赛"]
[Red "吕钦"]
[Black "赵国荣"]
[Result "1/2-1/2"]

1. 炮二平五 马８进７
2. 马二进三 车９平８
3. 车一平二 1/2-1/2
""", "gbk")

# Big5: traditional characters (馬 進 車 後), full-width digits, two spaces
# between moves, a move number per line, a stray space inside a move. (The
# Red glyph variants 傌 俥 have no Big5 code; they are in utf8-variants.pgn.)
w("big5.pgn", """[Game "Chinese Chess"]
[Event "亞洲象棋錦標賽"]
[Red "呂欽"]
[Black "趙國榮"]
[Result "0-1"]

1.  炮二平五  馬８進７
2.  馬二進三  車９ 平８
3.  車一平二  0-1
""", "big5")

# Traditional characters and Red glyph variants in UTF-8: 傌 俥 帥 將,
# full-width WXF-free Chinese, and 後 for the rear piece.
w("utf8-variants.pgn", """[Game "Chinese Chess"]
[FEN "3k5/9/9/9/9/9/9/R8/R8/4K4 w - - 0 1"]
[Result "*"]

1. 後俥平八 將４進１ 2. 俥九進一 *
""", "utf-8")

# WXF notation: = and . for sideways; a tandem rook (R+=8) from a set-up.
w("wxf.pgn", """[Game "Chinese Chess"]
[Format "WXF"]
[Result "*"]

1. C2=5 H8+7 2. H2+3 R9.8 3. R1.2 *

[Game "Chinese Chess"]
[FEN "3k5/9/9/9/9/9/9/R8/R8/4K4 w - - 0 1"]
[Format "WXF"]
[Result "*"]

1. R+=8 *
""", "ascii")

# Pychess / Fairy-Stockfish: Variant xiangqi, ranks 1-10, White for Red.
w("pychess.pgn", """[Event "Casual game"]
[Site "pychess"]
[White "alice"]
[Black "bob"]
[Variant "xiangqi"]
[Result "1-0"]

1. h3e3 h10g8 2. h1g3 i10h10 3. i1h1 1-0
""", "ascii")

# The WXF text format.
w("game.wxf", """FORMAT WXF
RED 胡荣华
BLACK 杨官璘
DATE 1960.01.01
EVENT 全国赛
RESULT 1-0
START{
1. C2.5 h8+7
2. H2+3 r9.8
3. R1.2
}END
""", "utf-8")

# Several games, the second with an illegal move, the third with a bad FEN.
w("multi.pgn", """[Game "Chinese Chess"]
[Event "one"]

1. h2e2 h9g7 *

[Game "Chinese Chess"]
[Event "two"]

1. h2e2 h9g7 2. e2e9 *

[Game "Chinese Chess"]
[Event "three"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]

1. h2e2 *

[Game "Chinese Chess"]
[Event "four"]

1. 炮八平五 炮８平５ *
""", "utf-8")

# DhtmlXQ in a GBK web page: the main line, a branch leaving move 2, comments.
w("page.html", """<html><head><meta charset="gbk"><title>棋谱</title></head><body>
<p>一局棋：</p>
[DhtmlXQ]
[DhtmlXQ_ver]www_dhtmlxq_com[/DhtmlXQ_ver]
[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]
[DhtmlXQ_event]象棋联赛[/DhtmlXQ_event]
[DhtmlXQ_date]2019-05-01[/DhtmlXQ_date]
[DhtmlXQ_red]王天一[/DhtmlXQ_red]
[DhtmlXQ_black]郑惟桐[/DhtmlXQ_black]
[DhtmlXQ_result]红胜[/DhtmlXQ_result]
[DhtmlXQ_binit]%s[/DhtmlXQ_binit]
[DhtmlXQ_movelist]77477062796780708979[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_comment0]开局[/DhtmlXQ_comment0]
[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]
[DhtmlXQ_comment1_3]跳马[/DhtmlXQ_comment1_3]
[/DhtmlXQ]
</body></html>
""" % BOARD_INIT, "gbk")

# Games whose endings the rulings crate rules on: a perpetual check (Chinese
# notation), a perpetual chase (WXF), the natural limit (ICCS) and a mate
# (traditional characters, Big5).
w("rulings/perpetual-check.pgn", """[Game "Chinese Chess"]
[Event "长将"]
[Result "0-1"]
[FEN "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"]
[Format "Chinese"]

1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5 0-1
""", "utf-8")
w("rulings/perpetual-chase.pgn", """[Game "Chinese Chess"]
[Event "long chase"]
[Result "0-1"]
[FEN "4k4/9/1c7/9/7R1/9/9/9/9/3K5 w - - 0 1"]
[Format "WXF"]

1. R2+2 c2+2 2. R2-2 c2-2 3. R2+2 c2+2 4. R2-2 c2-2 0-1
""", "ascii")
w("rulings/natural-limit.pgn", """[Game "Chinese Chess"]
[Event "natural limit"]
[Result "1/2-1/2"]
[FEN "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 118 60"]
[Format "ICCS"]

60. A0-A1 I9-I8 1/2-1/2
""", "ascii")
w("rulings/mate.pgn", """[Game "Chinese Chess"]
[Event "將死"]
[Result "1-0"]
[FEN "4k4/9/4N4/9/9/9/C8/9/9/4K4 w - - 0 1"]

1. 炮九平五 1-0
""", "big5")
