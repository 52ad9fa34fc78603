"""Light markup: each construct, nesting, escapes, keyword styling and every error."""

from __future__ import annotations

import pytest

from generator.text.markup import KeywordLook, MarkupError, Span, icon_names, parse_markup

BR = Span(newline=True)
PARA = Span(newline=True, paragraph=True)


def test_plain_and_empty() -> None:
    assert parse_markup("Draw a card.") == (Span("Draw a card."),)
    assert parse_markup("") == ()


def test_bold_italic_and_bold_italic() -> None:
    assert parse_markup("a **b** *c* d") == (
        Span("a "),
        Span("b", bold=True),
        Span(" "),
        Span("c", italic=True),
        Span(" d"),
    )
    assert parse_markup("***both***") == (Span("both", bold=True, italic=True),)


def test_colours() -> None:
    assert parse_markup("[color=#c0392b]hot[/color] [color=red]x[/color]") == (
        Span("hot", color="#c0392b"),
        Span(" "),
        Span("x", color="red"),
    )
    assert parse_markup("[color=#abc]s[/color]") == (Span("s", color="#abc"),)


def test_nesting() -> None:
    assert parse_markup("**bold [color=red]red bold[/color]**") == (
        Span("bold ", bold=True),
        Span("red bold", bold=True, color="red"),
    )
    assert parse_markup("[color=blue]a [color=red]b[/color] c[/color]") == (
        Span("a ", color="blue"),
        Span("b", color="red"),
        Span(" c", color="blue"),
    )


def test_icons_both_syntaxes() -> None:
    spans = parse_markup("Pay 2:coin: or {icon:big-gun_2}.")
    assert spans == (
        Span("Pay 2"),
        Span(icon="coin"),
        Span(" or "),
        Span(icon="big-gun_2"),
        Span("."),
    )
    assert icon_names(spans) == {"coin", "big-gun_2"}
    assert parse_markup("[color=red]:hit:[/color]") == (Span(icon="hit", color="red"),)


def test_colons_that_are_not_icons() -> None:
    text = "With Refrigerator: VEHICLE: at 12:30"
    assert parse_markup(text) == (Span(text),)


def test_breaks_and_paragraphs() -> None:
    assert parse_markup("a\nb\n\nc\n \n\n d") == (
        Span("a"),
        BR,
        Span("b"),
        PARA,
        Span("c"),
        PARA,
        Span(" d"),
    )
    assert parse_markup("a\r\nb") == (Span("a"), BR, Span("b"))


def test_escapes() -> None:
    assert parse_markup(r"5 \* 3 \:x: \[color=red] a\\b \{icon:y}") == (
        Span(r"5 * 3 :x: [color=red] a\b {icon:y}"),
    )
    assert parse_markup(r"\*\*not bold\*\*") == (Span("**not bold**"),)


def test_merges_adjacent_same_style() -> None:
    assert parse_markup("**a****b**") == (Span("ab", bold=True),)
    assert parse_markup("a[color=red][/color]b") == (Span("ab"),)


KEYWORDS = {
    "VEHICLE": KeywordLook(color="#c0392b", icon="truck"),
    "LAUNCHER": KeywordLook(),
    "Fire Support": KeywordLook(italic=True, bold=False),
}


def test_keywords_whole_words_only() -> None:
    spans = parse_markup("A VEHICLE/LAUNCHER; VEHICLES and vehicle are not.", KEYWORDS)
    assert spans == (
        Span("A "),
        Span(icon="truck", color="#c0392b", spaced=True),
        Span("VEHICLE", bold=True, color="#c0392b"),
        Span("/"),
        Span("LAUNCHER", bold=True),
        Span("; VEHICLES and vehicle are not."),
    )
    assert icon_names(spans) == {"truck"}
    assert parse_markup("UNVEHICLE VEHICLE_2 VEHICLE2", KEYWORDS) == (Span("UNVEHICLE VEHICLE_2 VEHICLE2"),)


def test_keywords_merge_onto_current_style() -> None:
    spans = parse_markup("*[color=blue]Call Fire Support now[/color]*", KEYWORDS)
    # the look (italic, not bold, no colour) adds nothing here, so the spans merge back
    assert spans == (Span("Call Fire Support now", italic=True, color="blue"),)
    spans = parse_markup("Call Fire Support", KEYWORDS)
    assert spans == (Span("Call "), Span("Fire Support", italic=True))
    assert parse_markup("**LAUNCHER**", KEYWORDS) == (Span("LAUNCHER", bold=True),)
    assert parse_markup("[color=blue]VEHICLE[/color]", KEYWORDS)[1].color == "#c0392b"


def test_keywords_with_escapes_and_markup_around() -> None:
    spans = parse_markup(r"\*LAUNCHER\* and **VEHICLE**", KEYWORDS)
    assert Span("LAUNCHER", bold=True) in spans
    assert Span("VEHICLE", bold=True, color="#c0392b") in spans


def test_keyword_regex_is_cached_by_keys() -> None:
    from generator.text import markup

    parse_markup("x", {"ALPHA": KeywordLook()})
    parse_markup("x", {"ALPHA": KeywordLook(color="red")})
    assert ("ALPHA",) in markup._KEYWORD_CACHE
    assert parse_markup("ALPHA", {"ALPHA": KeywordLook(color="red")}) == (
        Span("ALPHA", bold=True, color="red"),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Deal damage **twice", "unclosed '**' opened at character 13"),
        ("an *odd one", "unclosed '*' opened at character 4"),
        ("x [color=red]y", "unclosed '[color=red]' opened at character 3"),
        ("x[/color]", "'[/color]' at character 2 closes no '[color=...]'"),
        ("[color=#12]x[/color]", "invalid colour '#12'"),
        ("[color=dark red]x[/color]", "invalid colour 'dark red'"),
        ("[color red]x", "malformed colour tag at character 1"),
        ("{icon:Big Gun}", "invalid icon name 'Big Gun' at character 1"),
        ("{icon:gun", "unclosed '{icon:' at character 1"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(MarkupError) as info:
        parse_markup(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_brackets_that_are_not_tags_are_text() -> None:
    assert parse_markup("[X] {y} colors") == (Span("[X] {y} colors"),)
