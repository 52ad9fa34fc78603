"""Light card-text markup turned into styled spans.

Syntax: ``**bold**``, ``*italic*``, ``[color=#c0392b]...[/color]`` (``#rgb``, ``#rrggbb`` or a
colour name made of letters), inline icons ``:name:`` or ``{icon:name}`` (name: ``[a-z0-9_-]+``),
``\\n`` a hard break, a blank line a paragraph break, and backslash escapes ``\\*``, ``\\:``,
``\\[``, ``\\]``, ``\\{``, ``\\}``, ``\\\\``. Bold and italic are toggles; colours nest
(``[colour=...]`` is accepted too).

Keywords (whole words, case-sensitive; a word is bounded by anything that is not a letter, digit
or underscore, so ``VEHICLE/LAUNCHER`` holds ``VEHICLE`` but ``VEHICLES`` does not) get their
:class:`KeywordLook` merged onto the surrounding style.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from generator.core.colorspec import is_cmyk, parse_cmyk


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of text in one style, an inline icon, or a break.

    ``paragraph`` marks a paragraph break and always comes with ``newline`` set too.
    """

    text: str = ""
    bold: bool = False
    italic: bool = False
    color: str | None = None
    icon: str | None = None
    newline: bool = False
    paragraph: bool = False
    spaced: bool = False  # an icon set apart from the text right after it (a keyword's icon)


_SPAN_SETTERS = tuple(
    Span.__dict__[f].__set__
    for f in ("text", "bold", "italic", "color", "icon", "newline", "paragraph", "spaced")
)


def plain_span(text: str, bold: bool, italic: bool) -> Span:
    """``Span(text, bold, italic)``, its slots filled directly (the frozen ``__init__`` sets each
    through ``object.__setattr__``): what ``parse_markup`` makes of a plain text (``is_plain``)
    set bold or italic as a whole."""
    span = object.__new__(Span)
    st, sb, si, sc, sn, sl, sp, ss = _SPAN_SETTERS
    st(span, text)
    sb(span, bold)
    si(span, italic)
    sc(span, None)
    sn(span, None)
    sl(span, False)
    sp(span, False)
    ss(span, False)
    return span


@dataclass(frozen=True)
class KeywordLook:
    """How a keyword is shown: bold/italic are OR'd onto the text, colour overrides it."""

    bold: bool = True
    italic: bool = False
    color: str | None = None
    icon: str | None = None  # drawn just before the word


class MarkupError(ValueError):
    """Raised for malformed markup; the message says what is wrong and at which character."""


_SPECIAL = re.compile(r"[*\[:{\\\n]")


def _special(text: str) -> bool:
    """Whether ``text`` holds a character of ``_SPECIAL`` (as its search finds one, faster)."""
    return "*" in text or "[" in text or ":" in text or "{" in text or "\\" in text or "\n" in text


_TOKEN = re.compile(
    r"\\(?P<esc>[*:\[\]{}\\])"
    r"|(?P<para>\n[ \t]*\n(?:[ \t]*\n)*)"
    r"|(?P<nl>\n)"
    r"|(?P<bold>\*\*)"
    r"|(?P<italic>\*)"
    r"|\[colou?r=(?P<color>[^\]\n]*)\]"
    r"|(?P<endcolor>\[/colou?r\])"
    r"|(?P<badtag>\[/?colou?r\b)"
    r"|:(?P<icon>[a-z0-9_-]+):"
    r"|\{icon:(?P<icon2>[^}\n]*)\}"
    r"|(?P<badicon>\{icon:)"
)
_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}|[A-Za-z]+")
_ICON = re.compile(r"[a-z0-9_-]+")

_KEYWORD_CACHE: dict[tuple[str, ...], re.Pattern[str]] = {}


def _keyword_regex(keys: tuple[str, ...]) -> re.Pattern[str]:
    pattern = _KEYWORD_CACHE.get(keys)
    if pattern is None:
        if len(_KEYWORD_CACHE) > 256:
            _KEYWORD_CACHE.clear()
        alts = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True) if k)
        pattern = _KEYWORD_CACHE[keys] = re.compile(rf"(?<!\w)(?:{alts})(?!\w)")
    return pattern


def _emit(
    out: list[Span],
    text: str,
    bold: bool,
    italic: bool,
    color: str | None,
    kw: re.Pattern[str] | None,
    keywords: Mapping[str, KeywordLook] | None,
) -> None:
    """Append plain ``text`` in the given style, styling keywords inside it."""
    if kw is None or keywords is None:
        out.append(Span(text, bold, italic, color))
        return
    last = 0
    for m in kw.finditer(text):
        start, word = m.start(), m.group()
        if start > last:
            out.append(Span(text[last:start], bold, italic, color))
        look = keywords[word]
        c = look.color or color
        if look.icon:
            out.append(Span(color=c, icon=look.icon, spaced=True))
        out.append(Span(word, bold or look.bold, italic or look.italic, c))
        last = m.end()
    if last < len(text):
        out.append(Span(text[last:], bold, italic, color))


