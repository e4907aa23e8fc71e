"""`tf.version`: the TensorFlow release whose API keraslike follows, and keraslike's own version."""

VERSION = "2.21.0"  # the TensorFlow API mirrored (tests compare against real TF 2.21)
GIT_VERSION = "v2.21.0-keraslike"
COMPILER_VERSION = "keraslike (PyTorch)"
GRAPH_DEF_VERSION = 2198
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
KERASLIKE_VERSION = "0.1.0"  # keraslike's own release (pyproject.toml)
