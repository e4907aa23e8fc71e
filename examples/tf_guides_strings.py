"""The TF guides' string handling, unchanged but for the import: Unicode strings, ragged tensors, tf.data text.

In the style of tensorflow.org's "Unicode strings" guide (decode/encode, ragged batches, character
substrings, scripts, word segmentation by script) and the "Load text" tutorial's tf.data part
(TextLineDataset, splitting, a vocabulary lookup table, padded batches). Every value is deterministic,
so the output below is what real TensorFlow 2.21 prints for the same script (`import tensorflow as tf`),
line for line.

Run:
    python examples/tf_guides_strings.py
    python examples/tf_guides_strings.py --quick    # the same: it already runs in seconds

Expected output:
    b'Thanks \\xf0\\x9f\\x98\\x8a' (2,)
    decode: [35821, 35328, 22788, 29702]
    encode: b'\\xe8\\xaf\\xad\\xe8\\xa8\\x80\\xe5\\xa4\\x84\\xe7\\x90\\x86'
    transcode: b'\\x8b\\xed\\x8a\\x00Y\\x04t\\x06'
    5 [104, 195, 108, 108, 111]
    28 [87, 104, 97, 116, 32, 105, 115, 32, 116]
    9 [71, 246, 246, 100, 110, 105, 103, 104, 116]
    1 [128522]
    padded: (4, 28) [104, 195, 108, 108, 111, -1]
    [b'cat', b'dog', b'cow']
    [b'h\\xc3\\x83llo', b'What is the weather tomorrow', b'G\\xc3\\xb6\\xc3\\xb6dnight', b'\\xf0\\x9f\\x98\\x8a']
    lengths: 11 bytes, 8 chars
    substr bytes: b'\\xf0' chars: b'\\xf0\\x9f\\x98\\x8a'
    split: [b'T', b'h', b'a', b'n', b'k', b's', b' ', b'\\xf0\\x9f\\x98\\x8a']
    At byte offset 0: codepoint 127880
    At byte offset 4: codepoint 127881
    At byte offset 8: codepoint 127882
    scripts: [17, 8]
    [[25, 25, 25, 25, 25, 0, 0, 25, 25, 25, 25, 25, 0], [17, 17, 20, 20, 20, 20, 20]]
    words: ['Hello', ', ', 'world', '.']
    words: ['世界', 'こんにちは']
    lines: [b'The quick brown fox', b'jumps over', b'', b'the lazy dog.']
    tokens: [[b'The', b'quick', b'brown', b'fox'], [b'jumps', b'over'], [], [b'the', b'lazy', b'dog.']]
    vocab size: 11
    [[ 8  6  0  2]
     [ 3  5 -1 -1]]
    [[-1 -1 -1]
     [ 8  4  1]]
    oov ids: [9 9]
    joined: b'fox|dog.' upper: [b'THE QUICK BROWN FOX', b'JUMPS OVER']
"""

import argparse
import os
import tempfile

import keraslike as tf


def unicode_strings():
    text = tf.constant("Thanks 😊")
    print(text.numpy(), tf.constant(["You're", "welcome!"]).shape)
    text_utf8 = tf.constant("语言处理")
    text_chars = tf.constant([ord(char) for char in "语言处理"])
    print("decode:", tf.strings.unicode_decode(text_utf8, input_encoding="UTF-8").numpy().tolist())
    print("encode:", tf.strings.unicode_encode(text_chars, output_encoding="UTF-8").numpy())
    print("transcode:", tf.strings.unicode_transcode(text_utf8, input_encoding="UTF8",
                                                     output_encoding="UTF-16-BE").numpy())


def ragged_batches():
    batch_utf8 = [s.encode("UTF-8") for s in ["hÃllo", "What is the weather tomorrow", "Göödnight", "😊"]]
    batch_chars_ragged = tf.strings.unicode_decode(batch_utf8, input_encoding="UTF-8")
    for sentence_chars in batch_chars_ragged.to_list():
        print(len(sentence_chars), sentence_chars[:9])
    batch_chars_padded = batch_chars_ragged.to_tensor(default_value=-1)
    print("padded:", tuple(batch_chars_padded.shape), batch_chars_padded.numpy()[0, :6].tolist())
    print(tf.strings.unicode_encode([[99, 97, 116], [100, 111, 103], [99, 111, 119]],
                                    output_encoding="UTF-8").numpy().tolist())
    print(tf.strings.unicode_encode(batch_chars_ragged, output_encoding="UTF-8").numpy().tolist())
    return batch_chars_ragged


