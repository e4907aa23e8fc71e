"""`keras.optimizers.AdamW` (keras/src/optimizers/adamw.py): Adam with decoupled weight decay."""

from keraslike._src.keras.optimizers.adam import Adam


class AdamW(Adam):
    """`AdamW(learning_rate=0.001, weight_decay=0.004, ...)`: Adam with decoupled weight decay."""

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2, epsilon=epsilon,
                         amsgrad=amsgrad, name=name, weight_decay=weight_decay, **kwargs)
