"""models/: parameter counts against the published figures, and training under MirroredStrategy.

Counts use `count_params()` on built models; no test runs a forward pass on a batch of 224x224 images
(building a functional model traces each layer once on a single zero example).
"""

import json
import math

import pytest

import models
from tests.conftest import in_turn


def _trainable(model):
    return sum(w.numel() for w in model.trainable_weights)


@pytest.mark.parametrize("builder, shape, expected", [
    (models.build_mlp, (784,), 669_706),             # Keras mnist_mlp example
    (models.build_lenet5, (32, 32, 1), 61_706),      # LeNet-5 with a fully connected C3
    (models.build_lenet5, (28, 28, 1), 61_706),
])
def test_small_model_counts(builder, shape, expected):
    assert builder(shape, 10).count_params() == expected


def test_resnet50_matches_keras_applications():
    model = models.build_resnet50((32, 32, 3), 1000)   # global pooling: the count does not depend on the size
    assert model.count_params() == 25_636_712
    assert _trainable(model) == 25_583_592


@pytest.mark.parametrize("builder, expected", [
    (models.build_resnet18, 11_689_512), (models.build_resnet34, 21_797_672), (models.build_resnet50, 25_557_032),
])
def test_resnets_without_conv_bias_match_the_paper_and_torchvision(builder, expected):
    assert _trainable(builder((32, 32, 3), 1000, use_bias=False)) == expected


def test_resnet_cifar_stem_keeps_resolution():
    import torch

    cifar = models.build_resnet18((32, 32, 3), 10, stem="cifar", width=1 / 8)
    assert tuple(cifar.get_layer("conv1_conv").kernel.shape) == (3, 3, 3, 8)
    assert "pool1_pool" not in [layer.name for layer in cifar.layers]
    assert tuple(cifar(torch.zeros(2, 32, 32, 3)).shape) == (2, 10)
    imagenet = models.build_resnet18((32, 32, 3), 10, width=1 / 8)
    assert tuple(imagenet.get_layer("conv1_conv").kernel.shape) == (7, 7, 3, 8)
    with pytest.raises(ValueError, match="stem"):
        models.build_resnet18((32, 32, 3), 10, stem="tiny")


def test_googlenet_count():
    # Table 1 of the paper lists rounded per-layer figures summing to ~6.8M; the exact count with biases:
    model = models.build_googlenet((32, 32, 3), 1000)
    assert model.count_params() == 6_998_552
    assert math.isclose(model.count_params(), 6_797_700, rel_tol=0.03)


def test_alexnet_count():
    assert models.build_alexnet((227, 227, 3), 1000).count_params() == 62_378_344


@pytest.mark.parametrize("builder, expected", [(models.build_vgg11, 132_863_336), (models.build_vgg16, 138_357_544)])
def test_vgg_counts(builder, expected):
    assert builder((224, 224, 3), 1000).count_params() == expected


def test_builders_check_arguments():
    with pytest.raises(ValueError, match="num_classes"):
        models.build_mlp((4,), 0)
    with pytest.raises(ValueError, match="67x67"):
        models.build_alexnet((32, 32, 3), 10)
    with pytest.raises(ValueError, match="rank >= 3"):
        models.build_vgg16((32,), 10)


@pytest.mark.slow
@pytest.mark.timeout(900)  # waits for its in-turn group
def test_every_model_trains_under_mirrored_strategy(tmp_path_factory):
    proc, tmp_path = in_turn(tmp_path_factory, "keras_two_replicas")["models"]  # tests/conftest.py IN_TURN
    assert proc.returncode == 0, proc.stderr[-3000:]
    rank0 = json.loads((tmp_path / "models.rank0.json").read_text())
    rank1 = json.loads((tmp_path / "models.rank1.json").read_text())
    assert rank0["replicas"] == 2
    names = [k for k in rank0 if k != "replicas"]
    assert len(names) == 10
    for name in names:
        assert all(math.isfinite(v) for v in rank0[name]["loss"]), name
        assert rank0[name]["loss"] == rank1[name]["loss"], name
        assert rank0[name]["checksum"] == pytest.approx(rank1[name]["checksum"], rel=1e-6), name
