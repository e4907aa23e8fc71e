"""Palmer penguins as a CSV (species, island, culmen/flipper sizes, body mass, sex): the source of the
``tensorflow_datasets`` stand-in's ``penguins/simple`` and ``penguins/processed``."""

import numpy as np

from conformance.data.standins._common import rng

URL = "https://storage.googleapis.com/download.tensorflow.org/data/palmer_penguins/penguins_size.csv"
SPECIES = ["Adelie", "Chinstrap", "Gentoo"]
ISLANDS = ["Biscoe", "Dream", "Torgersen"]


def build(path):
    r = rng(111)
    means = {0: (38.8, 18.3, 190, 3700), 1: (48.8, 18.4, 196, 3730), 2: (47.5, 15.0, 217, 5080)}
    lines = ["species,island,culmen_length_mm,culmen_depth_mm,flipper_length_mm,body_mass_g,sex"]
    for _ in range(334):
        s = int(r.choice(3, p=[0.44, 0.2, 0.36]))
        cl, cd, fl, bm = np.asarray(means[s]) * r.normal(1, [0.07, 0.06, 0.035, 0.1])
        island = ISLANDS[0] if s == 2 else ISLANDS[1] if s == 1 else ISLANDS[int(r.integers(0, 3))]
        lines.append(f"{SPECIES[s]},{island},{cl:.1f},{cd:.1f},{fl:.0f},{bm:.0f},{r.choice(['MALE', 'FEMALE'])}")
    path.write_text("\n".join(lines) + "\n")


STANDINS = {URL: build}
