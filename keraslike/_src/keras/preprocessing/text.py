"""`tf.keras.preprocessing.text`: `Tokenizer`, `tokenizer_from_json`, `one_hot`, `hashing_trick`,
`text_to_word_sequence`.

Semantics of keras/src/legacy/preprocessing/text.py (Keras 3.15, exported by TF 2.21 as
`tf.keras.preprocessing.text`). A tokenizer is saved and restored as JSON (`to_json` / `tokenizer_from_json`),
never pickled.
"""

import collections
import hashlib
import json
import numbers
import warnings

import numpy as np

DEFAULT_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'
MATRIX_MODES = ("binary", "count", "tfidf", "freq")


def text_to_word_sequence(input_text, filters=DEFAULT_FILTERS, lower=True, split=" "):
    """Split a string into words: lower-case it, turn every character of `filters` into `split`, split on `split`.

    Args:
        input_text: str.
        filters: str, characters replaced by `split` (default: punctuation, tab and newline).
        lower: bool, lower-case first (default True).
        split: str, the separator (default " ").

    Returns:
        list of non-empty str words.

    Raises:
        TypeError: for a non-str `input_text`.
    """
    if not isinstance(input_text, str):
        raise TypeError(f"`input_text` must be a str. Received: input_text={input_text!r}")
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [word for word in input_text.split(split) if word]


def _md5(word):
    return int(hashlib.md5(word.encode()).hexdigest(), 16)


