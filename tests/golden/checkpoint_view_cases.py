"""Cases shared by `make_checkpoint_view_golden.py` (real TF 2.21) and tests/train/test_checkpoint_view.py
(keraslike): a tf.Module tree (attributes set out of name order, a list, a variable reached twice) saved
with `tf.train.Checkpoint(root)`, read back with `tf.train.CheckpointView`, matched against another tree, and
walked with `tf.train.TrackableView`. `run(tf, folder)` gives plain data: live objects by kind ("module",
"variable <value>", "list" for TF's ListWrapper)."""


def _kind(obj):
    name = type(obj).__name__
    if "Variable" in name:
        return f"variable {float(obj.numpy())}"
    if name in ("ListWrapper", "list"):
        return "list"
    return "module"


def run(tf, folder):
    class SimpleModule(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.z_var = tf.Variable(5.0)
            self.b_var = tf.Variable(4.0)
            self.vars = [tf.Variable(1.0), tf.Variable(2.0)]

    root = SimpleModule(name="root")
    leaf = root.leaf = SimpleModule(name="leaf")
    leaf.leaf3 = tf.Variable(6.0)
    leaf.a_leaf4 = tf.Variable(7.0)
    root.again = leaf.leaf3
    view = tf.train.CheckpointView(tf.train.Checkpoint(root).save(folder + "/ckpt"))
    other = SimpleModule(name="other")
    other.leaf2 = SimpleModule(name="leaf2")
    other.again = tf.Variable(8.0)
    matched, only_saved, only_live = view.diff(other)
    trackables = tf.train.TrackableView(root)
    return {
        "children": [view.children(i) for i in range(len(view.descendants()))],
        "descendants": view.descendants(),
        "match": {str(k): _kind(v) for k, v in view.match(other).items()},
        "match_self": {str(k): _kind(v) for k, v in view.match(root).items()},
        "diff": [{str(k): _kind(v) for k, v in matched.items()}, only_saved, [_kind(v) for v in only_live]],
        "trackable_children": {k: _kind(v) for k, v in trackables.children(root).items()},
        "trackable_descendants": [_kind(v) for v in trackables.descendants()],
    }
