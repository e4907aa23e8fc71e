"""Dense's `x @ kernel + bias` (and EinsumDense's contraction, the conv layers' convolution) for float16 on CPU,
computed in float32 and rounded once.

torch's CPU float16 GEMM has no fast kernel on most x86 CPUs (no AVX512-FP16): `addmm` of (128, 784) by
(784, 64) takes 7.9 ms forward + backward on one thread, the same in float32 and cast back 0.6 ms. torch's
float16 GEMM already accumulates in float32 and rounds the result once, so the values are the same up to the
summation order (measured: within 1 ulp of float16). That is what a `mixed_float16` policy runs on a CPU (the
TF mixed-precision guide runs its model there). bfloat16 keeps torch's kernels (oneDNN has bf16 ones).
"""

import torch


def affine(x, kernel, bias):
    """`x @ kernel (+ bias)`: with a bias, one `addmm` over the rows of `x` flattened to `(rows, in)` (one rounding,
    no second output-sized buffer for the bias add), else a matmul; `(..., in)` -> `(..., units)`."""
    if x.dtype == torch.float16 and x.device.type == "cpu":
        if x.dim() >= 2 and bias is not None:
            return _addmm_rows(bias.float(), x.float(), kernel.float()).to(torch.float16)
        out = (x.float() @ kernel.float()).to(torch.float16)
        return out if bias is None else out + bias
    if x.dim() >= 2 and bias is not None:
        return _addmm_rows(bias, x, kernel)
    out = x @ kernel
    return out if bias is None else out + bias


def _addmm_rows(bias, x, kernel):
    """`addmm(bias, x, kernel)` on `x`'s rows: `(..., in)` -> `(..., units)` (what matmul does with a 3-D `x`)."""
    if x.dim() == 2:
        return torch.addmm(bias, x, kernel)
    rows = x.reshape(x.shape[:-1].numel(), x.shape[-1])  # a view when x's rows are contiguous, as matmul's
    return torch.addmm(bias, rows, kernel).reshape(*x.shape[:-1], kernel.shape[-1])


def einsum(equation, x, kernel):
    """`torch.einsum(equation, x, kernel)`; a float16 contraction on CPU in float32, rounded once (EinsumDense)."""
    if x.dtype == torch.float16 and kernel.dtype == torch.float16 and x.device.type == "cpu":
        return torch.einsum(equation, x.float(), kernel.float()).to(torch.float16)
    return torch.einsum(equation, x, kernel)


def in_float32(fn, x, weight, bias, *args):
    """`fn(x, weight, bias, *args)` (a torch convolution); float16 operands on CPU computed in float32 and rounded
    once (torch's CPU float16 convolution is about 10x its float32 one: a Conv2D(32, 3) on (32, 28, 28, 32) 26 ms
    against 2.5 ms on one thread)."""
    if x.dtype == torch.float16 and weight.dtype == torch.float16 and x.device.type == "cpu":
        y = fn(x.float(), weight.float(), None if bias is None else bias.float(), *args)
        return y.to(torch.float16)
    return fn(x, weight, bias, *args)
