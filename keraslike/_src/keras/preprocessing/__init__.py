"""The legacy `tf.keras.preprocessing` utilities TF 2.21 still exports: `sequence`, `text`, `image`."""
