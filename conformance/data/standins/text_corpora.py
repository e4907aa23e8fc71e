"""Text corpora: the Stack Overflow questions archive (four language folders) and the three Iliad
translations (load_data/text), Shakespeare and Nietzsche (character-level text generation)."""

from conformance.data.standins._common import COMMON_WORDS, rng, sentences, vocabulary, write_tar

STACK_URL = "https://storage.googleapis.com/download.tensorflow.org/data/stack_overflow_16k.tar.gz"
ILIAD_BASE = "https://storage.googleapis.com/download.tensorflow.org/data/illiad/"
SHAKESPEARE_URL = "https://storage.googleapis.com/download.tensorflow.org/data/shakespeare.txt"
NIETZSCHE_URL = "https://s3.amazonaws.com/text-datasets/nietzsche.txt"

_TOPIC = {
    "csharp": ["linq", "dotnet", "var", "namespace", "public", "void", "async", "task", "wpf", "nuget"],
    "java": ["jvm", "spring", "maven", "public", "static", "void", "hashmap", "arraylist", "jar", "gradle"],
    "javascript": ["var", "function", "dom", "jquery", "node", "npm", "promise", "callback", "json", "react"],
    "python": ["def", "pip", "numpy", "pandas", "import", "list", "dict", "lambda", "django", "self"],
}


def build_stack(path):
    r = rng(91)
    words = vocabulary(3000, seed=92, reserved=tuple(COMMON_WORDS))
    files = {}
    for split, n in (("train", 200), ("test", 200)):
        for name, topic in _TOPIC.items():
            for i in range(n):
                body = sentences(r, words, int(r.integers(3, 8)))
                for _ in range(int(r.integers(2, 6))):
                    k = int(r.integers(0, len(body)))
                    body[k] += " " + topic[int(r.integers(0, len(topic)))]
                text = ". ".join(body).replace(name, "blank") + "?\n"
                number = 1755 if (split, name, i) == ("train", "python", n - 1) else i  # the file the tutorial prints
                files[f"{split}/{name}/{number}.txt"] = '"' + text + '"'
    files["README.md"] = "Conformance stand-in of the Stack Overflow questions dataset.\n"
    write_tar(path, files)


def _translation(seed, style):
    def build(path):
        r = rng(seed)
        words = vocabulary(2500, seed=93, reserved=tuple(COMMON_WORDS))
        lines = sentences(r, words, 1500, 4, 10)
        path.write_text("\n".join(f"{line} {style[i % len(style)]}" for i, line in enumerate(lines)) + "\n")
    return build


def build_shakespeare(path):
    r = rng(94)
    words = vocabulary(1500, seed=95, reserved=tuple(COMMON_WORDS))
    speakers = ["FIRST CITIZEN", "MENENIUS", "CORIOLANUS", "SICINIUS", "VOLUMNIA"]
    parts = []
    for i in range(700):
        speech = "\n".join(s.capitalize() + r.choice([",", ".", ";", "!", "?"]) for s in sentences(r, words, 3, 4, 9))
        parts.append(f"{speakers[i % len(speakers)]}:\n{speech}\n")
    path.write_text("\n".join(parts))


def build_nietzsche(path):
    """Numbered aphorisms of Zipf prose (about 60,000 characters; the original has 600,000), mixed case with
    punctuation and line breaks at 70 columns, as the original's plain text."""
    r = rng(99)
    words = vocabulary(1200, seed=100, reserved=tuple(COMMON_WORDS))
    parts = ["PREFACE\n\n"]
    for number in range(1, 301):
        stops = [".", ",", ";", "?", "!--"]
        body = " ".join(s.capitalize() + str(r.choice(stops)) for s in sentences(r, words, 6, 4, 11))
        lines, line = [], ""
        for word in f"{number}. {body}".split():
            if len(line) + len(word) > 70:
                lines.append(line)
                line = ""
            line = f"{line} {word}" if line else word
        parts.append("\n".join(lines + [line]) + "\n\n\n")
    path.write_text("".join(parts), encoding="utf-8")


STANDINS = {
    STACK_URL: build_stack,
    ILIAD_BASE + "cowper.txt": _translation(96, ["thy", "thee", "whom"]),
    ILIAD_BASE + "derby.txt": _translation(97, ["upon", "wherewith", "thence"]),
    ILIAD_BASE + "butler.txt": _translation(98, ["then", "said", "son"]),
    SHAKESPEARE_URL: build_shakespeare,
    NIETZSCHE_URL: build_nietzsche,
}
