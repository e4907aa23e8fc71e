"""Box ops of `tf.image`: non-max suppression, `crop_and_resize`, `extract_patches`.

Mirrors `tensorflow/python/ops/image_ops_impl.py` and the kernels `non_max_suppression_op.cc`,
`crop_and_resize_op.cc`, `extract_image_patches_op.cc`. Boxes are `[y1, x1, y2, x2]` (either
corner order), as TF; suppression is greedy by descending score, dropping boxes whose IoU with a
kept box exceeds the threshold and boxes scoring at or below `score_threshold`.
"""

import math

import torch

from keraslike._src.ops.conversion import convert_to_tensor


def _tensor(x, dtype=None):
    t = x if isinstance(x, torch.Tensor) else convert_to_tensor(x)
    return t if dtype is None else t.to(dtype)


def _iou_matrix(boxes):
    y1 = torch.minimum(boxes[:, 0], boxes[:, 2])
    x1 = torch.minimum(boxes[:, 1], boxes[:, 3])
    y2 = torch.maximum(boxes[:, 0], boxes[:, 2])
    x2 = torch.maximum(boxes[:, 1], boxes[:, 3])
    area = (y2 - y1) * (x2 - x1)
    ih = (torch.minimum(y2[:, None], y2[None]) - torch.maximum(y1[:, None], y1[None])).clamp(min=0)
    iw = (torch.minimum(x2[:, None], x2[None]) - torch.maximum(x1[:, None], x1[None])).clamp(min=0)
    inter = ih * iw
    union = area[:, None] + area[None] - inter
    valid = (area[:, None] > 0) & (area[None] > 0)
    return torch.where(valid, inter / torch.where(union > 0, union, torch.ones_like(union)), torch.zeros_like(inter))


def _greedy(overlaps, scores, max_output_size, threshold, score_threshold, soft_sigma=0.0):
    """TF's greedy selection (non_max_suppression_op.cc) over an overlap matrix; returns (indices, scores).

    Candidates come out by descending score (ties: lower index first). A candidate is compared with
    the boxes selected since it was last looked at, newest first: without Soft-NMS an overlap above
    `threshold` drops it; with Soft-NMS each overlap scales its score by `exp(-0.5 * iou**2 / sigma)`
    and, if lowered but still above `score_threshold`, it goes back into the queue.
    """
    scores = scores.detach().to(torch.float32).cpu().tolist()
    overlaps = overlaps.detach().to(torch.float32).cpu().tolist()
    soft = soft_sigma > 0
    scale = -0.5 / soft_sigma if soft else 0.0
    queue = [[s, i, 0] for i, s in enumerate(scores) if s > score_threshold]
    selected, selected_scores = [], []
    while queue and len(selected) < max_output_size:
        best = min(range(len(queue)), key=lambda k: (-queue[k][0], queue[k][1]))
        score, index, begin = queue.pop(best)
        original = score
        hard = False
        for j in range(len(selected) - 1, begin - 1, -1):
            overlap = overlaps[index][selected[j]]
            if soft:
                score *= math.exp(scale * overlap * overlap)
            elif overlap > threshold:
                hard = True
                break
            if score <= score_threshold:
                break
        if hard:
            continue
        if score == original:
            selected.append(index)
            selected_scores.append(score)
        elif score > score_threshold:
            queue.append([score, index, len(selected)])
    return selected, selected_scores


def _nms_args(boxes, scores, max_output_size):
    b = _tensor(boxes, torch.float32)
    s = _tensor(scores, torch.float32)
    if b.dim() != 2 or b.shape[-1] != 4 or s.dim() != 1 or s.shape[0] != b.shape[0]:
        raise ValueError(f"boxes must be (num_boxes, 4) and scores (num_boxes,). Received: boxes.shape="
                         f"{tuple(b.shape)}, scores.shape={tuple(s.shape)}")
    return b, s, int(max_output_size.item() if isinstance(max_output_size, torch.Tensor) else max_output_size)


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"), name=None):
    """`tf.image.non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=-inf)`.

    Returns:
        int32 indices of the kept boxes, by descending score.
    """
    b, s, limit = _nms_args(boxes, scores, max_output_size)
    selected, _ = _greedy(_iou_matrix(b), s, limit, float(iou_threshold), float(score_threshold))
    return torch.tensor(selected, dtype=torch.int32)


def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0, name=None):
    """`tf.image.non_max_suppression_with_scores(...)`: `(indices, scores)`; `soft_nms_sigma > 0` is Soft-NMS.

    Soft-NMS (Bodla et al.) decays a candidate's score by `exp(-iou**2 / (2 * sigma))` for every kept
    box it overlaps, and `iou_threshold` no longer drops boxes, as in TF.
    """
    b, s, limit = _nms_args(boxes, scores, max_output_size)
    selected, kept = _greedy(_iou_matrix(b), s, limit, float(iou_threshold), float(score_threshold),
                             float(soft_nms_sigma))
    return torch.tensor(selected, dtype=torch.int32), torch.tensor(kept, dtype=torch.float32)


