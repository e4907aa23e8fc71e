"""help(MirroredStrategy) explains how the replicas start: re-run, chief prints, notebooks, torchrun."""

import pydoc

import keraslike as tf


def test_mirrored_strategy_help_explains_launching():
    text = pydoc.plain(pydoc.render_doc(tf.distribute.MirroredStrategy))
    for needed in ("re-runs", "replica 0", "Only replica 0 prints", "[replica r]", "torchrun", "notebook",
                   "notebook_launcher", "continues with 1 replica"):
        assert needed in text, needed
