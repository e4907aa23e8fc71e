"""`keras.ops.rearrange`: einops-style axis rearrangement (`"b (h w) c -> b h w c"`).

Mirrors `keras/src/ops/einops.py`: names on the left are the input's axes (a parenthesised
group is one axis made of several), the right side says how to order and group them; sizes that
cannot be inferred come from `**axes_lengths`.
"""

import math
import re

from keraslike._src.keras.ops.tensors import convert

_TOKEN = re.compile(r"\(|\)|[A-Za-z_][A-Za-z0-9_]*|1")


def _parse(side):
    groups, current = [], None
    for tok in _TOKEN.findall(side):
        if tok == "(":
            if current is not None:
                raise ValueError(f"Nested parentheses are not allowed in a rearrange pattern. Received: {side!r}")
            current = []
        elif tok == ")":
            groups.append(current)
            current = None
        elif current is not None:
            current.append(tok)
        else:
            groups.append([tok] if tok != "1" else [])
    if current is not None:
        raise ValueError(f"Unbalanced parentheses in a rearrange pattern. Received: {side!r}")
    return groups


def rearrange(tensor, pattern, **axes_lengths):
    """`keras.ops.rearrange(tensor, pattern, **axes_lengths)`: reshape and transpose by an einops pattern.

    Example:
        >>> rearrange(x, "b (h w) c -> b h w c", h=4)     # (2, 12, 3) -> (2, 4, 3, 3)

    Raises:
        ValueError: if the pattern does not match the tensor's rank, names differ between the sides,
            or a size cannot be inferred.
    """
    x = convert(tensor)
    if "->" not in pattern:
        raise ValueError(f"The rearrange pattern needs '->'. Received: pattern={pattern!r}")
    left, right = (_parse(s) for s in pattern.split("->"))
    if len(left) != x.dim():
        raise ValueError(f"The pattern's left side has {len(left)} axes but the tensor has rank {x.dim()}. "
                         f"Received: pattern={pattern!r}, shape={tuple(x.shape)}")
    names_l = [n for g in left for n in g]
    names_r = [n for g in right for n in g]
    if sorted(names_l) != sorted(names_r):
        raise ValueError(f"Both sides of the pattern must name the same axes. Received: pattern={pattern!r}")
    sizes = dict(axes_lengths)
    for group, dim in zip(left, x.shape):
        unknown = [n for n in group if n not in sizes]
        known = math.prod(sizes[n] for n in group if n in sizes)
        if len(unknown) > 1:
            raise ValueError(f"Cannot infer the sizes of {unknown} in {pattern!r}; pass them as keyword arguments.")
        if unknown:
            sizes[unknown[0]] = dim // known
        elif known != dim and group:
            raise ValueError(f"Axis sizes {[sizes[n] for n in group]} do not match dimension {dim}. "
                             f"Received: pattern={pattern!r}")
    flat = x.reshape([sizes[n] for n in names_l]) if names_l else x.reshape(())
    flat = flat.permute(*[names_l.index(n) for n in names_r]) if names_r else flat
    return flat.reshape([math.prod(sizes[n] for n in g) for g in right])
