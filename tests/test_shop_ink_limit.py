"""A file for a print shop never exceeds the shop's total ink limit: a ``cmyk(...)`` colour
written above it fails the build at the template line, and nothing is written."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import MINI_FRONT, write_game


def _on(fill: str) -> str:
    """The mini front on a dark ``fill``, its text white so that it reads (the proofreader)."""
    front = MINI_FRONT.replace('fill: "#ffffff"}', f'fill: "{fill}"}}', 1)
    return front.replace("size: 10pt}", 'size: 10pt, color: "#ffffff"}').replace(
        "min_size: 7pt}", 'min_size: 7pt, color: "#ffffff"}'
    )


DARK = _on("cmyk(100, 100, 100, 100)")


def test_a_cmyk_colour_over_the_shop_limit_fails_at_its_line(run_cli, tmp_path: Path) -> None:
    game = write_game(tmp_path / "mini")
    code, _, err = run_cli("build", game, "-o", tmp_path / "out")
    assert code == 0, err
    before = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()}
    (game / "templates" / "mini-front.yaml").write_text(DARK, encoding="utf-8")
    code, _, err = run_cli("build", game, "--printshop", "drivethrucards", "-o", tmp_path / "out")
    assert code == 1
    assert (
        "mini-front.yaml:5:5" in err
        and "cmyk(100, 100, 100, 100) is 400 % total ink, above the 240 % limit" in err
    )
    assert "DriveThruCards's files never exceed its limit" in err and "Traceback" not in err
    assert {p: p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()} == before


def test_the_same_colour_in_a_home_build_stays_a_warning(run_cli, tmp_path: Path) -> None:
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": DARK})
    code, _, err = run_cli("build", game, "--color", "cmyk", "-o", tmp_path / "out")
    assert code == 0, err
    assert "warning" in err and "400 % total ink, above the 300 % limit" in err


def test_under_the_limit_the_shop_file_is_written(run_cli, tmp_path: Path) -> None:
    fine = _on("cmyk(60, 60, 60, 60)")
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": fine})
    code, _, err = run_cli("build", game, "--printshop", "drivethrucards", "-o", tmp_path / "out")
    assert code == 0, err
    assert (tmp_path / "out" / "mini" / "printshop-drivethrucards" / "cards.pdf").is_file()


def test_cmyk_builds_leave_rgb_shop_images_untouched(run_cli, tmp_path: Path) -> None:
    """The Game Crafter and MakePlayingCards take RGB images: ``--color cmyk`` (for the home
    kit) must not send them through CMYK and back."""
    game = write_game(tmp_path / "mini")
    for shop in ("thegamecrafter", "makeplayingcards"):
        images = {}
        for mode in ("rgb", "cmyk"):
            out = tmp_path / f"{shop}-{mode}"
            code, _, err = run_cli("build", game, "--printshop", shop, "--color", mode, "-o", out)
            assert code == 0, err
            folder = out / "mini" / f"printshop-{shop}" / "cards"
            images[mode] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
        assert images["rgb"] and images["rgb"] == images["cmyk"], shop
