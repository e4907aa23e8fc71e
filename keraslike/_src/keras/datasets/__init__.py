"""`keras.datasets`: the standard small datasets, read from the Keras cache (keras/src/datasets/)."""

from keraslike._src.keras.datasets import (  # noqa: F401
    boston_housing, california_housing, cifar10, cifar100, fashion_mnist, mnist,
)
