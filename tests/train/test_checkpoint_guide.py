"""TF's "Training checkpoints" guide (tensorflow.org/guide/checkpoint), run with only the import changed: a
subclassed Keras model, an Adam optimizer and a dataset iterator in a Checkpoint under a CheckpointManager,
restoring and continuing training, the loading mechanics (restoring through stand-in Checkpoints, restore on
assignment), `tf.train.load_checkpoint`, and list/dict tracking."""

import shutil

import numpy as np

import keraslike as tf


class Net(tf.keras.Model):
    """A simple linear model."""

    def __init__(self):
        super().__init__()
        self.l1 = tf.keras.layers.Dense(5)

    def call(self, x):
        return self.l1(x)


def toy_dataset():
    inputs = tf.range(10.)[:, None]
    labels = inputs * 5. + tf.range(5.)[None, :]
    return tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)


def train_step(net, example, optimizer):
    """Trains `net` on `example` using `optimizer`."""
    with tf.GradientTape() as tape:
        output = net(example['x'])
        loss = tf.reduce_mean(tf.abs(output - example['y']))
    variables = net.trainable_variables
    gradients = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(gradients, variables))
    return loss


def train_and_checkpoint(net, manager, ckpt, optimizer, iterator, log):
    ckpt.restore(manager.latest_checkpoint)
    log.append("restored" if manager.latest_checkpoint else "scratch")
    for _ in range(50):
        example = next(iterator)
        loss = train_step(net, example, optimizer)
        ckpt.step.assign_add(1)
        if int(ckpt.step) % 10 == 0:
            manager.save()
            log.append(float(loss.numpy()))


def test_the_checkpoint_guide_runs(tmp_path):
    directory = str(tmp_path / "tf_ckpts")
    net = Net()
    net.save_weights(str(tmp_path / "easy_checkpoint"))
    opt = tf.keras.optimizers.Adam(0.1)
    dataset = toy_dataset()
    iterator = iter(dataset)
    ckpt = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt, net=net, iterator=iterator)
    manager = tf.train.CheckpointManager(ckpt, directory, max_to_keep=3)
    log = []
    train_and_checkpoint(net, manager, ckpt, opt, iterator, log)
    assert log[0] == "scratch" and len(log) == 6

    # a fresh program continues from the latest checkpoint: same weights, optimizer slots and data position
    opt2 = tf.keras.optimizers.Adam(0.1)
    net2 = Net()
    iterator2 = iter(toy_dataset())
    ckpt2 = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt2, net=net2, iterator=iterator2)
    copy = str(tmp_path / "copy")
    shutil.copytree(directory, copy)  # the second program's own directory, holding the first run's checkpoints
    manager2 = tf.train.CheckpointManager(ckpt2, copy, max_to_keep=3)
    log2 = []
    train_and_checkpoint(net, manager, ckpt, opt, iterator, log)
    train_and_checkpoint(net2, manager2, ckpt2, opt2, iterator2, log2)
    assert log2[0] == "restored" and int(ckpt2.step) == int(ckpt.step)
    # net continued in this process; net2 restored net's state at step 51 and trained the same 50 steps
    for a, b in zip(net.get_weights(), net2.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)
    assert [p.rsplit("/", 1)[-1] for p in manager.checkpoints] == ["ckpt-8", "ckpt-9", "ckpt-10"]

    # loading mechanics: stand-in Checkpoints reach net/l1/bias
    to_restore = tf.Variable(tf.zeros([5]))
    fake_layer = tf.train.Checkpoint(bias=to_restore)
    fake_net = tf.train.Checkpoint(l1=fake_layer)
    new_root = tf.train.Checkpoint(net=fake_net)
    status = new_root.restore(tf.train.latest_checkpoint(directory))
    np.testing.assert_allclose(to_restore.numpy(), net.l1.bias.numpy())
    status.assert_existing_objects_matched()
    deferred_restore = tf.Variable(tf.zeros([1, 5]))
    fake_layer.kernel = deferred_restore  # restored on assignment, as in TF
    np.testing.assert_allclose(deferred_restore.numpy(), net.l1.kernel.numpy())

    reader = tf.train.load_checkpoint(directory)
    shape_from_key = reader.get_variable_to_shape_map()
    key = 'net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE'
    assert shape_from_key[key] == [1, 5]
    np.testing.assert_allclose(reader.get_tensor(key), net.l1.kernel.numpy())
    assert 'optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE' in shape_from_key

    # list and dictionary tracking
    save = tf.train.Checkpoint()
    save.listed = [tf.Variable(1.)]
    save.listed.append(tf.Variable(2.))
    save.mapped = {'one': save.listed[0]}
    save.mapped['two'] = save.listed[1]
    save_path = save.save(str(tmp_path / "tf_list_example"))
    restore = tf.train.Checkpoint()
    v2 = tf.Variable(0.)
    restore.mapped = {'two': v2}
    restore.restore(save_path)
    assert 2. == v2.numpy()
    restore.listed = []
    v1 = tf.Variable(0.)
    restore.listed.append(v1)  # Restores v1, from restore() in the previous cell
    assert 1. == v1.numpy()
