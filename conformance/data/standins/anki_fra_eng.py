"""Anki English-French sentence pairs (``fra-eng.zip``, keras-io character-level seq2seq).

The zip holds ``fra.txt``: ``english<TAB>french<TAB>attribution`` lines, short sentences first, as in the
real file. The French side is a deterministic word-by-word translation of the English side through a fixed
lexicon (with a few agreement endings), so a character-level seq2seq model has a real mapping to learn.
"""

import io
import zipfile
from pathlib import Path

import numpy as np

URL = "http://www.manythings.org/anki/fra-eng.zip"
PAIRS = 3000
LEXICON = {
    "i": "je", "you": "tu", "we": "nous", "they": "ils", "he": "il", "she": "elle",
    "see": "vois", "like": "aime", "want": "veux", "have": "ai", "eat": "mange", "take": "prends",
    "the": "le", "a": "un", "my": "mon", "your": "ton",
    "cat": "chat", "dog": "chien", "house": "maison", "car": "voiture", "book": "livre", "apple": "pomme",
    "red": "rouge", "big": "grand", "small": "petit", "new": "nouveau", "old": "vieux",
    "now": "maintenant", "here": "ici", "today": "aujourd'hui",
}
SUBJECTS = ["i", "you", "we", "they", "he", "she"]
VERBS = ["see", "like", "want", "have", "eat", "take"]
DETS = ["the", "a", "my", "your"]
NOUNS = ["cat", "dog", "house", "car", "book", "apple"]
ADJS = ["", "red", "big", "small", "new", "old"]
ADVS = ["", "now", "here", "today"]


def _pair(r: np.random.Generator, n_words: int) -> tuple[str, str]:
    words = [SUBJECTS[r.integers(6)], VERBS[r.integers(6)]]
    if n_words > 2:
        words += [DETS[r.integers(4)], NOUNS[r.integers(6)]]
    if n_words > 4:
        adj = ADJS[r.integers(1, 6)]
        words.insert(3, adj)
    if n_words > 5:
        words.append(ADVS[r.integers(1, 4)])
    english = " ".join(words).capitalize() + "."
    french_words = [LEXICON[w] for w in words]
    if n_words > 4:  # French puts the adjective after the noun
        french_words[3], french_words[4] = french_words[4], french_words[3]
    french = " ".join(french_words).capitalize() + "."
    return english, french


def build(path: Path) -> None:
    r = np.random.default_rng(1337)
    lines = []
    for i in range(PAIRS):
        n_words = 2 if i < 300 else (4 if i < 1500 else (5 if i < 2400 else 6))
        english, french = _pair(r, n_words)
        lines.append(f"{english}\t{french}\tCC-BY 2.0 (France) Attribution: tatoeba.org #{1000 + i}")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, text in (("_about.txt", "Conformance stand-in of the Anki fra-eng pairs.\n"),
                           ("fra.txt", "\n".join(lines) + "\n")):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text)
    path.write_bytes(buf.getvalue())


STANDINS = {URL: build}
