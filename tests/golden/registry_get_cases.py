"""What each Keras namespace's `get` returns for strings (every name Keras's table holds, other cases, typos),
config dicts, classes, instances, callables, None and non-strings; shared by `make_registry_get_golden.py` (real
Keras 3.15, TF 2.21's) and `tests/keras/saving/test_registry_get.py`.

`run(keras)` -> {"<namespace>/<case>": a description of the result}: `"class X"`, `"fn name"` (a function),
`"X"` (an instance of class X), `"None"`, or `"raises <ExceptionType>"`.
"""

import numpy as np

NAMESPACES = ("activations", "constraints", "initializers", "losses", "metrics", "optimizers", "regularizers")

# Every name of Keras 3.15's `<namespace>.ALL_OBJECTS_DICT` (read once by hand from keras/src/*/__init__.py).
NAMES = {
    "activations": (
        "celu elu exponential gelu glu hard_shrink hard_sigmoid hard_silu hard_swish hard_tanh leaky_relu linear "
        "log_sigmoid log_softmax mish relu relu6 selu sigmoid silu soft_shrink softmax softplus softsign sparse_plus "
        "sparse_sigmoid sparsemax squareplus swish tanh tanh_shrink threshold"),
    "constraints": "Constraint MaxNorm MinMaxNorm NonNeg UnitNorm constraint max_norm min_max_norm non_neg unit_norm",
    "initializers": (
        "Constant GlorotNormal GlorotUniform HeNormal HeUniform Identity IdentityInitializer Initializer LecunNormal "
        "LecunUniform Ones Orthogonal OrthogonalInitializer RandomNormal RandomUniform STFT STFTInitializer "
        "TruncatedNormal VarianceScaling Zeros constant glorot_normal glorot_uniform he_normal he_uniform identity "
        "initializer lecun_normal lecun_uniform normal one ones orthogonal random_normal random_uniform stft "
        "truncated_normal uniform variance_scaling zero zeros"),
    "losses": (
        "BCE BinaryCrossentropy BinaryFocalCrossentropy CTC CategoricalCrossentropy CategoricalFocalCrossentropy "
        "CategoricalHinge Circle CosineSimilarity Dice Hinge Huber KLD KLDivergence LogCosh Loss LossFunctionWrapper "
        "MAE MAPE MSE MSLE MeanAbsoluteError MeanAbsolutePercentageError MeanSquaredError MeanSquaredLogarithmicError "
        "Poisson SparseCategoricalCrossentropy SquaredHinge Tversky bce binary_crossentropy binary_focal_crossentropy "
        "categorical_crossentropy categorical_focal_crossentropy categorical_hinge circle cosine_similarity ctc dice "
        "hinge huber kl_divergence kld log_cosh mae mape mean_absolute_error mean_absolute_percentage_error "
        "mean_squared_error mean_squared_logarithmic_error mse msle poisson sparse_categorical_crossentropy "
        "squared_hinge tversky"),
    "metrics": (
        "AUC Accuracy BCE BinaryAccuracy BinaryCrossentropy BinaryIoU CategoricalAccuracy CategoricalCrossentropy "
        "CategoricalHinge ConcordanceCorrelation CosineSimilarity F1Score FBetaScore FalseNegatives FalsePositives "
        "Hinge IoU KLDivergence LogCoshError MAE MAPE MSE MSLE Mean MeanAbsoluteError MeanAbsolutePercentageError "
        "MeanIoU MeanMetricWrapper MeanSquaredError MeanSquaredLogarithmicError Metric OneHotIoU OneHotMeanIoU "
        "PearsonCorrelation Poisson Precision PrecisionAtRecall R2Score Recall RecallAtPrecision RootMeanSquaredError "
        "SensitivityAtSpecificity SparseCategoricalAccuracy SparseCategoricalCrossentropy "
        "SparseTopKCategoricalAccuracy SpecificityAtSensitivity SquaredHinge Sum TopKCategoricalAccuracy "
        "TrueNegatives TruePositives accuracy auc bce binary_accuracy binary_crossentropy binary_io_u "
        "categorical_accuracy categorical_crossentropy categorical_hinge concordance_correlation cosine_similarity "
        "f1_score f_beta_score false_negatives false_positives hinge io_u kl_divergence log_cosh_error mae mape mean "
        "mean_absolute_error mean_absolute_percentage_error mean_io_u mean_metric_wrapper mean_squared_error "
        "mean_squared_logarithmic_error metric mse msle one_hot_io_u one_hot_mean_io_u pearson_correlation poisson "
        "precision precision_at_recall r2_score recall recall_at_precision root_mean_squared_error "
        "sensitivity_at_specificity sparse_categorical_accuracy sparse_categorical_crossentropy "
        "sparse_top_k_categorical_accuracy specificity_at_sensitivity squared_hinge sum top_k_categorical_accuracy "
        "true_negatives true_positives"),
    "optimizers": (
        "adadelta adafactor adagrad adam adamax adamw ftrl lion lossscaleoptimizer multioptimizer muon nadam "
        "optimizer optimizermap rmsprop schedulefreeadamw sgd"),
    "regularizers": "L1 L1L2 L2 OrthogonalRegularizer Regularizer l1 l1l2 l2 orthogonal_regularizer regularizer",
}

