"""`tf.keras.datasets`: `mnist`, `fashion_mnist`, `cifar10`, `cifar100`, `boston_housing` (`.load_data()`)."""

from keraslike._src.keras.datasets import boston_housing, cifar10, cifar100, fashion_mnist, mnist  # noqa: F401
