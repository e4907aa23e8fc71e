"""`tf.config.optimizer`, as TF's "TensorFlow graph optimization with Grappler" guide uses it
(tensorflow.org/guide/graph_optimization): a context manager that sets options and restores the old ones.

On TF 2.21 (measured): `get_experimental_options()` starts as `{'disable_model_pruning': False,
'disable_meta_optimizer': False}`; `set_experimental_options` merges (setting `{'constant_folding': False}`
lists it first); `min_graph_nodes` is listed when non-zero; `get_jit()` is `''`, `'autoclustering'` after
`set_jit(True)` or `set_jit('autoclustering')`, `''` after `set_jit(False)`. keraslike had no `tf.config.optimizer`.
The options have no effect here (README "Accepted, no effect")."""

import contextlib

import pytest

import keraslike as tf


@contextlib.contextmanager
def options(options):
    old_opts = tf.config.optimizer.get_experimental_options()
    tf.config.optimizer.set_experimental_options(options)
    try:
        yield
    finally:
        tf.config.optimizer.set_experimental_options(old_opts)


def test_the_guides_options_context_manager():
    base = tf.config.optimizer.get_experimental_options()
    assert base == {'disable_model_pruning': False, 'disable_meta_optimizer': False}
    with options({'constant_folding': False}):
        got = tf.config.optimizer.get_experimental_options()
        assert list(got.items()) == [('constant_folding', False), ('disable_model_pruning', False),
                                     ('disable_meta_optimizer', False)]

        @tf.function
        def simple_function(input_arg):
            return tf.reduce_mean(tf.ones([3, 3]) @ tf.ones([3, 3]) + input_arg)

        assert float(simple_function(tf.constant(2.2))) == pytest.approx(5.2)
    with options({'debug_stripper': True, 'min_graph_nodes': 5}):
        got = tf.config.optimizer.get_experimental_options()
        assert got['debug_stripper'] is True and got['min_graph_nodes'] == 5
    tf.config.optimizer.set_experimental_options({'constant_folding': True, 'debug_stripper': False,
                                                   'min_graph_nodes': 0})


def test_jit_switch_and_unknown_options():
    assert tf.config.optimizer.get_jit() == ''
    tf.config.optimizer.set_jit(True)
    assert tf.config.optimizer.get_jit() == 'autoclustering'
    tf.config.optimizer.set_jit(False)
    assert tf.config.optimizer.get_jit() == ''
    with pytest.raises(ValueError, match="Received: options="):
        tf.config.optimizer.set_experimental_options({'bogus': True})
    with pytest.raises(ValueError, match="Received: enabled="):
        tf.config.optimizer.set_jit('sometimes')