def _merge(spans: list[Span]) -> tuple[Span, ...]:
    """Join adjacent text spans of the same style; drop empty ones."""
    out: list[Span] = []
    for s in spans:
        if s.icon is None and not s.newline:
            if not s.text:
                continue
            if out:
                p = out[-1]
                if (
                    p.icon is None
                    and not p.newline
                    and p.bold == s.bold
                    and p.italic == s.italic
                    and p.color == s.color
                ):
                    out[-1] = Span(p.text + s.text, s.bold, s.italic, s.color)
                    continue
        out.append(s)
    return tuple(out)


_BREAK = Span(newline=True)
_PARAGRAPH = Span(newline=True, paragraph=True)


def is_plain(text: str) -> bool:
    """True when ``text`` holds no markup at all (no marker, tag, icon, escape or break)."""
    return "\r" not in text and not _special(text)


def parse_markup(text: str, keywords: Mapping[str, KeywordLook] | None = None) -> tuple[Span, ...]:
    """Parse card-text markup into spans; raise MarkupError for malformed markup."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    kw = _keyword_regex(tuple(keywords)) if keywords else None
    if not _special(text):
        if kw is None:
            return (Span(text),) if text else ()
        out: list[Span] = []
        _emit(out, text, False, False, None, kw, keywords)
        return _merge(out)

    out = []
    buf: list[str] = []
    bold_at = italic_at = 0  # 1-based position of the opening marker; 0 when off
    colors: list[tuple[str, int]] = []  # (colour, position of its opening tag)
    color: str | None = None
    pos = 0
    for m in _TOKEN.finditer(text):
        start = m.start()
        if start > pos:
            buf.append(text[pos:start])
        pos = m.end()
        kind = m.lastgroup
        if kind == "esc":
            buf.append(m.group("esc"))
            continue
        if buf:
            _emit(out, "".join(buf), bool(bold_at), bool(italic_at), color, kw, keywords)
            buf.clear()
        at = start + 1
        if kind == "bold":
            bold_at = 0 if bold_at else at
        elif kind == "italic":
            italic_at = 0 if italic_at else at
        elif kind == "nl":
            out.append(_BREAK)
        elif kind == "para":
            out.append(_PARAGRAPH)
        elif kind == "color":
            value = m.group("color").strip()
            if is_cmyk(value):
                try:
                    value = str(parse_cmyk(value))
                except ValueError as exc:
                    raise MarkupError(f"{exc} in {m.group()!r} at character {at}") from None
            elif not _COLOR.fullmatch(value):
                raise MarkupError(
                    f"invalid colour {value!r} in {m.group()!r} at character {at}: "
                    "use #rgb, #rrggbb or a colour name"
                )
            colors.append((value, at))
            color = value
        elif kind == "endcolor":
            if not colors:
                raise MarkupError(f"'[/color]' at character {at} closes no '[color=...]'")
            colors.pop()
            color = colors[-1][0] if colors else None
        elif kind == "badtag":
            raise MarkupError(
                f"malformed colour tag at character {at}: write [color=NAME]...[/color]"
                " (or \\[ for a literal bracket)"
            )
        elif kind in ("icon", "icon2"):
            name = m.group(kind).strip()
            if not _ICON.fullmatch(name):
                raise MarkupError(
                    f"invalid icon name {name!r} at character {at}: "
                    "use lowercase letters, digits, '_' and '-'"
                )
            out.append(Span(color=color, icon=name))
        elif kind == "badicon":
            raise MarkupError(f"unclosed '{{icon:' at character {at}: write {{icon:NAME}}")
    if pos < len(text):
        buf.append(text[pos:])
    if buf:
        _emit(out, "".join(buf), bool(bold_at), bool(italic_at), color, kw, keywords)
    if bold_at:
        raise MarkupError(f"unclosed '**' opened at character {bold_at}")
    if italic_at:
        raise MarkupError(f"unclosed '*' opened at character {italic_at}")
    if colors:
        value, at = colors[-1]
        raise MarkupError(f"unclosed '[color={value}]' opened at character {at}")
    return _merge(out)


def icon_names(spans: Iterable[Span]) -> set[str]:
    """Every icon the spans draw, inline or from keyword looks."""
    return {s.icon for s in spans if s.icon}
