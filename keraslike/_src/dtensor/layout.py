"""`dtensor.Layout`: how each axis of a tensor is split over a mesh's dimensions.

Mirrors `tensorflow/dtensor/python/layout.py` (`Layout`): one sharding spec per tensor axis, a mesh dimension
name (the axis is split over that dimension's devices) or `UNSHARDED` (every device holds the whole axis).
"""

from keraslike._src.dtensor.mesh import Mesh

UNSHARDED = "unsharded"
MATCH = "match"


class Layout:
    """`Layout(sharding_specs, mesh)`.

    Raises:
        ValueError: a spec that names no dimension of `mesh`, or a mesh dimension used twice.
    """

    def __init__(self, sharding_specs, mesh):
        if not isinstance(mesh, Mesh):
            raise ValueError(f"Expected a dtensor.Mesh. Received: mesh={mesh!r}")
        specs = [str(s) for s in sharding_specs]
        for spec in specs:
            if spec not in (UNSHARDED, MATCH) and spec not in mesh.dim_names:
                raise ValueError(f"Expected sharding specs among the mesh's dimensions {mesh.dim_names} or "
                                 f"'{UNSHARDED}'. Received: {spec!r}")
        used = [s for s in specs if s not in (UNSHARDED, MATCH)]
        if len(set(used)) != len(used):
            raise ValueError(f"A mesh dimension can shard one tensor axis only. Received: sharding_specs={specs}")
        self._specs, self._mesh = specs, mesh

    sharding_specs = property(lambda self: list(self._specs), doc="One spec per tensor axis.")
    mesh = property(lambda self: self._mesh, doc="The layout's mesh.")
    rank = property(lambda self: len(self._specs), doc="The tensor's rank.")
    shape = property(lambda self: self._mesh.shape(), doc="The mesh's shape (TF's `Layout.shape`).")

    @classmethod
    def replicated(cls, mesh, rank):
        """Every device holds the whole tensor."""
        return cls([UNSHARDED] * rank, mesh)

    @classmethod
    def batch_sharded(cls, mesh, batch_dim, rank, axis=0):
        """The `axis`-th axis split over `batch_dim`, the others whole."""
        specs = [UNSHARDED] * rank
        specs[axis] = batch_dim
        return cls(specs, mesh)

    @classmethod
    def inner_sharded(cls, mesh, inner_dim, rank):
        """The last axis split over `inner_dim`."""
        return cls.batch_sharded(mesh, inner_dim, rank, axis=rank - 1)

    def delete(self, dims):
        """The layout without the axes `dims`."""
        drop = {d % self.rank for d in dims}
        return Layout([s for i, s in enumerate(self._specs) if i not in drop], self._mesh)

    def num_shards(self, idx):
        """How many pieces axis `idx` is split into."""
        spec = self._specs[idx]
        return 1 if spec in (UNSHARDED, MATCH) else self._mesh.dim_size(spec)

    def is_fully_replicated(self):
        return all(s == UNSHARDED for s in self._specs)

    def offset_to_shard(self):
        return [self.num_shards(i) for i in range(self.rank)]

    def to_string(self):
        return f"sharding_specs:{','.join(self._specs)}{',' if self._specs else ''} mesh:{self._mesh.to_string()}"

    def __str__(self):
        return f"Layout.from_string({self.to_string()})"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Layout) and self._specs == other._specs and self._mesh == other._mesh

    def __hash__(self):
        return hash(self.to_string())
