"""The examples of the package's README (its PyPI page) and of the
repository's README run as written: the package's is made of asserts; the
repository's prints, and each line it prints is the comment after its
`print`."""

import contextlib
import io
import pathlib
import re
from typing import Any, Dict, List

import pytest

import xiangqi_oracle as xo

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _python_blocks(path: pathlib.Path) -> List[str]:
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"), re.M | re.S)


def test_the_package_readme_example() -> None:
    (block,) = _python_blocks(ROOT / "oracle/python/README.md")
    exec(compile(block, "oracle/python/README.md", "exec"), {})


def test_the_repository_readme_example() -> None:
    (block,) = _python_blocks(ROOT / "README.md")
    # The last line shows the error an illegal move raises.
    *lines, last = block.rstrip("\n").split("\n")
    assert last.startswith("pos.play(")
    out = io.StringIO()
    scope: Dict[str, Any] = {}
    with contextlib.redirect_stdout(out):
        exec(compile("\n".join(lines), "README.md", "exec"), scope)
    printed = out.getvalue().splitlines()
    shown = [
        line.split("#", 1)[1].strip().split(" (")[0]
        for line in lines
        if line.startswith("print(")
    ]
    assert printed == shown
    with pytest.raises(xo.IllegalMoveError) as e:
        exec(compile(last.split("#")[0], "README.md", "exec"), scope)
    assert f"IllegalMoveError: {e.value}" == last.split("# ", 1)[1]
