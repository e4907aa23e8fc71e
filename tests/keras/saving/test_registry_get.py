"""Every namespace's `get` resolves names, configs, classes, instances and callables as Keras 3.15 does
(`tests/golden/registry_get.json`, every name of Keras's own tables and more), through the one registry
(`saving/namespace_lookup.py`), except the differences listed here, each pinned to what keraslike returns so a
change to either side shows up.

Before this test: `initializers.get` refused Keras's aliases `"zero"`, `"one"`, `"IdentityInitializer"`,
`"OrthogonalInitializer"`, `"STFTInitializer"` and a config dict under a snake-case name (`{"class_name": "ones"}`);
`regularizers.get("l1l2")` raised; `activations.get` refused Keras's function config dict, and
`activations.deserialize({"class_name": "relu", "config": {}})` returned `linear`.
"""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import registry_get_cases  # noqa: E402

GOLD = json.loads((GOLDEN_DIR / "registry_get.json").read_text())

DIFFERENCES = {
    # (`compile`'s own resolution, `to_loss`/`to_metric`, wraps callables, refuses None and picks the accuracy
    # for "accuracy"/"acc": tests/keras/losses and tests/keras/metrics.)
    # Names Keras 3.15's `get` refuses that keraslike takes (Keras 2's names, classes Keras publishes).
    "initializers/name Constant": "Constant", "initializers/name constant": "Constant",
    "losses/name categorical_generalized_cross_entropy": "fn categorical_generalized_cross_entropy",
    "losses/name huber_loss": "fn huber", "losses/name kullback_leibler_divergence": "fn kl_divergence",
    "losses/name logcosh": "fn log_cosh", "metrics/name kld": "KLDivergence", "metrics/name log_cosh": "LogCoshError",
    "metrics/name logcosh": "LogCoshError", "optimizers/class": "Adam", "optimizers/name Lamb": "Lamb",
    "optimizers/name lamb": "Lamb", "regularizers/name l1_l2": "L1L2",
    # Base classes and wrappers: a did-you-mean ValueError, where Keras builds an abstract base or fails otherwise.
    **{case: "raises ValueError" for case in (
        "constraints/name Constraint", "constraints/name constraint", "initializers/name Initializer",
        "initializers/name initializer", "losses/name Loss", "losses/name LossFunctionWrapper",
        "metrics/name MeanMetricWrapper", "metrics/name Metric", "metrics/name mean_metric_wrapper",
        "metrics/name metric", "optimizers/name Optimizer", "optimizers/name lossscaleoptimizer",
        "optimizers/name multioptimizer", "optimizers/name optimizer", "optimizers/name optimizermap",
        "regularizers/name Regularizer", "regularizers/name regularizer")},
}


@pytest.mark.parametrize("namespace", registry_get_cases.NAMESPACES)
def test_get_resolves_as_keras(namespace):
    mine = {case: result for case, result in registry_get_cases.run(tf.keras).items()
            if case.startswith(namespace + "/")}
    expected = {case: DIFFERENCES.get(case, result) for case, result in GOLD.items()
                if case.startswith(namespace + "/")}
    assert mine == expected


def test_the_differences_are_still_differences():
    """A difference fixed on either side must leave the list."""
    assert all(GOLD[case] != result for case, result in DIFFERENCES.items())


def test_typos_name_the_closest_and_end_keras_style():
    for module, typo, near in ((tf.keras.activations, "relux", "'relu'"), (tf.keras.initializers, "glorot_unifrom",
                               "'glorot_uniform'"), (tf.keras.losses, "mean_sqared_error", "'mean_squared_error'"),
                               (tf.keras.metrics, "accuarcy", "'accuracy'"), (tf.keras.optimizers, "adma", "'adam'"),
                               (tf.keras.regularizers, "l_2", "'l2'"), (tf.keras.constraints, "nonneg", "'non_neg'")):
        with pytest.raises(ValueError, match=f"Did you mean .*{near}.*Received: .*={typo!r}"):
            module.get(typo)


def test_activation_config_without_a_function_name_raises():
    """It read as None and gave `linear` before."""
    with pytest.raises(TypeError, match="Received: config="):
        tf.keras.activations.deserialize({"class_name": "relu", "config": {}})
    legacy = {"class_name": "relu", "config": {"name": "relu"}}
    assert tf.keras.activations.deserialize(legacy) is tf.keras.activations.relu


def test_schedules_resolve_registered_classes():
    @tf.keras.saving.register_keras_serializable(package="registry_test")
    class Halving(tf.keras.optimizers.schedules.LearningRateSchedule):
        def __call__(self, step):
            return 0.5

        def get_config(self):
            return {}

    config = tf.keras.optimizers.schedules.serialize(Halving())
    assert config["registered_name"] == "registry_test>Halving"
    assert type(tf.keras.optimizers.schedules.deserialize(config)) is Halving
    builtin = tf.keras.optimizers.schedules.serialize(tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9))
    assert (builtin["module"], builtin["registered_name"]) == ("keras.optimizers.schedules", None)
