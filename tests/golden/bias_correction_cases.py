"""Cases shared by make_bias_correction_golden.py (TF 2.21) and test_bias_correction_float32.py (keraslike)."""

INITIAL = [0.01, -0.02, 0.003, 0.25]
GRADS = [[0.5, -0.25, 1.5, 0.01], [0.4, 0.3, -1.0, 0.02], [-0.2, 0.1, 0.7, 0.03]]
CASES = {
    "adam": ("Adam", {"learning_rate": 0.1}),
    "adam_amsgrad": ("Adam", {"learning_rate": 0.1, "amsgrad": True}),
    "adam_betas": ("Adam", {"learning_rate": 0.05, "beta_1": 0.8, "beta_2": 0.99}),
    "adamw": ("AdamW", {"learning_rate": 0.1, "weight_decay": 0.01}),
    "adamax": ("Adamax", {"learning_rate": 0.1}),
}
