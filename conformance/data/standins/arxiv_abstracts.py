"""arXiv paper abstracts (``arxiv_data.csv`` of the keras-io multi-label text-classification example:
columns ``titles``, ``summaries``, ``terms``, where ``terms`` is a Python list literal such as
``['cs.LG', 'stat.ML']``).

Each paper has one to three subject terms; its abstract is Zipf background words plus words of its terms'
topics, so a bag-of-bigrams model learns the terms. About a tenth of the rows repeat an earlier title (the
real file has duplicates the example drops), and a few term combinations occur once (the example filters them).
"""

import numpy as np

from conformance.data.standins._common import rng, vocabulary, zipf_ids

URL = "https://github.com/soumik12345/multi-label-text-classification/releases/download/v0.2/arxiv_data.csv"
ROWS = 3000
TERMS = ["cs.LG", "cs.CV", "stat.ML", "cs.AI", "cs.CL", "cs.RO", "eess.IV", "math.OC", "cs.NE", "q-bio.QM"]
TOPIC_WORDS = 12


def build(path):
    r = rng(2020)
    words = vocabulary(3000, seed=31)
    background, topics = words[:2000], words[2000:2000 + TOPIC_WORDS * len(TERMS)]
    popularity = np.array([0.3, 0.22, 0.14, 0.1, 0.08, 0.05, 0.04, 0.03, 0.02, 0.02])
    rows = []
    for i in range(ROWS):
        if rows and r.random() < 0.1:
            rows.append(rows[int(r.integers(len(rows)))])
            continue
        count = int(r.choice([1, 2, 3], p=[0.5, 0.35, 0.15]))
        chosen = sorted(r.choice(len(TERMS), count, replace=False, p=popularity))
        length = int(r.integers(60, 160))
        ids = zipf_ids(r, length, len(background))
        text = [background[k] for k in ids]
        for pos in np.flatnonzero(r.random(length) < 0.12):
            term = chosen[int(r.integers(len(chosen)))]
            text[pos] = topics[term * TOPIC_WORDS + int(r.integers(TOPIC_WORDS))]
        title = " ".join(background[k] for k in zipf_ids(r, 6, len(background))).title() + f" {i}"
        summary = " ".join(text).capitalize() + "."
        rows.append((title, summary, repr([TERMS[t] for t in chosen])))
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("titles,summaries,terms\n")
        for title, summary, terms in rows:
            f.write(f'"{title}","{summary}","{terms}"\n')


STANDINS = {URL: build}
