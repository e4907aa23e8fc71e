"""The one edit made to a program before keraslike runs it: its TensorFlow and Keras imports.

Only import statements change; every other line of the program is the original. The rules are the
ones a user applies by hand (``import tensorflow as tf`` becomes ``import keraslike as tf``), written
as a table so the manifest, the README and this module say the same thing.
"""

from __future__ import annotations

import re

# (pattern on one logical import line, replacement). Applied in order, first match wins per line.
RULES: tuple[tuple[str, str], ...] = (
    (r"^(\s*)import tensorflow\.compat\.v(1|2) as (\w+)\s*$", r"\1import keraslike.compat.v\2 as \3"),
    (r"^(\s*)import tensorflow as (\w+)\s*$", r"\1import keraslike as \2"),
    (r"^(\s*)import tensorflow\s*$", r"\1import keraslike as tensorflow"),
    (r"^(\s*)import tensorflow\.([\w.]+) as (\w+)\s*$", r"\1import keraslike.\2 as \3"),
    (r"^(\s*)from tensorflow import ", r"\1from keraslike import "),
    (r"^(\s*)from tensorflow\.([\w.]+) import ", r"\1from keraslike.\2 import "),
    (r"^(\s*)import (?:tf_keras|keras) as (\w+)\s*$", r"\1from keraslike import keras as \2"),
    (r"^(\s*)import (?:tf_keras|keras)\s*$", r"\1from keraslike import keras"),
    (r"^(\s*)import (?:tf_keras|keras)\.([\w.]+) as (\w+)\s*$", r"\1import keraslike.keras.\2 as \3"),
    (r"^(\s*)from (?:tf_keras|keras) import ", r"\1from keraslike.keras import "),
    (r"^(\s*)from (?:tf_keras|keras)\.([\w.]+) import ", r"\1from keraslike.keras.\2 import "),
)
_COMPILED = tuple((re.compile(p), r) for p, r in RULES)


_TRAILING_COMMENT = re.compile(r"^([^#]*?)(\s*#.*)?$")


def rewrite_line(line: str) -> str:
    """Returns ``line`` with a TensorFlow/Keras import pointed at keraslike (other lines unchanged); a trailing
    comment (``import tensorflow as tf  # only for tf.data``) is kept as it is."""
    code, comment = _TRAILING_COMMENT.match(line).groups()
    for pattern, replacement in _COMPILED:
        if pattern.search(code):
            return pattern.sub(replacement, code, count=1) + (comment or "")
    return line


def rewrite_source(source: str) -> tuple[str, int]:
    """Rewrites every import line of ``source``; returns the new text and how many lines changed."""
    out, changed = [], 0
    for line in source.split("\n"):
        new = rewrite_line(line)
        changed += new != line
        out.append(new)
    return "\n".join(out), changed