def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    """`tf.image.non_max_suppression_overlaps(overlaps, scores, ...)`: greedy selection on a given overlap matrix."""
    o = _tensor(overlaps, torch.float32)
    s = _tensor(scores, torch.float32)
    limit = int(max_output_size.item() if isinstance(max_output_size, torch.Tensor) else max_output_size)
    selected, _ = _greedy(o, s, limit, float(overlap_threshold), float(score_threshold))
    return torch.tensor(selected, dtype=torch.int32)


def _sample_positions(start, end, size, out):
    """TF's crop_and_resize sampling coordinates for one axis of all boxes: (boxes, out)."""
    steps = torch.arange(out, dtype=torch.float32, device=start.device)
    if out > 1:
        return start[:, None] * (size - 1) + steps[None] * ((end - start)[:, None] * (size - 1) / (out - 1))
    return (0.5 * (start + end) * (size - 1))[:, None].expand(-1, 1)


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0, name=None):
    """`tf.image.crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0)`.

    Args:
        image: `(batch, h, w, c)`.
        boxes: `(num_boxes, 4)` normalised `[y1, x1, y2, x2]` (y1 > y2 flips the crop, as TF).
        box_indices: `(num_boxes,)` int, the image of each box.
        crop_size: `[crop_height, crop_width]`.
        method: "bilinear" or "nearest".
        extrapolation_value: value of samples outside the image.

    Returns:
        float32 `(num_boxes, crop_height, crop_width, c)`.

    Raises:
        ValueError: for a bad method, crop size or shapes.
    """
    if method not in ("bilinear", "nearest"):
        raise ValueError(f"method must be 'bilinear' or 'nearest'. Received: method={method!r}")
    x = _tensor(image, torch.float32)
    b = _tensor(boxes, torch.float32).to(x.device)
    idx = _tensor(box_indices).to(torch.int64).to(x.device)
    crop_h, crop_w = (int(v) for v in (crop_size.tolist() if isinstance(crop_size, torch.Tensor) else crop_size))
    if x.dim() != 4 or b.dim() != 2 or b.shape[-1] != 4 or idx.shape != (b.shape[0],) or crop_h <= 0 or crop_w <= 0:
        raise ValueError(f"Expected image (batch, h, w, c), boxes (n, 4), box_indices (n,) and a positive crop_size. "
                         f"Received: image={tuple(x.shape)}, boxes={tuple(b.shape)}, box_indices={tuple(idx.shape)}, "
                         f"crop_size={[crop_h, crop_w]}")
    _, h, w, _ = x.shape
    ys = _sample_positions(b[:, 0], b[:, 2], h, crop_h)   # (n, crop_h)
    xs = _sample_positions(b[:, 1], b[:, 3], w, crop_w)   # (n, crop_w)
    inside = ((ys >= 0) & (ys <= h - 1))[:, :, None] & ((xs >= 0) & (xs <= w - 1))[:, None, :]
    images = x[idx]                                        # (n, h, w, c)
    n_range = torch.arange(b.shape[0], device=x.device)[:, None, None]
    if method == "nearest":
        yi = torch.round(ys).clamp(0, h - 1).long()[:, :, None]
        xi = torch.round(xs).clamp(0, w - 1).long()[:, None, :]
        out = images[n_range, yi, xi]
    else:
        y0 = torch.floor(ys).clamp(0, h - 1)
        x0 = torch.floor(xs).clamp(0, w - 1)
        y1 = torch.ceil(ys).clamp(0, h - 1)
        x1 = torch.ceil(xs).clamp(0, w - 1)
        dy = (ys - torch.floor(ys))[:, :, None, None]
        dx = (xs - torch.floor(xs))[:, None, :, None]

        def at(yy, xx):
            return images[n_range, yy.long()[:, :, None], xx.long()[:, None, :]]

        top = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * dx
        bottom = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * dx
        out = top + (bottom - top) * dy
    return torch.where(inside[..., None], out, torch.full_like(out, float(extrapolation_value)))


def _same_pads(size, k, stride):
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return total // 2, total - total // 2


