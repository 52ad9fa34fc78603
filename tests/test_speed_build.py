"""The card build's shortcuts (issue 36) give what the long way gives. (How fast is measured by
tests/benchmarks/bench_floor.py, never here.)"""

from __future__ import annotations

import random

import pytest

from generator.text import fit
from generator.text.fit import EPS


def _breaks(words, limit):
    starts, cur = [0], words[0][0]
    for k in range(1, len(words)):
        nxt = cur + words[k][1] + words[k][0]
        if nxt <= limit:
            cur = nxt
        else:
            starts.append(k)
            cur = words[k][0]
    return starts


def _tighter_every_measure(words, limit, most):
    """The widow search the long way: every run width under the limit tried, widest first."""
    last = len(words) - 1
    widest = max(w[0] for w in words)
    measures = set()
    for i in range(len(words)):
        w = words[i][0]
        for j in range(i + 1, len(words)):
            w += words[j][1] + words[j][0]
            if w >= limit:
                break
            if w >= widest:
                measures.add(w)
    for measure in sorted(measures, reverse=True):
        starts = _breaks(words, measure + EPS)
        if len(starts) > most:
            return None
        if starts[-1] < last:
            return starts
    return None


def _words(rng: random.Random, n: int, grid: bool) -> list:
    out = []
    for k in range(n):
        w = rng.randint(1, 8) * 0.5 if grid else rng.uniform(0.3, 4.0)  # grid: many equal widths
        out.append((w, 0.0 if k == 0 else 0.25, "F", ((0.0, "w", "F", "#000000", w, False),)))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_widow_search_skipping_measures_that_break_alike_finds_what_trying_each_finds(seed: int):
    rng = random.Random(seed)
    for _ in range(60):
        words = _words(rng, rng.randint(3, 40), grid=seed % 2 == 0)
        limit = rng.uniform(max(w[0] for w in words), 20.0)
        most = rng.randint(1, 12)
        assert fit._tighter(words, limit, most) == _tighter_every_measure(words, limit, most)
