{
 "format": "keraslike.MetaGraphDef",
 "version": 1,
 "tensorflow_version": "2.21.0",
 "tags": [],
 "ops": [
  {
   "kind": "call",
   "name": "v/Const",
   "type": "Const",
   "device": "",
   "control": [],
   "function": {
    "module": "keraslike._src.ops.conversion",
    "name": "convert_to_tensor"
   },
   "args": {
    "list": [
     3.0
    ]
   },
   "kwargs": {
    "dict": [
     [
      "dtype",
      null
     ]
    ]
   },
   "outputs": [
    [
     "float32",
     []
    ]
   ]
  },
  {
   "kind": "variable",
   "name": "v",
   "type": "VariableV2",
   "device": "",
   "control": [],
   "dtype": "float32",
   "shape": [],
   "trainable": true,
   "validate_shape": true,
   "initial_value": "v/Const:0",
   "initializer": "v/Assign"
  },
  {
   "kind": "assign",
   "name": "v/Assign",
   "type": "Assign",
   "device": "",
   "control": [],
   "mode": "Assign",
   "variable": "v:0",
   "value": "v/Const:0"
  }
 ],
 "collections": {
  "variables": [
   {
    "variable": "v:0"
   }
  ],
  "trainable_variables": [
   {
    "variable": "v:0"
   }
  ]
 },
 "saver": {
  "variables": {
   "v": "v:0"
  },
  "max_to_keep": 5
 }
}