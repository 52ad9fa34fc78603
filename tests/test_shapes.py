"""Shapes: regular polygons, stars and paths (geometry checked point by point), rounded
corners, images clipped to any outline (checked in pixels), their errors and schema."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.core.paths import FONTS
from generator.core.units import mm
from generator.layout.card import CardLayouter
from generator.layout.ops import GroupOp, ShapeOp
from generator.layout.shapes import ellipse, polyline, regular
from generator.load.templates import TemplateLibrary
from tests.conftest import MINI_FRONT, write_game

W, H = mm(63.5), mm(88.9)


def _ops(tmp_path: Path, elements: str, values: dict | None = None) -> list[ShapeOp]:
    (tmp_path / "t.yaml").write_text("elements:\n" + elements)
    template = TemplateLibrary([tmp_path]).get("t")
    layouter = CardLayouter(template, W, H, mm(3), FontBook.load([FONTS]), {}, {}, (tmp_path,))
    found: list[ShapeOp] = []
    for op in layouter.layout(values or {"name": "A"}, "x").ops:
        found += [o for o in op.ops] if isinstance(op, GroupOp) else [op]
    return [o for o in found if isinstance(o, ShapeOp)]


def _corners(op: ShapeOp) -> list[tuple[float, float]]:
    return [c for kind, c in op.segments if kind in ("M", "L")]


def test_a_hexagon_has_six_corners_on_its_circle(tmp_path: Path) -> None:
    [op] = _ops(tmp_path, "  - {type: polygon, box: [10mm, 10mm, 20mm, 20mm], fill: red}\n")
    corners = _corners(op)
    cx, cy, r = mm(20), H - mm(20), mm(10)
    assert len(corners) == 6 and op.segments[-1][0] == "Z"
    assert corners[0] == pytest.approx((cx, cy + r))  # one corner straight up
    for n, (x, y) in enumerate(corners):
        assert math.hypot(x - cx, y - cy) == pytest.approx(r)
        assert math.atan2(y - cy, x - cx) == pytest.approx(
            math.remainder(math.pi / 2 - n * math.pi / 3, 2 * math.pi)
        )


def test_rotation_turns_the_corners_clockwise(tmp_path: Path) -> None:
    [op] = _ops(
        tmp_path, "  - {type: polygon, sides: 4, rotate: 45, box: [0mm, 0mm, 20mm, 20mm], fill: red}\n"
    )
    xs = sorted(round(x / mm(1), 6) for x, _ in _corners(op))
    assert xs == pytest.approx(
        [10 - 10 / math.sqrt(2), 10 - 10 / math.sqrt(2), 10 + 10 / math.sqrt(2), 10 + 10 / math.sqrt(2)]
    )


def test_a_star_alternates_outer_and_inner_radius() -> None:
    points = regular(Box(0, 0, 100, 100), 5, 0.4)
    radii = [round(math.hypot(x - 50, y - 50), 6) for x, y in points]
    assert radii == [50, 20] * 5


def test_a_path_is_measured_from_its_box(tmp_path: Path) -> None:
    [op] = _ops(
        tmp_path,
        "  - {type: path, box: [10mm, 10mm, 20mm, 20mm], points: [[0mm, 0mm], [20mm, 0mm], "
        "[10mm, 20mm]], closed: false, stroke: black, dash: [2pt, 1pt]}\n",
    )
    flat = [v for xy in _corners(op) for v in xy]
    assert flat == pytest.approx([mm(10), H - mm(10), mm(30), H - mm(10), mm(20), H - mm(30)])
    assert op.segments[-1][0] == "L" and op.dash == (2.0, 1.0) and op.fill is None


def test_rounded_corners_cut_each_side_by_the_tangent_length() -> None:
    square = [(0.0, 10.0), (10.0, 10.0), (10.0, 0.0), (0.0, 0.0)]
    segs = polyline(square, True, 2.0)
    assert segs[0] == ("M", pytest.approx((0.0, 8.0)))  # 90 degree corner: cut = radius
    curve = segs[1][1]
    assert curve[-2:] == pytest.approx((2.0, 10.0))
    assert [k for k, _ in segs] == ["M", "C", "L", "C", "L", "C", "L", "C", "Z"]
    sharp = polyline(square, True, 100.0)  # a radius too big for the sides: half a side at most
    assert sharp[0][1] == pytest.approx((0.0, 5.0))


def test_an_ellipse_is_four_arcs_through_its_extremes() -> None:
    segs = ellipse(Box(0, 0, 40, 20))
    ends = [s[1][-2:] for s in segs if s[0] in ("M", "C")]
    assert ends == [(20, 20), (40, 10), (20, 0), (0, 10), (20, 20)]


def test_a_clipped_image_is_placed_in_the_shape_box(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#00ff00"/></svg>'
    )
    [op] = _ops(
        tmp_path, "  - {type: ellipse, box: [5mm, 5mm, 30mm, 30mm], image: '{name}.svg'}\n", {"name": "a"}
    )
    assert op.image is not None and op.image.path.name == "a.svg" and op.image.fit == "cover"
    assert op.image.box == op.box
    assert (op.box.x, op.box.y, op.box.w, op.box.h) == pytest.approx((mm(5), H - mm(35), mm(30), mm(30)))


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ("{type: polygon, sides: 2, box: trim}", "elements[5].sides: expected a value >= 3, found '2'"),
        ("{type: star, inner: 1.5, box: trim}", "elements[5].inner:"),
        ("{type: path, points: [[0mm, 0mm]], box: trim}", "elements[5].points: expected at least 2 item(s)"),
        ("{type: polygon, box: trim, image: '{= nme}.png'}", "uses field 'nme'"),
    ],
)
def test_shape_errors_are_reported_at_their_line(tmp_path: Path, run_cli, element: str, message: str) -> None:
    front = MINI_FRONT + f"  - {element}\n"
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    assert "mini/templates/mini-front.yaml:10:" in err and message in err, err


HEX = """\
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: polygon, sides: 6, box: [10mm, 20mm, 40mm, 40mm], image: art.svg, stroke: "#000000", corner: 2mm}
"""


def test_the_image_is_drawn_only_inside_the_shape_and_rebuilds_are_identical(tmp_path: Path, run_cli) -> None:
    import pypdfium2

    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": "elements:\n" + HEX})
    (folder / "art.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#ff0000"/></svg>'
    )
    code, _, err = run_cli("build", "mini", "-o", "out")
    assert code == 0, err
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    first = pdf.read_bytes()
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    assert pdf.read_bytes() == first
    page = pypdfium2.PdfDocument(str(pdf))[0]
    image = page.render(scale=72 / 72 * 4).to_pil().convert("RGB")
    # find the red area's extent on the first card: it must be the hexagon (narrower than its box)
    red = [
        (x, y)
        for y in range(0, image.height, 2)
        for x in range(0, image.width // 3, 2)
        if image.getpixel((x, y)) == (255, 0, 0)
    ]
    xs, ys = [x for x, _ in red], [y for _, y in red]
    height, width = (max(ys) - min(ys)) / 4, (max(xs) - min(xs)) / 4  # in points
    assert height == pytest.approx(mm(40), abs=3)  # corner to corner, rounded a little
    assert width == pytest.approx(mm(40) * math.sqrt(3) / 2, abs=3)  # flat side to flat side


def test_the_template_schema_describes_shapes_and_expressions() -> None:
    from generator.schema.export import schema_for

    schema = schema_for("template")
    kinds = schema["$defs"]
    for name in ("PolygonElement", "StarElement", "PathElement"):
        assert "corner" in kinds[name]["properties"] and "image" in kinds[name]["properties"]
    assert "{= EXPR}" in kinds["TextElement"]["properties"]["text"]["description"]
    assert "{= stars * 2 > cost}" in str(kinds["RectElement"]["properties"]["when"])


def test_the_example_templates_fit_the_template_schema() -> None:
    import jsonschema
    import yaml

    from generator.schema.export import schema_for

    validator = jsonschema.Draft202012Validator(schema_for("template"))
    folder = Path(__file__).resolve().parents[1] / "examples" / "spice-market" / "templates"
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert [e.message for e in validator.iter_errors(data)] == [], path.name
    broken = {"elements": [{"type": "star", "points": "many", "place": {"size": ["1mm"]}}]}
    assert list(validator.iter_errors(broken))
