"""`tf.keras.layers`."""

from keraslike._src.keras.export.tfsm_layer import TFSMLayer
from keraslike._src.keras.layers.activations.activations import ELU, LeakyReLU, PReLU, ReLU, Softmax
from keraslike._src.keras.layers.attention.attention import AdditiveAttention, Attention
from keraslike._src.keras.layers.attention.grouped_query_attention import GroupQueryAttention
from keraslike._src.keras.layers.attention.multi_head_attention import MultiHeadAttention
from keraslike._src.keras.layers.convolutional.conv import Conv1D, Conv2D, Conv3D
from keraslike._src.keras.layers.convolutional.conv1d_variants import DepthwiseConv1D, SeparableConv1D
from keraslike._src.keras.layers.convolutional.conv2d_transpose import (  # noqa: F401
    Conv1DTranspose, Conv2DTranspose, Conv3DTranspose,
)
from keraslike._src.keras.layers.convolutional.depthwise_conv2d import DepthwiseConv2D
from keraslike._src.keras.layers.convolutional.separable_conv2d import SeparableConv2D
from keraslike._src.keras.layers.core.dense import Dense
from keraslike._src.keras.layers.core.einsum_dense import EinsumDense
from keraslike._src.keras.layers.core.identity import Identity
from keraslike._src.keras.layers.core.masking import Masking
from keraslike._src.keras.layers.core.reversible_embedding import ReversibleEmbedding
from keraslike._src.keras.layers.core.wrapper import Wrapper, deserialize, serialize
from keraslike._src.keras.layers.input_spec import InputSpec
from keraslike._src.keras.layers.core.embedding import Embedding
from keraslike._src.keras.layers.core.input_layer import Input, InputLayer
from keraslike._src.keras.layers.core.lambda_layer import Lambda
from keraslike._src.keras.layers.activations.activation import Activation
from keraslike._src.keras.layers.regularization.dropout import Dropout
from keraslike._src.keras.layers.reshaping.flatten import Flatten
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.merging.base_merge import Add, Average, Maximum, Minimum, Multiply, Subtract
from keraslike._src.keras.layers.merging.concatenate import Concatenate
from keraslike._src.keras.layers.merging.dot import Dot
from keraslike._src.keras.layers.pooling.global_pooling import (
    GlobalAveragePooling1D, GlobalAveragePooling2D, GlobalAveragePooling3D, GlobalMaxPooling1D,
    GlobalMaxPooling2D, GlobalMaxPooling3D,
)
from keraslike._src.keras.layers.pooling.adaptive_pooling import (
    AdaptiveAveragePooling1D, AdaptiveAveragePooling2D, AdaptiveAveragePooling3D, AdaptiveMaxPooling1D,
    AdaptiveMaxPooling2D, AdaptiveMaxPooling3D,
)
from keraslike._src.keras.layers.pooling.pooling import (
    AveragePooling1D, AveragePooling2D, AveragePooling3D, MaxPooling1D, MaxPooling2D, MaxPooling3D,
)
from keraslike._src.keras.layers.jax_layer import FlaxLayer, JaxLayer
from keraslike._src.keras.layers.legacy_layers import RandomHeight, RandomWidth, ThresholdedReLU
from keraslike._src.feature_column.dense_features import DenseFeatures  # noqa: F401  (Keras 2's, kept in both modes)
from keraslike._src.keras.layers.normalization.batch_normalization import BatchNormalization
from keraslike._src.keras.layers.normalization.group_normalization import GroupNormalization
from keraslike._src.keras.layers.normalization.layer_normalization import LayerNormalization
from keraslike._src.keras.layers.normalization.spectral_normalization import SpectralNormalization
from keraslike._src.keras.layers.normalization.unit_normalization import RMSNormalization, UnitNormalization
from keraslike._src.keras.layers.preprocessing.audio import MelSpectrogram, STFTSpectrogram
from keraslike._src.keras.layers.preprocessing.bounding_boxes import MaxNumBoundingBoxes
from keraslike._src.keras.layers.preprocessing.categorical import CategoryEncoding, Discretization
from keraslike._src.keras.layers.preprocessing.hashed_crossing import HashedCrossing
from keraslike._src.keras.layers.preprocessing.hashing import Hashing
from keraslike._src.keras.layers.preprocessing.image_color import (
    AutoContrast, ContrastLimitedAdaptiveHistogramEqualization, Equalization, RandomColorDegeneration,
    RandomColorJitter, RandomGaussianBlur, RandomGrayscale, RandomHue, RandomInvert, RandomPosterization,
    RandomSaturation, RandomSharpness, Solarization,
)
from keraslike._src.keras.layers.preprocessing.image_mixing import CutMix, MixUp, RandomErasing
from keraslike._src.keras.layers.preprocessing.image_policies import AugMix, RandAugment
from keraslike._src.keras.layers.preprocessing.image_preprocessing import (
    CenterCrop, RandomBrightness, RandomContrast, RandomCrop, RandomElasticTransform, RandomFlip, RandomPerspective,
    RandomRotation, RandomShear, RandomTranslation, RandomZoom, Resizing,
)
from keraslike._src.keras.layers.preprocessing.integer_lookup import IntegerLookup
from keraslike._src.keras.layers.preprocessing.normalization import Normalization
from keraslike._src.keras.layers.preprocessing.pipeline import Pipeline
from keraslike._src.keras.layers.preprocessing.rescaling import Rescaling
from keraslike._src.keras.layers.preprocessing.string_lookup import StringLookup
from keraslike._src.keras.layers.preprocessing.text_vectorization import TextVectorization
from keraslike._src.keras.layers.regularization.noise import (
    ActivityRegularization, AlphaDropout, GaussianDropout, GaussianNoise,
)
from keraslike._src.keras.layers.regularization.spatial_dropout import (
    SpatialDropout1D, SpatialDropout2D, SpatialDropout3D,
)
from keraslike._src.keras.layers.reshaping.reshape import Permute, RepeatVector, Reshape
from keraslike._src.keras.layers.reshaping.spatial import (
    Cropping1D, Cropping2D, Cropping3D, UpSampling1D, UpSampling2D, UpSampling3D, ZeroPadding1D, ZeroPadding2D,
    ZeroPadding3D,
)
from keraslike._src.keras.layers.rnn.bidirectional import Bidirectional
from keraslike._src.keras.layers.rnn.conv_lstm import ConvLSTM1D, ConvLSTM2D, ConvLSTM3D
from keraslike._src.keras.layers.rnn.gru import GRU, GRUCell
from keraslike._src.keras.layers.rnn.lstm import LSTM, LSTMCell
from keraslike._src.keras.layers.rnn.rnn import RNN
from keraslike._src.keras.layers.rnn.simple_rnn import SimpleRNN, SimpleRNNCell
from keraslike._src.keras.layers.rnn.stacked_rnn_cells import StackedRNNCells
from keraslike._src.keras.layers.rnn.time_distributed import TimeDistributed
from keraslike._src.keras.layers.torch_module_wrapper import TorchModuleWrapper

from keraslike._src.keras.layers.aliases import (
    AvgPool1D, AvgPool2D, AvgPool3D, Convolution1D, Convolution1DTranspose, Convolution2D, Convolution2DTranspose,
    Convolution3D, Convolution3DTranspose, GlobalAvgPool1D, GlobalAvgPool2D, GlobalAvgPool3D, GlobalMaxPool1D,
    GlobalMaxPool2D, GlobalMaxPool3D, MaxPool1D, MaxPool2D, MaxPool3D, SeparableConvolution1D, SeparableConvolution2D,
)

from keraslike._src.keras.layers.merging.functional_merges import (
    add, average, concatenate, dot, maximum, minimum, multiply, subtract,
)

from keraslike.keras.layers import experimental  # noqa: E402 - Keras 2's tf.keras.layers.experimental
