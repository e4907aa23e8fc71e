"""UCI Covertype (``covtype.data.gz``: gzip of a header-less CSV of 55 integer columns: 10 cartographic
measurements, 4 one-hot wilderness-area columns, 40 one-hot soil-type columns, the cover type 1-7), as keras-io's
wide/deep/cross-networks example reads it with ``pandas.read_csv(url, header=None)``.

The cover type is a learnable function of the soil type and wilderness area (70% of rows) or of elevation (the
rest, types 1 and 2, so those two are the most common as in the real set); every row has exactly one area and
one soil set.
"""

import io

import numpy as np

from conformance.data.standins._common import rng, write_gz

URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/covtype/covtype.data.gz"
ROWS = 6000


def build(path):
    r = rng(1998)
    area = r.choice(4, ROWS, p=[0.45, 0.05, 0.44, 0.06])
    soil = (area * 10 + r.integers(0, 10, ROWS)) % 40
    soil = np.where(r.random(ROWS) < 0.3, r.integers(0, 40, ROWS), soil)
    elevation = 1900 + 1400 * r.beta(2.5, 2.0, ROWS) + 120 * area
    score = (elevation - 1900) / 1500 * 4 + 0.08 * (soil % 7) + 0.6 * (area == 3) + r.normal(0, 0.35, ROWS)
    by_site = (soil * 3 + area) % 7  # the soil and area sets decide most rows (one-hot inputs learn fast)
    by_height = np.where(score > 2.2, 0, 1)  # the rest: the two common types, split by elevation
    cover = np.where(r.random(ROWS) < 0.7, by_site, by_height) + 1
    aspect = r.integers(0, 360, ROWS)
    slope = r.integers(0, 50, ROWS)
    hydro_h = r.integers(0, 1200, ROWS)
    hydro_v = r.integers(-150, 500, ROWS)
    road = (r.integers(0, 6000, ROWS) + elevation).astype(int)
    shade = r.integers(100, 255, (ROWS, 3))
    fire = r.integers(0, 6000, ROWS)
    out = io.StringIO()
    for i in range(ROWS):
        one_hot_area = ["1" if a == area[i] else "0" for a in range(4)]
        one_hot_soil = ["1" if s == soil[i] else "0" for s in range(40)]
        values = [int(elevation[i]), aspect[i], slope[i], hydro_h[i], hydro_v[i], road[i], *shade[i], fire[i]]
        out.write(",".join([*map(str, values), *one_hot_area, *one_hot_soil, str(cover[i])]) + "\n")
    write_gz(path, out.getvalue().encode())


STANDINS = {URL: build}
