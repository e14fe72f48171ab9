"""A question's image: the validator checks the file is there, its type, its size, and that a URL is https."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.bank.loader import load_deck_bytes, load_deck_file, load_deck_text
from bot.bank.problems import DeckError
from bot.bank.writer import deck_to_yaml
from tests.png import three_bars

JPEG_START = b"\xff\xd8\xff\xe0" + b"\x00" * 60


def deck_with_image(folder: Path, image: str) -> Path:
    path = folder / "pictures.yaml"
    path.write_text(
        "id: pictures\ntitle: Pictures\nquestions:\n"
        f"  - id: p1\n    prompt: What is shown?\n    image: {image}\n    choices: [a, b]\n    answer: 0\n",
        encoding="utf-8",
    )
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(DeckError) as raised:
        load_deck_file(path)
    return [f"{Path(p.file).name}:{p.line}: {p.message}" for p in raised.value.problems]


def test_a_png_beside_the_deck_is_kept_by_its_full_path(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "bars.png").write_bytes(three_bars())
    deck = load_deck_file(deck_with_image(tmp_path, "images/bars.png"))
    assert deck.questions[0].image == str((tmp_path / "images" / "bars.png").resolve())


def test_an_https_url_is_kept_as_it_is(tmp_path: Path) -> None:
    deck = load_deck_file(deck_with_image(tmp_path, "https://example.org/chart.webp"))
    assert deck.questions[0].image == "https://example.org/chart.webp"


def test_an_https_image_is_written_back_and_a_files_full_path_is_not(tmp_path: Path) -> None:
    # Every save of a server's deck writes it as YAML and reads it back: its links must come through.
    linked = load_deck_file(deck_with_image(tmp_path, "https://example.org/chart.webp"))
    assert (
        load_deck_text(deck_to_yaml(linked), "again.yaml").questions[0].image
        == "https://example.org/chart.webp"
    )
    (tmp_path / "bars.png").write_bytes(three_bars())
    drawn = load_deck_file(deck_with_image(tmp_path, "bars.png"))
    assert "image" not in deck_to_yaml(drawn)  # this host's path stays out of an export


@pytest.mark.parametrize(
    ("image", "files", "message"),
    [
        ("missing.png", {}, "`image` file `missing.png` does not exist beside the deck"),
        (
            "photo.png",
            {"photo.png": JPEG_START},
            "`image` file `photo.png` is not a PNG image, whatever its name says",
        ),
        (
            "chart.bmp",
            {"chart.bmp": b"BM"},
            "`image` must be a PNG, JPEG, GIF or WebP file (.png, .jpg, .jpeg, .gif, .webp), not `chart.bmp`",
        ),
        ("../outside.png", {}, "`image` must name a file in the deck's folder or below it"),
        ("http://example.org/a.png", {}, "`image` URLs must start with https://"),
        ("https:///a.png", {}, "`image` `https:///a.png` has no host after https://"),
    ],
)
def test_each_image_problem_is_one_sentence_on_its_line(
    tmp_path: Path, image: str, files: dict[str, bytes], message: str
) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    (tmp_path / "outside.png").write_bytes(three_bars())
    assert problems(deck_with_image(folder, image)) == [f"pictures.yaml:6: {message}"]


def test_an_image_over_discords_upload_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.gif"
    with big.open("wb") as file:
        file.write(b"GIF89a")
        file.truncate(10 * 1024 * 1024 + 1)  # sparse: no 10 MiB written
    assert problems(deck_with_image(tmp_path, "big.gif")) == [
        "pictures.yaml:6: `image` file `big.gif` has 10.0 MiB; Discord takes at most 10 MiB"
    ]


def test_an_uploaded_deck_may_show_images_from_urls_only(tmp_path: Path) -> None:
    text = deck_with_image(tmp_path, "bars.png").read_bytes()
    with pytest.raises(DeckError) as raised:
        load_deck_bytes(text, "upload.yaml")
    assert [p.message for p in raised.value.problems] == [
        "an uploaded deck can show images only from https:// URLs, not files"
    ]


def test_the_shipped_chart_is_the_one_the_script_draws() -> None:
    shipped = Path(__file__).resolve().parents[1] / "questions" / "images" / "three-bars.png"
    assert shipped.read_bytes() == three_bars()
