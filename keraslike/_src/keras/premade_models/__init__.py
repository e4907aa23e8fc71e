"""Keras 2's premade models (`tf.keras.experimental.LinearModel`, `WideDeepModel`); see each module."""
