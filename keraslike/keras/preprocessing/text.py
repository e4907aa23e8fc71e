"""`tf.keras.preprocessing.text`."""

from keraslike._src.keras.preprocessing.text import (  # noqa: F401
    Tokenizer, hashing_trick, one_hot, text_to_word_sequence, tokenizer_from_json)
