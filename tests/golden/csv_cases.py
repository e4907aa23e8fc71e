"""CSV files and CsvDataset arguments shared by make_csv_golden.py (real TF) and tests/data/test_csv_dataset.py.

`record_defaults` are written with names ("float32", "int64", "string") or values so both libraries build them.
"""

FILES = {
    "plain.csv": "id,name,score,grade\n1,ann,2.5,7\n2,\"bob, jr\",,8\n3,cy,4.25,\n",
    "na.csv": "1;x;NA\n2;NA;3.5\n",
}

CASES = [
    {"file": "plain.csv", "record_defaults": ["int32", "string", [0.5], [0]], "header": True},
    {"file": "plain.csv", "record_defaults": ["int64", [1.0]], "header": True, "select_cols": [0, 2]},
    {"file": "plain.csv", "record_defaults": ["string", [0.0], [-1]], "header": True, "exclude_cols": [0]},
    {"file": "na.csv", "record_defaults": ["int32", ["?"], [9.0]], "field_delim": ";", "na_value": "NA"},
]


def as_python(element):
    """A CsvDataset element as plain Python values (bytes for strings, float/int for numbers)."""
    out = []
    for value in element:
        value = value.numpy() if hasattr(value, "numpy") else value
        out.append(value.decode() if isinstance(value, bytes) else value.item() if hasattr(value, "item") else value)
    return out
