#!/usr/bin/env python3
"""Reads record files with the cchess package and prints, per file, one
tab-separated line: the file, the start FEN (board and side), the main line
in ICCS, and the number of lines (main line and variations). Used by the
cross-check test `cchess.rs` and by bench/records.sh."""
import sys

import cchess


def read(path):
    p = path.lower()
    if p.endswith(".xqf"):
        return [cchess.read_from_xqf(path)]
    if p.endswith(".cbr"):
        return [cchess.read_from_cbr(path)]
    if p.endswith(".cbl"):
        return cchess.read_from_cbl(path)["games"]
    if p.endswith(".pgn"):
        return [cchess.read_from_pgn(path)]
    raise SystemExit(f"unknown kind: {path}")


def main():
    for path in sys.argv[1:]:
        try:
            games = read(path)
        except Exception as e:  # report, and go on with the next file
            print(f"{path}\terror\t{type(e).__name__}: {e}")
            continue
        for g in games:
            lines = g.dump_iccs_moves()
            main_line = " ".join(lines[0]) if lines else ""
            print(f"{path}\t{g.init_board.to_fen()}\t{main_line}\t{max(len(lines), 1)}")


if __name__ == "__main__":
    main()
