"""A `tf.random.Generator` held by a saved `tf.Module` (the random-numbers guide's `MyModule`).

TF saves the generator's state variable with the module, so the loaded module's stream goes on from the saving
point: the numbers drawn after loading are the ones the original drew after saving.
"""

import keraslike as tf


class MyModule(tf.Module):

    def __init__(self):
        super(MyModule, self).__init__()
        self.g = tf.random.Generator.from_seed(0)

    @tf.function
    def __call__(self):
        return self.g.normal([])

    @tf.function
    def state(self):
        return self.g.state


def test_loaded_module_continues_the_generator_stream(tmp_path):
    m = MyModule()
    m()
    filename = str(tmp_path / "saved_model")
    tf.saved_model.save(m, filename)
    saved_state = m.state().numpy()
    after_saving = [float(m()), float(m())]

    imported = tf.saved_model.load(filename)
    assert isinstance(imported.g, tf.random.Generator)
    assert imported.state().numpy().tolist() == saved_state.tolist()
    assert [float(imported()), float(imported())] == after_saving
    assert imported.state().numpy().tolist() == m.state().numpy().tolist()
    assert imported.g.algorithm == m.g.algorithm


def test_generator_in_a_list_attribute(tmp_path):
    module = tf.Module()
    module.gens = [tf.random.Generator.from_seed(7, alg="threefry")]
    tf.saved_model.save(module, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    assert loaded.gens[0].algorithm == tf.random.Algorithm.THREEFRY.value
    assert float(loaded.gens[0].normal([])) == float(module.gens[0].normal([]))
