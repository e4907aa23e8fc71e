"""Keras 3 `model.export` and `keras.layers.TFSMLayer` over keraslike's SavedModel format."""
