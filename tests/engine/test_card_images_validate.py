"""display.images: a ruleset names its own card pictures, and `validate` checks every path (issue 16).

The fixture tests/fixtures/card_images is a tiny game with a face pattern, a single card's file and
a back; each test copies it to a folder of its own and breaks one thing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.compiling.pipeline import check_file

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "card_images"
IMAGES = """    face: "cards/{suit}{value}.svg"
    back: cards/back.svg
    cards: {m-3: cards/moon-high.svg}
"""


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(FIXTURE, folder)
    return folder / "images.yaml"


def with_images(path: Path, images: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert IMAGES in text
    path.write_text(text.replace(IMAGES, images), encoding="utf-8")
    return path


def problems(path: Path) -> list[tuple[int, int, str]]:
    report = check_file(path)
    return [(d.span.line, d.span.col, d.message) for d in report.diagnostics if d.span is not None]


def test_the_fixture_names_a_picture_for_every_card_and_the_back(game):
    report = check_file(game)
    assert report.ok, report.diagnostics
    rs = report.ruleset
    images = rs.images
    named = {
        cid: Path(images.files[images.faces[f]]).relative_to(game.parent).as_posix()
        for f, cid in enumerate(rs.cards.ids)
    }
    assert named == {
        "s-1": "cards/s1.svg",
        "s-2": "cards/s2.svg",
        "s-3": "cards/s3.svg",
        "s-4": "cards/s4.svg",
        "m-1": "cards/m1.svg",
        "m-2": "cards/m2.svg",
        "m-3": "cards/moon-high.svg",  # the single card's file takes the pattern's place
        "m-4": "cards/m4.svg",
    }
    assert Path(images.files[images.back]).name == "back.svg"
    assert images.content_type(images.back) == "image/svg+xml"


def test_a_ruleset_without_images_has_none():
    from tests.engine.tiny import HIGH_CARD, compile_text

    assert compile_text(HIGH_CARD).images is None


def test_cards_without_a_pattern_file_are_drawn(game):
    with_images(game, "    cards: {s-1: cards/s1.svg}\n")
    rs = check_file(game).ruleset
    assert [f >= 0 for f in rs.images.faces] == [True] + [False] * 7
    assert rs.images.back == -1


def test_an_unknown_placeholder_is_an_error_at_the_pattern(game):
    with_images(game, '    face: "cards/{suit}{valeu}.svg"\n')
    report = check_file(game)
    (d,) = report.diagnostics
    assert d.message == "images.face names unknown placeholder '{valeu}'"
    assert (d.span.line, d.span.col) == (46, 11)
    assert d.hint == "did you mean 'value'?"


def test_a_brace_that_opens_no_placeholder_is_an_error(game):
    with_images(game, '    face: "cards/{suit{value}.svg"\n')
    assert problems(game) == [(46, 11, "images.face has a '{' or '}' that opens or closes no placeholder")]


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("../images.yaml.svg", "leaves the ruleset's folder ('..')"),
        ("cards/../../x.svg", "leaves the ruleset's folder ('..')"),
        ("/etc/passwd.svg", "is absolute; give it relative to the ruleset's folder"),
        ("C:/cards/back.svg", "is absolute; give it relative to the ruleset's folder"),
        ("cards\\\\back.svg", "has a '\\': write '/' between folders"),
        ("images.yaml", "is not an image of type svg, png, webp or jpg"),
        ("cards/back.gif", "is not an image of type svg, png, webp or jpg"),
        ("cards/nothing.svg", "does not exist"),
    ],
)
def test_a_back_that_cannot_be_served_is_an_error_at_its_path(game, path, problem):
    with_images(game, f'    back: "{path}"\n')
    shown = path.replace("\\\\", "\\")
    assert problems(game) == [(46, 11, f"images.back '{shown}' {problem}")]


def test_a_link_leading_out_of_the_folder_is_an_error(game, tmp_path):
    outside = tmp_path / "secret.svg"
    outside.write_text("<svg/>", encoding="utf-8")
    try:
        os.symlink(outside, game.parent / "cards" / "link.svg")
    except OSError:
        pytest.skip("no symbolic links here")
    with_images(game, "    back: cards/link.svg\n")
    assert problems(game) == [(46, 11, "images.back 'cards/link.svg' leads out of the ruleset's folder")]


def test_missing_pattern_files_are_one_error_with_a_count(game):
    for name in ("s1", "s2", "m1"):
        (game.parent / "cards" / f"{name}.svg").unlink()
    assert problems(game) == [(46, 11, "images.face: image 'cards/s1.svg' (card 's-1') does not exist, and 2 more")]


def test_a_single_card_of_an_unknown_id_or_a_missing_file(game):
    with_images(game, "    cards: {m-5: cards/m1.svg, m-1: cards/m9.png}\n")
    report = check_file(game)
    assert [(d.message, d.hint) for d in report.diagnostics] == [
        ("images.cards names unknown card 'm-5'", "did you mean 'm-4'?"),
        ("image 'cards/m9.png' of card 'm-1' does not exist", None),
    ]


def test_an_unknown_key_is_a_schema_error(game):
    with_images(game, "    faces: cards/{id}.svg\n")
    (d,) = check_file(game).diagnostics
    assert "faces" in d.message and d.span.line == 46


def test_validate_prints_the_problem_with_its_place_and_no_traceback(game):
    with_images(game, '    back: "../outside.png"\n')
    run = subprocess.run(
        [sys.executable, "-m", "interpreter", "validate", str(game)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert run.returncode == 1
    assert (
        f"{game}:46:11: error: images.back '../outside.png' leaves the ruleset's folder ('..')"
        in run.stdout + run.stderr
    )
    assert "Traceback" not in run.stdout + run.stderr


@pytest.mark.parametrize("name", ["cards/a\\u0000b.svg", "cards/" + "x" * 5000 + ".svg"])
def test_a_name_no_file_can_have_is_a_diagnostic_not_a_traceback(game, name):
    with_images(game, f'    back: "{name}"\n')
    (d,) = check_file(game).diagnostics
    assert d.message.startswith("images.back") and d.message.endswith("cannot be read as a file")


def test_in_a_variant_each_path_is_relative_to_the_file_that_writes_it(game):
    variant = game.parent / "variants" / "own_back.yaml"
    variant.parent.mkdir()
    (variant.parent / "back.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    variant.write_text(
        "cardrules: 1\nextends: ../images.yaml\nid: own_back\nname: Own back\n"
        "display:\n  images:\n    back: back.png\n",
        encoding="utf-8",
    )
    report = check_file(variant)
    assert report.ok, report.diagnostics
    images = report.ruleset.images
    assert Path(images.files[images.back]) == (variant.parent / "back.png").resolve()
    assert images.content_type(images.back) == "image/png"
    assert Path(images.files[images.faces[0]]) == (game.parent / "cards" / "s1.svg").resolve()  # the base's
