"""The conformance runner's one edit, import lines only (conformance/rewrite.py)."""

from conformance.rewrite import rewrite_line, rewrite_source


def test_import_lines_with_a_trailing_comment_are_rewritten():
    # keras-io's packaging_keras_models_for_wide_distribution: `import tensorflow as tf  # only for tf.data`
    assert rewrite_line("import tensorflow as tf  # only for tf.data") == "import keraslike as tf  # only for tf.data"
    assert rewrite_line("import keras # Keras 3") == "from keraslike import keras # Keras 3"
    assert rewrite_line("    from tensorflow.keras import layers  # noqa") == \
        "    from keraslike.keras import layers  # noqa"


def test_other_lines_are_left_as_they_are():
    assert rewrite_line("# import tensorflow as tf") == "# import tensorflow as tf"
    assert rewrite_line("x = 1  # import tensorflow") == "x = 1  # import tensorflow"
    source, changed = rewrite_source("import numpy as np\nimport tensorflow as tf\nprint('# tf')")
    assert changed == 1 and source == "import numpy as np\nimport keraslike as tf\nprint('# tf')"
