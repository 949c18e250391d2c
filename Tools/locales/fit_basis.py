#!/usr/bin/env python3
"""Recovers the shared linear map of the e5 word vectors from packs already built, and stores
it in Tools/locales/e5-pca128.npz for build_locales.py --embeddings.

build_locales.py used to recompute a PCA basis on every --embeddings build, so adding words
rotated every vector. This fits the map [e5 vector, 1] -> pack vector by least squares over the
words the committed packs and the build cache's raw e5 vectors share (the pack keeps only the
direction, so the per-word scale is fitted in turn), so the next build adds words without moving
the others. Run once, after `build_locales.py` has filled its cache (--cache).

Usage: python3 Tools/locales/fit_basis.py [--cache /tmp/shortcutlab-locales-cache]
"""
import struct
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ["de", "fr", "es", "zh-Hans", "ja", "ko"]  # en's vectors come from MiniLM instead


def read_pack(loc):
    """(keys, vectors) of a pack's SLEMB1 table; ([], None) when the file is not one."""
    b = (ROOT / "Locales" / loc / "embeddings.bin").read_bytes()
    if not b.startswith(b"SLEMB1") or len(b) < 16:
        return [], None
    n, d = struct.unpack("<II", b[8:16])
    scale = np.frombuffer(b[16:16 + 4 * n], "<f4")
    q = np.frombuffer(b[16 + 4 * n:16 + 4 * n + n * d], np.int8).reshape(n, d)
    keys = b[16 + 4 * n + n * d:].decode("utf-8").split("\n")[:n]
    return keys, q.astype(np.float64) * scale[:, None]


def main():
    args = sys.argv[1:]
    cache = Path(args[args.index("--cache") + 1] if "--cache" in args else "/tmp/shortcutlab-locales-cache")
    xs, us = [], []
    for loc in LOCALES:
        for needed in (ROOT / "Locales" / loc / "embeddings.bin", cache / f"e5-{loc}.npy", cache / f"e5-{loc}.txt"):
            if not needed.exists():
                sys.exit(f"{needed}: missing (run build_locales.py --embeddings with this --cache first)")
        keys, vectors = read_pack(loc)
        if not keys:
            sys.exit(f"{ROOT / 'Locales' / loc / 'embeddings.bin'}: not an SLEMB1 table")
        raw = np.load(cache / f"e5-{loc}.npy")
        words = (cache / f"e5-{loc}.txt").read_text(encoding="utf-8").split("\n")[:len(raw)]
        index = {w: i for i, w in enumerate(words)}
        # A key is the normalised word; where it equals the embedded text, the pair is exact.
        for j, k in enumerate(keys):
            if k in index:
                xs.append(raw[index[k]])
                us.append(vectors[j])
    x = np.hstack([np.array(xs, np.float64), np.ones((len(xs), 1))])
    u = np.array(us)
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    plain = x[:, :-1]
    mean = plain.mean(0)
    _, _, vt = np.linalg.svd(plain - mean, full_matrices=False)
    w = np.vstack([vt[:u.shape[1]].T, -mean @ vt[:u.shape[1]].T])
    for _ in range(8):
        s = np.abs(np.sum((x @ w) * u, axis=1))
        w, *_ = np.linalg.lstsq(x, s[:, None] * u, rcond=None)
    p = x @ w
    cos = np.sum(p * u, axis=1) / np.linalg.norm(p, axis=1)
    out = ROOT / "Tools" / "locales" / "e5-pca128.npz"
    np.savez(out, basis=w[:-1].astype(np.float32), offset=w[-1].astype(np.float32))
    print(f"wrote {out}: {len(xs)} words, cosine to the packs' vectors mean {cos.mean():.5f}, "
          f"1st percentile {np.quantile(cos, 0.01):.5f}")


if __name__ == "__main__":
    main()
