"""Read ``summary.yaml`` into a :class:`Summary`: schema, then the checks that need the game.

Every problem is collected before anything is raised: unknown kinds and keys, markup errors,
icons the game does not have, undeclared keywords, ragged tables, unknown fonts, text too long
for a card-size aid and a reference longer than its page limit.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from generator.art import gameicons
from generator.art.fonts import FontBook, UnknownFontError
from generator.core.errors import DataError, Problem
from generator.core.say import say
from generator.core.sizes import UnknownSizeError, card_size
from generator.core.yamlio import Document, Loc, load_yaml
from generator.load.model import Game, Origin
from generator.schema.messages import suggest, validate
from generator.schema.summary import SECTION_KINDS, SectionBase, SummarySpec
from generator.summary.check import fit_problems
from generator.summary.model import AidOptions, Section, Spans, Summary, Table, Theme
from generator.text.markup import KeywordLook, MarkupError, Span, icon_names, parse_markup

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*")  # inside a paragraph a line break is a space
_AUTO_WIDTHS = ("keywords", "sets")  # without 'widths', the first column fits its widest cell


def load_summary(path: Path, game: Game) -> Summary:
    """Load and check the rule summary at ``path`` for ``game``; raise DataError listing every problem."""
    doc = load_yaml(path)
    data = doc.data if doc.data is not None else {}
    problems: list[Problem] = []
    spec: SummarySpec | None = None
    try:
        spec = validate(SummarySpec, data, doc)
    except DataError as exc:
        problems.extend(exc.problems)
    raw = data.get("sections") if isinstance(data, dict) else None
    section_specs = _section_specs(raw if isinstance(raw, list) else [], doc, problems)
    if spec is None or problems:
        raise DataError(problems)
    summary = _Resolver(spec, game, doc, problems).summary(section_specs)
    if problems:
        raise DataError(problems)
    problems.extend(fit_problems(summary, FontBook.load(summary.font_dirs)))
    if problems:
        raise DataError(problems)
    return summary


def _section_specs(raw: list[Any], doc: Document, problems: list[Problem]) -> list[tuple[int, SectionBase]]:
    """Validate each section against the model of its kind."""
    kinds = list(SECTION_KINDS)
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            continue  # the top-level schema already reported it
        kind = item.get("kind")
        if kind is None:
            msg = f"missing required key 'kind'; expected one of {', '.join(kinds)}"
            problems.append(doc.problem(("sections", i), msg, rank=20))
            continue
        if kind not in SECTION_KINDS:
            hint = suggest(str(kind), kinds)
            msg = f"unknown section kind '{kind}'{hint}; expected one of {', '.join(kinds)}"
            problems.append(doc.problem(("sections", i, "kind"), msg, rank=20))
            continue
        try:
            out.append((i, validate(SECTION_KINDS[kind], item, doc, base=("sections", i))))
        except DataError as exc:
            problems.extend(exc.problems)
    return out


def _players_max(players: str | None) -> int:
    numbers = [int(n) for n in re.findall(r"\d+", players or "")]
    return max(numbers) if numbers else 1


class _Resolver:
    """Turns validated specs into the model, recording problems found on the way."""

    def __init__(self, spec: SummarySpec, game: Game, doc: Document, problems: list[Problem]):
        self.spec, self.game, self.doc, self.problems = spec, game, doc, problems
        self.meanings: dict[str, str | None] = {}
        self.word_icons: dict[str, str | None] = {}
        self.icons = dict(game.icons)  # and the game-icons.net icons this summary's terms name
        self.looks = self._looks()

    def _err(self, loc: Loc, message: str, rank: int = 40) -> None:
        self.problems.append(self.doc.problem(loc, message, rank=rank))

    def _icon_problem(self, name: str) -> str:
        return (
            f"no icon named '{name}'{suggest(name, self.game.icons)}: use one of the game's icons "
            "(the bundled set in templates/icons, or one added under 'icons:' in game.yaml)"
        )

    def _looks(self) -> dict[str, KeywordLook]:
        """Keyword looks for running text: the game's keywords, then this summary's terms."""
        style = self.spec.style
        entries: list[tuple[str, dict[str, Any], Loc | None]] = [
            (w, dict(info or {}), None) for w, info in self.game.keywords.items()
        ]
        entries += [(w, t.model_dump(), ("terms", w)) for w, t in self.spec.terms.items()]
        looks = {}
        for word, info, loc in entries:
            icon = info.get("icon")
            if icon and icon not in self.icons and gameicons.is_named(icon) and loc is not None:
                try:
                    self.icons[icon] = gameicons.path(icon)
                except gameicons.GameIconError as exc:
                    self._err((*loc, "icon"), str(exc), rank=25)
                    icon = None
            if icon and icon not in self.icons:
                if loc is not None:
                    self._err((*loc, "icon"), self._icon_problem(icon), rank=25)
                icon = None
            elif not icon and word.lower() in self.game.icons:
                icon = word.lower()
            self.meanings[word] = info.get("meaning")
            self.word_icons[word] = icon
            color = info.get("color") or style.accent
            looks[word] = KeywordLook(bold=True, color=color, icon=icon if style.keyword_icons else None)
        return looks

    def spans(self, text: str | None, loc: Loc) -> Spans:
        """Parse markup, checking every icon it draws against the game's icon set."""
        if not text:
            return ()
        text = _LINE_BREAK.sub(" ", text.strip())
        try:
            out = parse_markup(text, self.looks)
        except MarkupError as exc:
            self._err(loc, f"bad markup: {exc}")
            return ()
        for name in sorted(icon_names(out) - set(self.icons)):
            self._err(loc, self._icon_problem(name), rank=25)
        return out

    def summary(self, specs: list[tuple[int, SectionBase]]) -> Summary:
        spec, game = self.spec, self.game
        theme = Theme(**spec.style.model_dump(exclude={"keyword_icons"}))
        self._fonts(theme)
        sections = tuple(self._section(i, s) for i, s in specs)
        title = spec.title or game.title
        players = game.extra["spec"].players if "spec" in game.extra else None
        line, col = self.doc.mark(())
        return Summary(
            game=game.name,
            title=title,
            subtitle=spec.subtitle,
            tagline=say("summary.players", players=players) if players else "",
            max_pages=spec.pages,
            theme=theme,
            aids=self._aids(title, players),
            sections=sections,
            keyword_looks=self.looks,
            icons=self.icons,
            font_dirs=tuple(game.font_dirs),
            origin=Origin(self.doc.file, line, col),
            doc=self.doc,
            inline_icons=dict(game.inline_icons),
        )

    def _fonts(self, theme: Theme) -> None:
        try:
            fonts = FontBook.load(self.game.font_dirs)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return
        for key in ("font", "heading_font"):
            try:
                fonts.face(getattr(theme, key))
            except UnknownFontError as exc:
                self._err(("style", key), str(exc), rank=30)

    def _aids(self, title: str, players: str | None) -> AidOptions:
        a = self.spec.aids
        name, (w, h) = "custom", (0.0, 0.0)
        if isinstance(a.size, str):
            try:
                name, (w, h) = a.size, card_size(a.size)
            except UnknownSizeError as exc:
                self._err(("aids", "size"), str(exc), rank=30)
        else:
            w, h = a.size.width, a.size.height
        copies = a.copies or _players_max(players)
        return AidOptions(name, w, h, a.title or f"{title} player aid", copies, a.text_size)

    def _section(self, i: int, s: SectionBase) -> Section:
        at: Loc = ("sections", i)
        items: list[Spans] = []
        table = None
        if s.kind == "paragraph":
            parts = _PARAGRAPH_BREAK.split(s.text.strip())
            items = [self.spans(p, (*at, "text")) for p in parts if p.strip()]
        elif s.kind in ("steps", "bullets"):
            items = [self.spans(t, (*at, "items", j)) for j, t in enumerate(s.items)]
        elif s.kind == "table":
            table = self._table(s, at)
        elif s.kind == "keywords":
            table = self._keywords(s, at)
        elif s.kind == "sets":
            table = self._sets(s, at)
        note = tuple(dataclasses.replace(x, italic=True) for x in self.spans(s.note, (*at, "note")))
        line, col = self.doc.mark(at)
        return Section(
            index=i,
            kind=s.kind,
            title=s.title or "",
            aid=s.aid != "no",
            reference=s.aid != "only",
            intro=self.spans(s.intro, (*at, "intro")),
            items=tuple(items),
            table=table,
            note=note,
            start=getattr(s, "start", 1),
            origin=Origin(self.doc.file, line, col),
        )

    def _header(self, s: Any, at: Loc, n: int) -> tuple[tuple[Spans, ...] | None, tuple[float, ...]]:
        header = None
        if s.columns is not None:
            header = tuple(self.spans(c, (*at, "columns", k)) for k, c in enumerate(s.columns))
            if len(s.columns) != n:
                self._err((*at, "columns"), f"expected {n} column headings, found {len(s.columns)}")
        if not s.widths and s.kind in _AUTO_WIDTHS:
            return header, ()
        widths = tuple(s.widths) if s.widths else (1.0,) * n
        if len(widths) != n:
            self._err((*at, "widths"), f"expected {n} widths (one per column), found {len(widths)}")
            widths = (1.0,) * n
        total = sum(widths)
        return header, tuple(w / total for w in widths)

    def _table(self, s: Any, at: Loc) -> Table:
        n = len(s.columns) if s.columns else len(s.rows[0])
        rows = []
        for r, row in enumerate(s.rows):
            if len(row) != n:
                self._err((*at, "rows", r), f"expected {n} cells in this row, found {len(row)}")
                continue
            rows.append(tuple(self.spans(c, (*at, "rows", r, k)) for k, c in enumerate(row)))
        header, widths = self._header(s, at, n)
        return Table(header, tuple(rows), widths)

    def _word(self, word: str, loc: Loc) -> Spans:
        """A keyword with its icon, in its look; an undeclared word is a problem."""
        if word not in self.looks:
            self._err(
                loc,
                f"unknown keyword '{word}'{suggest(word, self.looks)}: declare it under 'keywords:' "
                "in game.yaml or under 'terms:' in this file",
            )
            return (Span(word, bold=True),)
        look, icon = self.looks[word], self.word_icons[word]
        return ((Span(icon=icon, color=look.color),) if icon else ()) + (Span(word, True, False, look.color),)

    def _keywords(self, s: Any, at: Loc) -> Table:
        words = s.words if s.words is not None else list(self.looks)
        if not words:
            self._err(at, "no keywords to list: declare some in game.yaml or under 'terms:' here")
        rows = []
        for k, word in enumerate(words):
            loc = (*at, "words", k) if s.words is not None else at
            cell = self._word(word, loc)
            meaning = self.meanings.get(word)
            if word in self.looks and not meaning:
                self._err(
                    loc, f"keyword '{word}' has no meaning: add 'meaning:' to it in game.yaml or 'terms:'"
                )
            rows.append((cell, self.spans(meaning, loc)))
        header, widths = self._header(s, at, 2)
        return Table(header, tuple(rows), widths, lead_icons=True)

    def _sets(self, s: Any, at: Loc) -> Table:
        rows = []
        for k, combo in enumerate(s.sets):
            cell: list[Span] = []
            for j, word in enumerate(combo.keywords):
                if j:
                    cell.append(Span(f" {s.joiner} "))
                cell.extend(self._word(word, (*at, "sets", k, "keywords", j)))
            rows.append((tuple(cell), self.spans(combo.note, (*at, "sets", k, "note"))))
        header, widths = self._header(s, at, 2)
        return Table(header, tuple(rows), widths, lead_icons=True)