# Names outside Keras's tables: other cases, keraslike's extra aliases, typos, the empty string.
OTHER_NAMES = {
    "activations": "Relu RELU relux Softmax",
    "constraints": "maxnorm MAX_NORM nonneg",
    "initializers": "Glorot_Uniform glorotuniform glorot_unifrom GLOROT_UNIFORM",
    "losses": ("meansquarederror mean_sqared_error huber_loss logcosh kullback_leibler_divergence "
               "categorical_generalized_cross_entropy Reduction"),
    "metrics": "acc accuarcy iou mean_iou logcosh log_cosh kld huber",
    "optimizers": ("Adam ADAM SGD RMSprop RMSProp AdamW Adagrad Adadelta Adamax Nadam Ftrl Lion Lamb lamb Adafactor "
                   "Muon ScheduleFreeAdamW schedule_free_adamw adma Optimizer"),
    "regularizers": "L1l2 l1_l2 L1_L2 orthogonal",
}

# A config dict under Keras's class name and under the short name; a class; an instance of it.
BUILTIN = {"constraints": ("NonNeg", "non_neg"), "initializers": ("Ones", "ones"), "losses": ("Huber", "huber"),
           "metrics": ("AUC", "auc"), "optimizers": ("Adam", "adam"), "regularizers": ("L2", "l2")}


def describe(value):
    if value is None:
        return "None"
    if isinstance(value, type):
        return f"class {value.__name__}"
    if callable(value) and hasattr(value, "__name__") and not hasattr(value, "get_config"):
        return f"fn {value.__name__}"
    return type(value).__name__


def _try(fn):
    try:
        return describe(fn())
    except Exception as err:  # noqa: BLE001 - the golden records the exception type
        return f"raises {type(err).__name__}"


def _cases(keras, namespace):
    module = getattr(keras, namespace)
    cases = {f"name {name}": (lambda name=name: module.get(name))
             for name in (NAMES[namespace] + " " + OTHER_NAMES[namespace]).split()}
    cases.update({"empty string": lambda: module.get(""), "None": lambda: module.get(None),
                  "int": lambda: module.get(3), "list": lambda: module.get(["relu"])})
    if namespace == "activations":
        cases.update({"function": lambda: module.get(module.relu),
                      "lambda": lambda: module.get(lambda x: x),
                      "dict function": lambda: module.get({"module": "keras.activations", "class_name": "function",
                                                           "config": "relu", "registered_name": "relu"}),
                      "dict class_name": lambda: module.get({"class_name": "relu", "config": {}})})
        return cases
    class_name, short = BUILTIN[namespace]
    cls = getattr(module, class_name)
    cases.update({"dict class name": lambda: module.get({"class_name": class_name, "config": {}}),
                  "dict short name": lambda: module.get({"class_name": short, "config": {}}),
                  "dict unknown": lambda: module.get({"class_name": "Nope", "config": {}}),
                  "class": lambda: module.get(cls),
                  "instance": lambda: module.get(cls()),
                  "lambda": lambda: module.get(lambda *args: 0)})
    if namespace == "initializers":
        cases["ndarray"] = lambda: module.get(np.ones((2, 2), "float32"))
    return cases


def run(keras):
    return {f"{namespace}/{case}": _try(fn) for namespace in NAMESPACES
            for case, fn in _cases(keras, namespace).items()}