def characters():
    thanks = "Thanks 😊".encode("UTF-8")
    num_bytes = tf.strings.length(thanks).numpy()
    num_chars = tf.strings.length(thanks, unit="UTF8_CHAR").numpy()
    print(f"lengths: {num_bytes} bytes, {num_chars} chars")
    print("substr bytes:", tf.strings.substr(thanks, pos=7, len=1).numpy(),
          "chars:", tf.strings.substr(thanks, pos=7, len=1, unit="UTF8_CHAR").numpy())
    print("split:", tf.strings.unicode_split(thanks, "UTF-8").numpy().tolist())
    codepoints, offsets = tf.strings.unicode_decode_with_offsets("🎈🎉🎊", "UTF-8")
    for codepoint, offset in zip(codepoints.numpy(), offsets.numpy()):
        print(f"At byte offset {offset}: codepoint {codepoint}")


def scripts_and_words():
    uscript = tf.strings.unicode_script([33464, 1041])  # ['芸', 'Б']
    print("scripts:", uscript.numpy().tolist())
    sentence_texts = ["Hello, world.", "世界こんにちは"]
    sentence_char_codepoint = tf.strings.unicode_decode(sentence_texts, "UTF-8")
    sentence_char_script = tf.strings.unicode_script(sentence_char_codepoint)
    print(sentence_char_script.to_list())
    sentence_char_starts_word = tf.concat(
        [tf.fill([sentence_char_script.nrows(), 1], True),
         tf.not_equal(sentence_char_script[:, 1:], sentence_char_script[:, :-1])],
        axis=1)
    word_starts = tf.squeeze(tf.where(sentence_char_starts_word.values), axis=1)
    word_char_codepoint = tf.RaggedTensor.from_row_starts(values=sentence_char_codepoint.values,
                                                          row_starts=word_starts)
    sentence_num_words = tf.reduce_sum(tf.cast(sentence_char_starts_word, tf.int64), axis=1)
    sentence_word_char_codepoint = tf.RaggedTensor.from_row_lengths(values=word_char_codepoint,
                                                                    row_lengths=sentence_num_words)
    for words in tf.strings.unicode_encode(sentence_word_char_codepoint, "UTF-8").to_list():
        print("words:", [word.decode("utf-8") for word in words])


def text_pipeline(directory):
    path = os.path.join(directory, "lines.txt")
    with open(path, "w") as handle:
        handle.write("The quick brown fox\njumps over\n\nthe lazy dog.\n")
    lines = tf.data.TextLineDataset(path)
    print("lines:", list(lines.as_numpy_iterator()))
    tokens = lines.map(tf.strings.split)
    print("tokens:", [t.tolist() for t in tokens.as_numpy_iterator()])
    vocab = sorted({w for t in tokens.as_numpy_iterator() for w in t.tolist()}, key=lambda w: (w.lower(), w))
    keys = tf.constant(vocab)
    table = tf.lookup.StaticVocabularyTable(
        tf.lookup.KeyValueTensorInitializer(keys, tf.range(len(vocab), dtype=tf.int64)), num_oov_buckets=2)
    print("vocab size:", int(table.size()))
    encoded = tokens.map(lambda t: table.lookup(tf.strings.lower(t)))  # "The" is out of the vocabulary
    for batch in encoded.padded_batch(2, padding_values=tf.constant(-1, tf.int64)):
        print(batch.numpy())
    print("oov ids:", table.lookup(tf.constant(["zebra", "THE"])).numpy())
    last_words = tokens.filter(lambda t: tf.size(t) > 2).map(lambda t: t[-1])
    print("joined:", tf.strings.reduce_join(list(last_words.as_numpy_iterator()), separator="|").numpy(),
          "upper:", tf.strings.upper(list(lines.take(2).as_numpy_iterator())).numpy().tolist())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same run (it is already quick)")
    parser.parse_args()
    unicode_strings()
    ragged_batches()
    characters()
    scripts_and_words()
    with tempfile.TemporaryDirectory() as directory:
        text_pipeline(directory)


if __name__ == "__main__":
    main()
