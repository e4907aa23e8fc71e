"""String lookup with Keras-style errors that list the valid names."""

import difflib


def lookup(kind, identifier, table):
    """Return `table[identifier]`.

    Raises:
        ValueError: "Could not interpret {kind} identifier: ..." naming the
            closest valid names and listing all of them.
    """
    if isinstance(identifier, str) and identifier in table:
        return table[identifier]
    valid = sorted(table)
    close = difflib.get_close_matches(str(identifier), valid, n=3)
    hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise ValueError(
        f"Could not interpret {kind} identifier: {identifier!r}.{hint} "
        f"Expected one of: {', '.join(valid)}. Received: {kind}={identifier!r}"
    )
