"""Run each example briefly (`--quick`, as its docstring says) as a real process and check what it prints.

Every example run is marked slow; the module's runs start together (2 at a time) in the `examples`
fixture and each test reads its example's output. The seed examples have their own tests (tests/examples/).
"""

import importlib.util
import os

import pytest

from tests.conftest import REPO, start_scripts


# The slow examples, in the order the tests read them (a test waits only for the runs before its own):
# {example: (package it needs or None, arguments beyond --quick)}. `examples` starts them, 2 at a time.
SLOW_EXAMPLES = {
    "one_device_strategy.py": (None, []), "model_parallel.py": (None, []), "mixed_precision.py": (None, []),
    "custom_loop_mirrored.py": (None, []), "distribute_datasets_from_function.py": (None, []),
    "multi_worker_tf_config.py": (None, []), "resnet_cifar_synthetic.py": (None, []),
    "torchvision_bridge.py": ("torchvision", ["--replicas", "1"]), "digits_mirrored.py": (None, []),
    "tf_guides_basics.py": (None, []), "tf_guides_custom_training_summaries.py": ("tensorboard", []),
    "tf_guides_strings.py": (None, []), "tf_tfrecord_walkthrough.py": (None, []),
    "text_classification.py": (None, ["--data-dir", "reviews"]),
    "image_classification_from_directory.py": (None, ["--data-dir", "digits"]), "tf1_mnist_graph.py": (None, []),
}


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    """{example: StartedScript} of every slow example (an optional one only when its package is installed), and
    the folder their `--data-dir`s are in."""
    base = tmp_path_factory.mktemp("examples")
    runs = {name: [REPO / "examples" / name, "--quick", *([args[0], str(base / args[1])] if args[:1] == [
        "--data-dir"] else args)] for name, (package, args) in SLOW_EXAMPLES.items()
        if package is None or importlib.util.find_spec(package) is not None}
    jobs = start_scripts(runs, limit=2)
    yield jobs, base
    for job in jobs.values():
        job.stop()


def run_example(examples, name):
    result = examples[0][name].result()
    assert result.returncode == 0, f"stdout:\n{result.stdout[-2000:]}\nstderr:\n{result.stderr[-3000:]}"
    return result.stdout, result.stderr


@pytest.mark.slow
def test_one_device_strategy(examples):
    out, err = run_example(examples, "one_device_strategy.py")
    assert "Number of devices: 1" in out and "fit: test accuracy" in out
    assert "custom loop: 24 steps" in out


@pytest.mark.slow
def test_model_parallel_places_halves_under_device_scopes(examples):
    out, err = run_example(examples, "model_parallel.py")
    assert "part1 weights on:" in out and "part2 weights on:" in out and "final accuracy:" in out
    if "part1 weights on: cpu" in out:   # CPU-only machine: soft placement warned about the GPUs
        assert "Device '/device:GPU:1' does not exist" in err


@pytest.mark.slow
def test_mixed_precision(examples):
    out, _ = run_example(examples, "mixed_precision.py")
    assert "final accuracy:" in out
    assert "Compute dtype:" in out or "torch.autocast" in out


@pytest.mark.slow
def test_custom_loop_mirrored(examples):
    out, _ = run_example(examples, "custom_loop_mirrored.py")
    assert "Number of devices: 2" in out
    epochs = [line for line in out.splitlines() if line.startswith("Epoch ")]
    assert len(epochs) == 2
    assert float(epochs[-1].split("Test Accuracy: ")[1]) > 50.0


@pytest.mark.slow
def test_distribute_datasets_from_function(examples):
    out, _ = run_example(examples, "distribute_datasets_from_function.py")
    assert "per-replica batch 32 of a global 64" in out
    assert out.count("Epoch ") == 2


@pytest.mark.slow
def test_multi_worker_tf_config_starts_two_workers(examples):
    out, _ = run_example(examples, "multi_worker_tf_config.py")
    assert out.count("starting worker") == 2
    finals = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("worker worker:")]
    assert len(finals) == 2 and finals[0] == finals[1], out    # same loss and accuracy on both workers


@pytest.mark.slow
def test_resnet_cifar_synthetic(examples):
    out, _ = run_example(examples, "resnet_cifar_synthetic.py")
    assert "Number of devices: 2" in out and "ResNet-18 (width 0.125)" in out and "Test accuracy:" in out


@pytest.mark.slow
def test_torchvision_bridge(examples):
    pytest.importorskip("torchvision")
    out, _ = run_example(examples, "torchvision_bridge.py")
    assert "torchvision resnet18 as a Keras layer: 62 trainable weights" in out
    assert "keras model in a torch loop" in out and "'hidden.kernel'" in out


@pytest.mark.slow
def test_main_job_digits_mirrored_short(examples):
    out, _ = run_example(examples, "digits_mirrored.py")
    assert "Number of devices: 2" in out and "Test accuracy:" in out and out.count("Epoch ") == 2


