"""Credit Card Fraud Detection stand-in as guide/data reads it: ``creditcard.zip`` holding ``creditcard.csv``.

The original CSV has a quoted header ``"Time","V1",...,"V28","Amount","Class"`` and rows of 30 numbers
followed by the class as a quoted string (``"0"`` or ``"1"``), with about 0.17% frauds. The stand-in
keeps the layout with 3000 rows and 4% frauds (so that filtering and resampling the positives finds
some in a few batches); frauds differ from normal rows in a few of the V columns (a learnable signal).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np

URL = "https://storage.googleapis.com/download.tensorflow.org/data/creditcard.zip"


def csv_text(rows: int = 3000, fraud_rate: float = 0.04, seed: int = 284807) -> str:
    rng = np.random.default_rng(seed)
    fraud = rng.random(rows) < fraud_rate
    v = rng.normal(size=(rows, 28))
    v[fraud, :4] += np.array([-3.0, 2.5, -4.0, 3.0])
    time = np.sort(rng.uniform(0, 172792, size=rows)).round()
    amount = np.round(rng.lognormal(3.0, 1.2, size=rows), 2)
    out = io.StringIO()
    out.write(",".join(f'"{c}"' for c in ["Time", *[f"V{i}" for i in range(1, 29)], "Amount", "Class"]) + "\n")
    for i in range(rows):
        values = ",".join(repr(float(x)) for x in v[i])
        out.write(f'{time[i]:g},{values},{amount[i]:g},"{int(fraud[i])}"\n')
    return out.getvalue()


def build(path: Path) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        info = zipfile.ZipInfo("creditcard.csv", date_time=(2018, 3, 23, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, csv_text())


STANDINS = {URL: build}
