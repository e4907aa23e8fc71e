"""The randomness and data position a `BackupAndRestore` backup holds, so `fit` resumes exactly mid-epoch.

A snapshot (JSON-able) has:

- the states of Python's `random`, NumPy's global RNG, torch's default CPU generator (and this process's
  GPU generator), keraslike's global `tf.random.Generator` when one was made, the Keras
  `SeedGenerator`s of the model's layers (Dropout, noise, RNN cells) and Keras's global one;
- under N replicas, every replica's own in-step stream (Dropout masks differ per replica,
  `distribute/replica_random.py`), gathered to the chief, which writes the backup;
- the data position state: the shuffle seed of `fit(x, y, shuffle=True)` arrays, the shuffle seed and pass
  count of a `PyDataset`, and the seeds and iteration counts of every `shuffle()`/sampling op of a
  `tf.data`-style `Dataset` pipeline.

`fit` keeps the snapshot taken when the current epoch began (before its data iterator was made). A mid-epoch
backup stores it with a snapshot of the moment; resuming restores the epoch's snapshot, replays the epoch's
data pipeline up to the backed-up step (the skipped batches are read and dropped, not trained on), then
restores the moment's generator states: the rest of the epoch sees the batches, and draws the random
numbers, an uninterrupted run would have.
"""

import base64
import random

import numpy as np
import torch

from keraslike._src.data.shuffle import ShuffleSeeds
from keraslike._src.keras.random import seed_generator
from keraslike._src.keras.trainers import data_adapter
from keraslike._src.ops import random_generator


def _b64(tensor):
    return base64.b64encode(tensor.cpu().numpy().tobytes()).decode("ascii")


def _tensor(text):
    return torch.from_numpy(np.frombuffer(base64.b64decode(text), dtype=np.uint8).copy())


def _model_generators(model):
    """The Keras `SeedGenerator`s of `model`'s layers (Dropout, noise, RNN cells, ...), in module order."""
    if model is None:
        return []
    found, seen = [], set()
    for module in model.modules():
        generator = module.__dict__.get("seed_generator")
        if isinstance(generator, seed_generator.SeedGenerator) and id(generator) not in seen:
            seen.add(id(generator))
            found.append(generator)
    return found


def capture_generators(strategy, model=None):
    """This process's generator states (with `model`'s Keras `SeedGenerator`s), and under replicas every replica's
    in-step stream (collective)."""
    version, internal, gauss = random.getstate()
    kind, keys, pos, has_gauss, cached = np.random.get_state()
    state = {"random": [version, list(internal), gauss],
             "numpy": [kind, keys.tolist(), int(pos), int(has_gauss), float(cached)],
             "torch": _b64(torch.get_rng_state())}
    device = getattr(strategy, "device", None)
    if device is not None and device.type == "cuda":
        state["cuda"] = _b64(torch.cuda.get_rng_state(device))
    generator = random_generator._global["generator"]
    if generator is not None:
        state["tf_global"] = [int(v) for v in generator.state.detach().reshape(-1).tolist()]
    state["keras_seed_generators"] = seed_generator.generator_states(_model_generators(model))
    if strategy is not None and strategy.num_replicas_in_sync > 1:
        state["replicas"] = _gather_replica_streams(strategy)
    return state


def _gather_replica_streams(strategy):
    stream = strategy.replica_randomness.stream_state()
    own, agreed = stream if stream is not None else (torch.zeros_like(torch.get_rng_state()),) * 2
    local = torch.stack([own, agreed]).unsqueeze(0)
    has = strategy.gather_ints(int(stream is not None))
    blocks = strategy.gather_rows(local, 1)
    return [[_b64(block[0, 0]), _b64(block[0, 1])] if flag else None for block, flag in zip(blocks, has)]


def restore_generators(state, strategy, model=None):
    """Set the generators to a `capture_generators` state (each replica takes its own in-step stream)."""
    version, internal, gauss = state["random"]
    random.setstate((version, tuple(internal), gauss))
    kind, keys, pos, has_gauss, cached = state["numpy"]
    np.random.set_state((kind, np.asarray(keys, dtype=np.uint32), pos, has_gauss, cached))
    torch.set_rng_state(_tensor(state["torch"]))
    device = getattr(strategy, "device", None)
    if "cuda" in state and device is not None and device.type == "cuda":
        torch.cuda.set_rng_state(_tensor(state["cuda"]), device)
    if "tf_global" in state:
        random_generator.get_global_generator().reset(
            torch.tensor(state["tf_global"], dtype=torch.int64))
    if "keras_seed_generators" in state:
        seed_generator.restore_generator_states(_model_generators(model), state["keras_seed_generators"])
    replicas = state.get("replicas")
    if replicas and strategy is not None and strategy.num_replicas_in_sync == len(replicas):
        mine = replicas[strategy.rank]
        strategy.replica_randomness.set_stream_state(None if mine is None else (_tensor(mine[0]), _tensor(mine[1])))


def _pipeline_objects(root):
    """Every stateful shuffle of a data pipeline, in a fixed (depth-first) order."""
    found, seen, stack = [], set(), [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (ShuffleSeeds, data_adapter._Passes)):
            found.append(obj)
            if isinstance(obj, ShuffleSeeds):
                continue
        if isinstance(obj, (list, tuple)):
            stack.extend(reversed(obj))
        elif isinstance(obj, dict):
            stack.extend(reversed(list(obj.values())))
        elif type(obj).__module__.startswith("keraslike._src.data") or isinstance(obj, data_adapter._Passes):
            stack.extend(reversed(list(vars(obj).values())) if hasattr(obj, "__dict__") else [])
    return found


def capture_data(adapter):
    """The data position state of a fit adapter (JSON-able)."""
    if isinstance(adapter, data_adapter.ArrayDataAdapter):
        return {"array_seed": int(adapter._seed)}
    state = []
    for obj in _pipeline_objects(getattr(adapter, "data", None)):
        if isinstance(obj, ShuffleSeeds):
            state.append(["shuffle", int(obj._base), int(obj._epoch)])
        else:
            state.append(["passes", obj.seed, int(obj.passes)])
    return {"pipeline": state}


def restore_data(adapter, state):
    """Put an adapter's data position state back (a pipeline of another structure is left as it is)."""
    if "array_seed" in state and isinstance(adapter, data_adapter.ArrayDataAdapter):
        adapter._seed = int(state["array_seed"])
        return
    saved = state.get("pipeline")
    objects = _pipeline_objects(getattr(adapter, "data", None))
    if saved is None or len(saved) != len(objects):
        return
    for obj, (kind, a, b) in zip(objects, saved):
        if kind == "shuffle" and isinstance(obj, ShuffleSeeds):
            obj._base, obj._epoch = a, b
        elif kind == "passes" and isinstance(obj, data_adapter._Passes):
            obj.seed, obj.passes = a, b


def capture(adapter, strategy, model=None):
    """Generators (with `model`'s `SeedGenerator`s) and data position now."""
    return {"generators": capture_generators(strategy, model), "data": capture_data(adapter)}


def restore(state, adapter, strategy, model=None):
    """Put back a `capture` (None: nothing to restore)."""
    if state is None:
        return
    restore_data(adapter, state["data"])
    restore_generators(state["generators"], strategy, model)