def test_every_example_documents_its_command_quick_flag_and_output():
    for path in sorted((REPO / "examples").glob("*.py")):
        text = path.read_text()
        assert text.lstrip().startswith('"""'), path.name
        doc = text.split('"""')[1]
        assert f"python examples/{path.name}" in doc, path.name
        assert f"python examples/{path.name} --quick" in doc, path.name
        assert '"--quick"' in text, path.name                  # argparse takes it
        assert "Expected output" in doc, path.name
        if path.name.startswith("seed_"):
            assert "Seed document: `shared/seeds/" in doc, path.name
    assert os.path.exists(REPO / "examples" / "multi_worker_tf_config.py")


@pytest.mark.slow
def test_tf_guides_basics_prints_what_its_docstring_says(examples):
    """The expected output in the docstring is what real TF 2.21 prints for the same script."""
    out, _ = run_example(examples, "tf_guides_basics.py")
    doc = (REPO / "examples" / "tf_guides_basics.py").read_text().split("Expected output:\n", 1)[1].split('"""')[0]
    expected = [line.strip() for line in doc.strip().splitlines()]
    assert [line.strip() for line in out.strip().splitlines()] == expected


@pytest.mark.slow
def test_tf_guides_custom_training_summaries_prints_what_its_docstring_says(examples):
    """Metrics as real TF 2.21 prints them; the event files it wrote are read back by TensorBoard's reader."""
    pytest.importorskip("tensorboard")
    out, _ = run_example(examples, "tf_guides_custom_training_summaries.py")
    text = (REPO / "examples" / "tf_guides_custom_training_summaries.py").read_text()
    expected = [line.strip() for line in text.split("Expected output:\n", 1)[1].split('"""')[0].strip().splitlines()]
    assert [line.strip() for line in out.strip().splitlines()] == expected


@pytest.mark.slow
def test_tf_guides_strings_prints_what_its_docstring_says(examples):
    """Unicode strings, ragged tensors, tf.data text and lookup tables: the docstring is real TF 2.21's output."""
    out, _ = run_example(examples, "tf_guides_strings.py")
    text = (REPO / "examples" / "tf_guides_strings.py").read_text()
    doc = text.split("Expected output:\n", 1)[1].split('"""')[0].replace("\\\\", "\\")  # the docstring's \\ is \
    assert [line.strip() for line in out.strip().splitlines()] == [line.strip() for line in doc.strip().splitlines()]


@pytest.mark.slow
def test_tf_tfrecord_walkthrough_prints_what_its_docstring_says(examples):
    """TFRecord / tf.train.Example walkthrough: the docstring's lines are what real TF 2.21 prints for it."""
    out, _ = run_example(examples, "tf_tfrecord_walkthrough.py")
    text = (REPO / "examples" / "tf_tfrecord_walkthrough.py").read_text()
    expected = [line.strip() for line in text.split("Expected output:\n", 1)[1].split('"""')[0].strip().splitlines()]
    assert [line.strip() for line in out.strip().splitlines()] == expected


@pytest.mark.slow
def test_text_classification(examples):
    out, _ = run_example(examples, "text_classification.py")
    assert "Found 600 files belonging to 2 classes." in out and "Using 120 files for validation." in out
    assert "Number of devices: 2" in out and out.count("Epoch ") == 3
    raw = float(out.split("Export model accuracy on raw texts: ")[1].split()[0])
    ids = float(out.split("Model accuracy on token ids: ")[1].split()[0])
    assert raw == ids and raw > 0.8  # raw string batches split across replicas = the vectorized path; chance 0.5
    positive = float(out.split("wonderful film.' -> ")[1].split()[0])
    negative = float(out.split("A waste.' -> ")[1].split()[0])
    assert positive > negative


@pytest.mark.slow
def test_image_classification_from_directory(examples):
    out, _ = run_example(examples, "image_classification_from_directory.py")
    assert "Found 1797 files belonging to 10 classes." in out and "Using 359 files for validation." in out
    assert "Number of devices: 2" in out and out.count("Epoch ") == 2
    assert len(list((examples[1] / "digits").glob("*/*.png"))) == 1797
    accuracy = float(out.split("Validation accuracy: ")[1].split()[0])
    assert accuracy > 0.6  # about 0.9 after 2 epochs; chance is 0.1


@pytest.mark.slow
def test_tf1_mnist_graph_trains_saves_and_restores(examples):
    out, _ = run_example(examples, "tf1_mnist_graph.py")
    steps = [line for line in out.splitlines() if line.startswith("step ")]
    assert [line.split(":")[0] for line in steps] == ["step 12", "step 24"]
    restored = [line for line in out.splitlines() if line.startswith("restored step 24: test accuracy ")]
    assert restored and restored[0].split()[-1] == steps[-1].split()[-1]  # the checkpoint holds the weights
    assert float(steps[-1].split()[-1]) > 0.5
