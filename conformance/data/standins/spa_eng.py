"""English-Spanish sentence pairs (``spa-eng.zip`` from TensorFlow's storage: ``spa-eng/spa.txt``, one
``english<TAB>spanish`` pair a line, short sentences first), as the keras-io and tensorflow/docs translation
programs read it.

The Spanish side is a deterministic translation of the English side through a fixed lexicon, with Spanish
word order for adjectives, accented words and ``¿...?`` questions, so a translation model has a real mapping
to learn and the programs' custom standardization (stripping ``¿``) has something to strip.
"""

from pathlib import Path

import numpy as np

from conformance.data.standins._common import write_zip

URL = "http://storage.googleapis.com/download.tensorflow.org/data/spa-eng.zip"
PAIRS = 4000
SUBJECTS = {"i": "yo", "you": "tú", "we": "nosotros", "they": "ellos", "he": "él", "she": "ella"}
VERBS = {"see": "veo", "like": "quiero", "want": "deseo", "have": "tengo", "eat": "como", "take": "tomo",
         "open": "abro", "find": "encuentro"}
DETS = {"the": "el", "a": "un", "my": "mi", "your": "tu"}
NOUNS = {"cat": "gato", "dog": "perro", "book": "libro", "car": "coche", "tree": "árbol", "bread": "pan",
         "window": "balcón", "phone": "teléfono"}
ADJS = {"red": "rojo", "big": "grande", "small": "pequeño", "new": "nuevo", "old": "viejo", "fast": "rápido"}
ADVS = {"now": "ahora", "here": "aquí", "today": "hoy", "again": "otra vez"}


def _pick(r, table):
    keys = list(table)
    return keys[int(r.integers(len(keys)))]


def _pair(r: np.random.Generator, n_words: int) -> tuple[str, str]:
    eng = [_pick(r, SUBJECTS), _pick(r, VERBS)]
    spa = [SUBJECTS[eng[0]], VERBS[eng[1]]]
    if n_words > 2:
        det, noun = _pick(r, DETS), _pick(r, NOUNS)
        eng += [det, noun]
        spa += [DETS[det], NOUNS[noun]]
    if n_words > 4:
        adj = _pick(r, ADJS)
        eng.insert(3, adj)
        spa.append(ADJS[adj])  # Spanish puts the adjective after the noun
    if n_words > 5:
        adv = _pick(r, ADVS)
        eng.append(adv)
        spa.append(ADVS[adv])
    english, spanish = " ".join(eng).capitalize(), " ".join(spa).capitalize()
    if r.random() < 0.2:
        return f"Do {english[0].lower()}{english[1:]}?", f"¿{spanish}?"
    return english + ".", spanish + "."


def build(path: Path) -> None:
    r = np.random.default_rng(2021)
    lines = []
    for i in range(PAIRS):
        n_words = 2 if i < 300 else (4 if i < 1800 else (5 if i < 3000 else 6))
        english, spanish = _pair(r, n_words)
        lines.append(f"{english}\t{spanish}")
    write_zip(path, {"spa-eng/": b"", "spa-eng/_about.txt": "Conformance stand-in of the Anki spa-eng pairs.\n",
                     "spa-eng/spa.txt": "\n".join(lines) + "\n"})


STANDINS = {URL: build}