def hashing_trick(text, n, hash_function=None, filters=DEFAULT_FILTERS, lower=True, split=" ", analyzer=None):
    """Words of `text` hashed to indices in `[1, n)`: `hash_function(word) % (n - 1) + 1`.

    Args:
        text: str.
        n: int >= 2, the hashing space size (index 0 is never produced).
        hash_function: None (Python's `hash`, which is salted per process unless PYTHONHASHSEED is set),
            "md5" (stable across processes) or a callable str -> int.
        filters, lower, split: as `text_to_word_sequence`.
        analyzer: optional callable str -> list of words, used instead of `text_to_word_sequence`.

    Returns:
        list of int.

    Raises:
        ValueError: for `n < 2` or an unknown `hash_function` string.
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 2:
        raise ValueError(f"`n` must be an integer >= 2. Received: n={n!r}")
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        hash_function = _md5
    elif not callable(hash_function):
        raise ValueError(
            f'`hash_function` must be None, "md5" or a callable. Received: hash_function={hash_function!r}')
    if analyzer is None:
        words = text_to_word_sequence(text, filters=filters, lower=lower, split=split)
    else:
        words = analyzer(text)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text, n, filters=DEFAULT_FILTERS, lower=True, split=" ", analyzer=None):
    """`hashing_trick(input_text, n, hash_function=hash, ...)`: word indices in `[1, n)` (not one-hot vectors).

    Args:
        input_text: str.
        n: int >= 2, the hashing space size.
        filters, lower, split, analyzer: as `hashing_trick`.

    Returns:
        list of int.
    """
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower, split=split,
                         analyzer=analyzer)


class Tokenizer:
    """Text tokenizer: a word index by frequency, texts to index sequences or to document-term matrices.

    Index 0 is reserved (never a word). `word_index` ranks words by count (ties keep first-seen order), from 1; an
    `oov_token` takes index 1 and stands for unknown words (and, with `num_words`, for words of rank >= num_words).

    Args:
        num_words: optional int: keep only words of index < num_words in sequences and matrices.
        filters: str, characters removed from texts (default punctuation, tab, newline).
        lower: bool (default True).
        split: str, word separator (default " ").
        char_level: bool, every character is a token (default False).
        oov_token: optional str for out-of-vocabulary words.
        analyzer: optional callable str -> list of tokens, instead of `text_to_word_sequence`.
        **kwargs: `document_count` (int, as restored by `tokenizer_from_json`) and the Keras 1 name `nb_words`
            (warns; use `num_words`).

    Attributes:
        word_counts (OrderedDict word -> count), word_docs (word -> number of documents), word_index,
        index_word, index_docs (index -> number of documents), document_count.

    Raises:
        TypeError: for any other keyword argument.
    """

    def __init__(self, num_words=None, filters=DEFAULT_FILTERS, lower=True, split=" ", char_level=False,
                 oov_token=None, analyzer=None, **kwargs):
        if "nb_words" in kwargs:
            warnings.warn("The `nb_words` argument in `Tokenizer` has been renamed `num_words`.", stacklevel=2)
            num_words = kwargs.pop("nb_words")
        document_count = kwargs.pop("document_count", 0)
        if kwargs:
            raise TypeError(f"Unrecognized keyword arguments: {kwargs}. Received: kwargs={kwargs}")
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.filters = filters
        self.split = split
        self.lower = lower
        self.num_words = num_words
        self.document_count = document_count
        self.char_level = char_level
        self.oov_token = oov_token
        self.index_docs = collections.defaultdict(int)
        self.word_index = {}
        self.index_word = {}
        self.analyzer = analyzer

    def _tokens(self, text):
        if self.char_level or isinstance(text, list):
            if self.lower:
                text = [t.lower() for t in text] if isinstance(text, list) else text.lower()
            return text
        if self.analyzer is not None:
            return self.analyzer(text)
        return text_to_word_sequence(text, filters=self.filters, lower=self.lower, split=self.split)

    def fit_on_texts(self, texts):
        """Update the counts and rebuild `word_index` from `texts` (an iterable of str, or of token lists)."""
        for text in texts:
            self.document_count += 1
            tokens = self._tokens(text)
            for token in tokens:
                self.word_counts[token] = self.word_counts.get(token, 0) + 1
            for token in set(tokens):
                self.word_docs[token] += 1
        ranked = sorted(self.word_counts.items(), key=lambda item: item[1], reverse=True)  # stable: ties first-seen
        vocabulary = ([] if self.oov_token is None else [self.oov_token]) + [word for word, _ in ranked]
        self.word_index = {word: index for index, word in enumerate(vocabulary, start=1)}
        self.index_word = {index: word for word, index in self.word_index.items()}
        for word, count in list(self.word_docs.items()):
            self.index_docs[self.word_index[word]] = count

    def fit_on_sequences(self, sequences):
        """Update `document_count` and `index_docs` from index sequences (needed for tfidf without texts)."""
        self.document_count += len(sequences)
        for sequence in sequences:
            for index in set(sequence):
                self.index_docs[index] += 1

    def texts_to_sequences(self, texts):
        """list of lists of int indices, one per text (unknown words dropped, or `oov_token`'s index)."""
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts):
        """Yields `texts_to_sequences`'s lists one text at a time."""
        oov_index = self.word_index.get(self.oov_token)
        for text in texts:
            vector = []
            for token in self._tokens(text):
                index = self.word_index.get(token)
                if index is not None and not (self.num_words and index >= self.num_words):
                    vector.append(index)
                elif oov_index is not None:
                    vector.append(oov_index)
            yield vector

    def sequences_to_texts(self, sequences):
        """list of str, one per sequence: the words of its indices joined by spaces."""
        return list(self.sequences_to_texts_generator(sequences))

    def sequences_to_texts_generator(self, sequences):
        """Yields `sequences_to_texts`'s strings one sequence at a time."""
        oov_index = self.word_index.get(self.oov_token)
        for sequence in sequences:
            words = []
            for index in sequence:
                word = self.index_word.get(index)
                if word is not None and not (self.num_words and index >= self.num_words):
                    words.append(word)
                elif oov_index is not None:
                    words.append(self.index_word[oov_index])
            yield " ".join(words)

    def texts_to_matrix(self, texts, mode="binary"):
        """`sequences_to_matrix(texts_to_sequences(texts), mode)`."""
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences, mode="binary"):
        """float64 numpy array `(len(sequences), num_words)` (num_words default `len(word_index) + 1`).

        Modes: "binary" (1 where the index occurs), "count", "freq" (count / sequence length), "tfidf"
        (`(1 + log(count)) * log(1 + document_count / (1 + index_docs[index]))`).

        Raises:
            ValueError: for another `mode`, no `num_words` and an empty `word_index`, or "tfidf" before fitting.
        """
        if mode not in MATRIX_MODES:
            raise ValueError(f"Unknown vectorization mode: expected one of {MATRIX_MODES}. Received: mode={mode!r}")
        if self.num_words:
            num_words = self.num_words
        elif self.word_index:
            num_words = len(self.word_index) + 1
        else:
            raise ValueError("Specify a dimension (`num_words` argument), or fit on some text data first. "
                             f"Received: num_words={self.num_words!r}")
        if mode == "tfidf" and not self.document_count:
            raise ValueError("Fit the Tokenizer on some data before using tfidf mode. "
                             f"Received: document_count={self.document_count}")
        matrix = np.zeros((len(sequences), num_words))
        for row, sequence in enumerate(sequences):
            if not sequence:
                continue
            counts = collections.Counter(index for index in sequence if index < num_words)
            for index, count in counts.items():
                if mode == "count":
                    matrix[row, index] = count
                elif mode == "freq":
                    matrix[row, index] = count / len(sequence)
                elif mode == "binary":
                    matrix[row, index] = 1
                else:
                    idf = np.log(1 + self.document_count / (1 + self.index_docs.get(index, 0)))
                    matrix[row, index] = (1 + np.log(count)) * idf
        return matrix

    def get_config(self):
        """dict of the constructor arguments and the fitted state (dicts as JSON strings, as Keras)."""
        return {"num_words": self.num_words, "filters": self.filters, "lower": self.lower, "split": self.split,
                "char_level": self.char_level, "oov_token": self.oov_token, "document_count": self.document_count,
                "word_counts": json.dumps(self.word_counts), "word_docs": json.dumps(self.word_docs),
                "index_docs": json.dumps(self.index_docs), "index_word": json.dumps(self.index_word),
                "word_index": json.dumps(self.word_index)}

    def to_json(self, **kwargs):
        """`{"class_name": "Tokenizer", "config": get_config()}` as a JSON string (`kwargs` go to json.dumps).

        The `analyzer` callable is not saved (as Keras).
        """
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)


def tokenizer_from_json(json_string):
    """A `Tokenizer` restored from `Tokenizer.to_json()` output.

    Raises:
        ValueError: when `json_string` is not a tokenizer's JSON.
    """
    try:
        config = dict(json.loads(json_string)["config"])
        state = {name: json.loads(config.pop(name))
                 for name in ("word_counts", "word_docs", "index_docs", "index_word", "word_index")}
    except (TypeError, KeyError, ValueError) as error:
        raise ValueError(f"Not a Tokenizer's JSON ({error}). Received: json_string={json_string[:80]!r}") from error
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = state["word_counts"]
    tokenizer.word_docs = state["word_docs"]
    tokenizer.index_docs = {int(k): v for k, v in state["index_docs"].items()}
    tokenizer.word_index = state["word_index"]
    tokenizer.index_word = {int(k): v for k, v in state["index_word"].items()}
    return tokenizer
