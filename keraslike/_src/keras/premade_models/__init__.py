"""tf_keras's premade models (`tf.keras.experimental.LinearModel`, `WideDeepModel`), kept in both modes."""
