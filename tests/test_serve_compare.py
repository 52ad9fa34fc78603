"""``serve --compare REV``: the preview's /compare page, the game as saved against a revision,
worked out again after each rebuild."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from generator.serve.compare import Comparison

IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@t"]


def _commit(folder: Path) -> None:
    for args in (["init", "-q"], ["add", "."], [*IDENTITY, "commit", "-qm", "v1"]):
        subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


def test_the_compare_page_follows_the_saved_game(served) -> None:
    _commit(served.folder)
    served.server.compare = Comparison(str(served.folder), "HEAD")
    status, headers, body = served.get("/compare")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "no differences" in body.decode() and "No card's face changed." in body.decode()
    served.save("cards.yaml", "text: Move **one** space, then draw one card.", "text: Move **two** spaces.")
    status, _, body = served.get("/compare")
    page = body.decode()
    assert "~ Quick Step" in page and "Move **one** space" in page  # the text report, escaped
    (image,) = re.findall(r'src="(/compare/img/[0-9a-f]+\.png)"', page)
    assert "<b>Quick Step</b>" in page
    status, headers, png = served.get(image)
    assert status == 200 and headers["content-type"] == "image/png" and png.startswith(b"\x89PNG")
    assert served.get("/compare/style.css")[0] == 200
    assert served.get("/compare/img/nothere.png")[0] == 404
    assert served.get("/compare/../../etc/passwd")[0] == 404


def test_without_compare_there_is_no_page(served) -> None:
    assert served.get("/compare")[0] == 404


def test_a_bad_revision_stops_serve_before_it_starts(served, run_cli) -> None:
    _commit(served.folder)
    code, out, err = run_cli("serve", served.folder, "--port", "0", "--compare", "nope~1")
    assert code == 2 and "error: unknown revision 'nope~1'" in err and "serving" not in out