def extract_patches(images, sizes, strides, rates, padding, name=None):
    """`tf.image.extract_patches(images, sizes, strides, rates, padding)`: patches flattened in (row, col, depth) order.

    `sizes`, `strides`, `rates` are `[1, r, c, 1]`; `padding` "VALID" or "SAME".

    Returns:
        `(batch, out_rows, out_cols, kr * kc * depth)`.
    """
    x = _tensor(images)
    if x.dim() != 4:
        raise ValueError(f"images must be 4-D (batch, h, w, c). Received: shape={tuple(x.shape)}")
    (_, kr, kc, _), (_, sr, sc, _), (_, rr, rc, _) = (list(v) for v in (sizes, strides, rates))
    padding = padding.upper()
    if padding not in ("VALID", "SAME"):
        raise ValueError(f"padding must be 'VALID' or 'SAME'. Received: padding={padding!r}")
    n, h, w, c = x.shape
    nchw = x.permute(0, 3, 1, 2)
    eff_r, eff_c = (kr - 1) * rr + 1, (kc - 1) * rc + 1
    if padding == "SAME":
        (top, bottom), (left, right) = _same_pads(h, eff_r, sr), _same_pads(w, eff_c, sc)
        nchw = torch.nn.functional.pad(nchw, (left, right, top, bottom))
    patches = torch.nn.functional.unfold(nchw.contiguous().float() if not nchw.is_floating_point() else
                                         nchw.contiguous(), (kr, kc), dilation=(rr, rc), stride=(sr, sc))
    out_r = (nchw.shape[2] - eff_r) // sr + 1
    out_c = (nchw.shape[3] - eff_c) // sc + 1
    patches = patches.reshape(n, c, kr, kc, out_r, out_c).permute(0, 4, 5, 2, 3, 1)
    return patches.reshape(n, out_r, out_c, kr * kc * c).to(x.dtype)


_DEFAULT_COLORS = ((1, 1, 0, 1), (0, 0, 1, 1), (1, 0, 0, 1), (0, 1, 0, 1), (0.5, 0, 0.5, 1), (0.5, 0.5, 0, 1),
                   (0.5, 0, 0, 1), (0, 0, 0.5, 1), (0, 1, 1, 1), (1, 0, 1, 1))


def draw_bounding_boxes(images, boxes, colors, name=None):
    """`tf.image.draw_bounding_boxes(images, boxes, colors)`: 1-pixel box outlines drawn onto float images.

    Args:
        images: `(batch, h, w, depth)`, depth 1, 3 or 4.
        boxes: `(batch, num_boxes, 4)` normalised `[y_min, x_min, y_max, x_max]`.
        colors: `(num_colors, >= depth)` colours cycled over the boxes; empty or None uses TF's
            default table (yellow, blue, red, ...).

    Boxes are placed as TF's kernel does (corners `int(v * (size - 1))`); inverted boxes and boxes
    entirely outside the image are skipped, edges outside the image are not drawn.
    """
    x = _tensor(images)
    if x.dim() != 4 or x.shape[-1] not in (1, 3, 4):
        raise ValueError(f"images must be (batch, h, w, depth) with depth 1, 3 or 4. Received: shape={tuple(x.shape)}")
    b = _tensor(boxes, torch.float32).detach().cpu()
    if b.dim() != 3 or b.shape[0] != x.shape[0] or b.shape[-1] != 4:
        raise ValueError(f"boxes must be (batch, num_boxes, 4). Received: shape={tuple(b.shape)}")
    depth = x.shape[-1]
    table = None if colors is None else _tensor(colors, torch.float32).detach().cpu()
    if table is None or table.numel() == 0:
        table = torch.tensor(_DEFAULT_COLORS, dtype=torch.float32)
        if depth == 1:
            table[:, 0] = 1.0
    if table.dim() != 2 or table.shape[1] < depth:
        raise ValueError(f"colors must be (num_colors, >= depth={depth}). Received: shape={tuple(table.shape)}")
    canvas = x.clone()
    h, w = x.shape[1], x.shape[2]
    for n in range(b.shape[0]):
        for k in range(b.shape[1]):
            color = table[k % table.shape[0], :depth].to(canvas.dtype).to(canvas.device)
            y1, x1, y2, x2 = (float(v) for v in b[n, k])
            top, bottom = math.trunc(y1 * (h - 1)), math.trunc(y2 * (h - 1))
            left, right = math.trunc(x1 * (w - 1)), math.trunc(x2 * (w - 1))
            if top > bottom or left > right or top >= h or bottom < 0 or left >= w or right < 0:
                continue
            r0, r1, c0, c1 = max(top, 0), min(bottom, h - 1), max(left, 0), min(right, w - 1)
            if top >= 0:
                canvas[n, top, c0:c1 + 1] = color
            if bottom < h:
                canvas[n, bottom, c0:c1 + 1] = color
            if left >= 0:
                canvas[n, r0:r1 + 1, left] = color
            if right < w:
                canvas[n, r0:r1 + 1, right] = color
    return canvas
