"""Derive Maloney's map outline from Natural Earth once (not run by the build).

Source: Natural Earth 1:110m Cultural Vectors, Admin 0 - Countries (public domain,
https://www.naturalearthdata.com/about/terms-of-use/), as shipped in geopandas 0.14.4's wheel
(``geopandas/datasets/naturalearth_lowres``). Regenerate with a throwaway environment:

    python -m venv /tmp/ne && /tmp/ne/bin/pip install pyshp
    /tmp/ne/bin/pip download geopandas==0.14.4 --no-deps -d /tmp/ne
    (cd /tmp/ne && unzip -o geopandas-0.14.4-py3-none-any.whl 'geopandas/datasets/*')
    /tmp/ne/bin/python carddata/maloney/map/derive.py \
        /tmp/ne/geopandas/datasets/naturalearth_lowres/naturalearth_lowres

It keeps the contiguous United States' ring, projects it with the USGS Albers equal-area conic
(standard parallels 29.5 and 45.5 N, origin 23 N 96 W), simplifies it (Douglas-Peucker, 0.8 mm at
board scale), fits it into the board's map frame and writes ``usa.yaml`` beside this script; it
prints where each city of ``CITIES`` falls, to copy into board.yaml (tests/test_maloney_map.py
checks that they agree with ``project``).
"""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

R = 6371.0  # km, a sphere is plenty at this scale
LAT1, LAT2, LAT0, LON0 = 29.5, 45.5, 23.0, -96.0
# The map frame on the board (mm, x right, y down) and the scale: km per mm.
ORIGIN = (300.0, 196.0)  # where 96 W 38 N goes
KM_PER_MM = 8.6
TOLERANCE = 0.8  # mm

CITIES = {  # the rulebook's and the map's sixteen cities, longitude and latitude
    "sf": (-122.42, 37.77),
    "sd": (-117.16, 32.72),
    "sac": (-121.49, 38.58),
    "sea": (-122.33, 47.61),
    "slc": (-111.89, 40.76),
    "chey": (-104.82, 41.14),
    "sfe": (-105.94, 35.69),
    "chi": (-87.63, 41.88),
    "kc": (-94.58, 39.10),
    "dal": (-96.80, 32.78),
    "no": (-90.07, 29.95),
    "det": (-83.05, 42.33),
    "ny": (-74.01, 40.71),
    "was": (-77.04, 38.91),
    "atl": (-84.39, 33.75),
    "cha": (-79.93, 32.78),
}


def albers(lon: float, lat: float) -> tuple[float, float]:
    """Albers equal-area conic on a sphere: km east and north of the origin."""
    f1, f2, f0 = (math.radians(v) for v in (LAT1, LAT2, LAT0))
    n = (math.sin(f1) + math.sin(f2)) / 2
    c = math.cos(f1) ** 2 + 2 * n * math.sin(f1)
    rho0 = R * math.sqrt(c - 2 * n * math.sin(f0)) / n
    rho = R * math.sqrt(c - 2 * n * math.sin(math.radians(lat))) / n
    theta = n * math.radians(lon - LON0)
    return rho * math.sin(theta), rho0 - rho * math.cos(theta)


def project(lon: float, lat: float) -> tuple[float, float]:
    """Board millimetres (x right, y down) of a longitude and latitude."""
    x, y = albers(lon, lat)
    ox, oy = albers(LON0, 38.0)
    return round(ORIGIN[0] + (x - ox) / KM_PER_MM, 1), round(ORIGIN[1] - (y - oy) / KM_PER_MM, 1)


def simplify(points: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Douglas-Peucker on an open polyline."""
    if len(points) < 3:
        return points
    (ax, ay), (bx, by) = points[0], points[-1]
    length = math.hypot(bx - ax, by - ay) or 1e-9
    far, at = -1.0, 0
    for i, (px, py) in enumerate(points[1:-1], 1):
        d = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
        if d > far:
            far, at = d, i
    if far <= tol:
        return [points[0], points[-1]]
    return simplify(points[: at + 1], tol)[:-1] + simplify(points[at:], tol)


def main(shapefile_base: str) -> None:
    import shapefile  # pyshp, only in the throwaway environment

    reader = shapefile.Reader(shapefile_base)
    rings = []
    for rec, shape in zip(reader.records(), reader.shapes(), strict=True):
        if rec["iso_a3"] != "USA":
            continue
        parts = [*shape.parts, len(shape.points)]
        for a, b in itertools.pairwise(parts):
            ring = shape.points[a:b]
            if all(-126 < lon < -66 and 24 < lat < 50 for lon, lat in ring):  # the contiguous states
                rings.append([project(lon, lat) for lon, lat in ring])
    (ring,) = rings
    half = len(ring) // 2  # simplify a closed ring as two open halves so both ends stay
    ring = simplify(ring[: half + 1], TOLERANCE)[:-1] + simplify(ring[half:], TOLERANCE)
    out = Path(__file__).with_name("usa.yaml")
    lines = [
        "# The contiguous United States for Maloney's map, in board millimetres (x right, y down).",
        "# Derived by derive.py (beside this file) from Natural Earth 1:110m Admin 0 - Countries,",
        "# public domain (naturalearthdata.com), as shipped in geopandas 0.14.4: USGS Albers",
        f"# equal-area conic, {KM_PER_MM} km per mm, simplified to {TOLERANCE} mm. Do not edit by hand.",
        "outlines:",
        "  - name: United States",
        "    points:",
    ]
    lines += [f"      - [{x:g}mm, {y:g}mm]" for x, y in ring]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: {len(ring)} points")
    for key, (lon, lat) in CITIES.items():
        x, y = project(lon, lat)
        print(f"      {key}: [{x:g}mm, {y:g}mm]")


if __name__ == "__main__":
    main(sys.argv[1])
