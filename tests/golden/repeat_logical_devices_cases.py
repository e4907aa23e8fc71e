"""The steps of the repeated `set_logical_device_configuration` golden, shared by its script and its test.

Each step is (name, number of LogicalDeviceConfiguration(), memory_limit); `"init"` initialises the devices
(`list_logical_devices`). The outcome of each step is "ok" or the RuntimeError's message. (TF raises ValueError for a
CPU memory_limit and TypeError for `None`; keraslike differs there, left out of this golden.)"""

STEPS = [
    ("set_two", 2, None),
    ("same_before_init", 2, None),
    ("init", None, None),
    ("same_after_init", 2, None),
    ("three_after_init", 3, None),
    ("same_again", 2, None),
]
