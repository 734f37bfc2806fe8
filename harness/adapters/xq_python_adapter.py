#!/usr/bin/env python3
"""The xq-oracle Python package (`xiangqi_oracle`) as an implementation under
test (JSON-lines protocol 1, spec/PROTOCOL.md).

A pure pipe: each line goes to the package's `ProtocolSession`, which
answers the handshake (as `xq-python`, the package's version) and every
request with the oracle's own answer, and refuses a malformed line with an
error reply. The package must be installed in the interpreter that runs
this file (`pip install target/wheels/xq_oracle-*.whl`, built with
`maturin build --release -m oracle/python/Cargo.toml`).
"""

import sys

try:
    import xiangqi_oracle
except ImportError as e:  # the harness reports the failed start with this
    sys.stderr.write(
        "xq_python_adapter: the xiangqi_oracle package is not installed in "
        f"{sys.executable} ({e}); build it with `maturin build --release -m "
        "oracle/python/Cargo.toml` and `pip install target/wheels/xq_oracle-*.whl`\n"
    )
    sys.exit(3)


def main() -> int:
    session = xiangqi_oracle.ProtocolSession()
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            reply = '{"seq":null,"error":"the line is not valid UTF-8 (byte %d)"}' % (e.start + 1)
        else:
            if not line.strip():
                continue
            answer = session.answer(line)
            if answer is None:  # stop
                return 0
            reply = answer
        out.write(reply.encode("utf-8") + b"\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
