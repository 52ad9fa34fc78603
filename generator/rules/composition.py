"""Deck composition: check a game's cards against the rules in its ``constraints.yaml``.

Every violation is collected: the rule's id and message, where the rule was written and where
the offending card was written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.core.errors import DataError, Problem
from generator.core.yamlio import Document, load_yaml
from generator.load.model import Card, Game, Origin
from generator.rules.checks import Finding
from generator.rules.fieldpath import origin_of, select, text, values_at
from generator.rules.module import code_problem, load_rules_module, rules_path, spec_problem
from generator.schema.constraints import Bounds, Constraint, ConstraintFile
from generator.schema.messages import suggest, validate


@dataclass(frozen=True)
class Breach:
    """One composition violation."""

    rule: str
    message: str
    rule_at: Origin
    detail: str
    at: Origin | None = None
    card: str = ""

    def problem(self) -> Problem:
        where = self.at or self.rule_at
        text_ = f"[{self.rule}] {self.message}: {self.detail}"
        if self.at is not None:
            text_ += f" (constraint at {self.rule_at})"
        return Problem(60, where.file, where.line, where.column, self.card, text_, cell=where.cell)


def load_constraints(game: Game) -> tuple[list[Constraint], Document] | None:
    """The game's validated constraints and their document; None when it declares none."""
    spec = game.extra.get("spec")
    if spec is None or not spec.constraints:
        return None
    path = game.folder / spec.constraints
    if not path.is_file():
        raise DataError([spec_problem(game, "constraints", f"file '{spec.constraints}' not found")])
    doc = load_yaml(path)
    parsed: ConstraintFile = validate(ConstraintFile, doc.data or {}, doc)
    seen: dict[str, int] = {}
    problems = []
    for i, rule in enumerate(parsed.constraints):
        if rule.id in seen:
            first = doc.mark(("constraints", seen[rule.id]))[0]
            message = f"duplicate id '{rule.id}' (first used at line {first})"
            problems.append(doc.problem(("constraints", i, "id"), message, rank=20))
        seen.setdefault(rule.id, i)
    if problems:
        raise DataError(problems)
    return parsed.constraints, doc


def check_composition(game: Game, run_code: bool = True) -> list[Problem]:
    """Every composition violation of ``game`` as a Problem (none when it has no constraints);
    without ``run_code``, named checks (the game's own Python) are left out."""
    return [b.problem() for b in composition_breaches(game, run_code)]


def composition_breaches(game: Game, run_code: bool = True) -> list[Breach]:
    """Every composition violation of ``game``; DataError when the constraints are malformed.
    Without ``run_code`` the named checks (``check:``, the game's rules module) are skipped."""
    loaded = load_constraints(game)
    if loaded is None:
        return []
    rules, doc = loaded
    out: list[Breach] = []
    problems: list[Problem] = []
    for i, rule in enumerate(rules):
        if rule.kind == "check" and not run_code:
            continue
        rule_at = Origin(doc.file, *doc.mark(("constraints", i)))
        try:
            cards = _deck_cards(game, rule, doc, i)
            for detail, card, path in _KINDS[rule.kind](game, rule.body(), cards, doc, i):
                at = origin_of(card, path) if card is not None else None
                out.append(Breach(rule.id, rule.message, rule_at, detail, at, card.name if card else ""))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return out


def _deck_cards(game: Game, rule: Constraint, doc: Document, i: int) -> list[Card]:
    if rule.deck is None:
        return list(game.all_cards())
    names = [d.name for d in game.decks]
    if rule.deck not in names:
        message = f"unknown deck '{rule.deck}'{suggest(rule.deck, names)}; decks: {', '.join(names)}"
        raise DataError([doc.problem(("constraints", i, "deck"), message)])
    return list(game.deck(rule.deck).cards)


def _bounds_text(b: Bounds) -> str:
    if b.exactly is not None:
        return f"exactly {b.exactly}"
    if b.min is not None and b.max is not None:
        return f"between {b.min} and {b.max}"
    return f"at least {b.min}" if b.min is not None else f"at most {b.max}"


def _outside(n: int, b: Bounds) -> bool:
    if b.exactly is not None:
        return n != b.exactly
    return (b.min is not None and n < b.min) or (b.max is not None and n > b.max)


Found = Iterator[tuple[str, Card | None, str]]


def _deck_size(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    bounds = Bounds(exactly=body) if isinstance(body, int) else body
    total = sum(c.count for c in cards)
    if _outside(total, bounds):
        yield f"expected {_bounds_text(bounds)} cards, found {total}", None, ""


def _count(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    chosen = select(cards, body.where)
    groups: dict[str, int] = defaultdict(int)
    if body.per is None:
        groups[""] = sum(c.count for c in chosen)
    for card in chosen if body.per else ():
        for value in {text(v) for v in values_at(card, body.per)}:
            groups[value] += card.count
    for group, n in sorted(groups.items()):
        if _outside(n, body):
            label = f" with {body.per} {group}" if body.per else ""
            yield f"expected {_bounds_text(body)} cards{label}, found {n}", None, ""


def _copies(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    by_name: dict[str, list[Card]] = defaultdict(list)
    for card in select(cards, body.where):
        by_name[card.name].append(card)
    for name, same in by_name.items():
        total = sum(c.count for c in same)
        if total > body.max:
            yield f"{total} copies of '{name}', at most {body.max} allowed", same[0], "count"


def _range(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    for card in select(cards, body.where):
        for value in values_at(card, body.field):
            if isinstance(value, bool) or not isinstance(value, int | float):
                yield f"{body.field} is {text(value)!r}, not a number", card, body.field
            elif (body.min is not None and value < body.min) or (body.max is not None and value > body.max):
                low = "" if body.min is None else f"{body.min:g}"
                high = "" if body.max is None else f"{body.max:g}"
                yield f"{body.field} is {value}, outside {low}..{high}", card, body.field


def _unique(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    first: dict[tuple, Card] = {}
    for card in select(cards, body.where):
        key = tuple(tuple(sorted(text(v) for v in values_at(card, f))) for f in body.fields)
        if not any(key):
            continue
        if key in first:
            shown = ", ".join(f"{f} {'/'.join(k)}" for f, k in zip(body.fields, key, strict=True))
            yield f"{shown} already used by '{first[key].name}' at {first[key].origin}", card, ""
        else:
            first[key] = card


def _refers(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    targets = {
        text(v) for c in select(game.all_cards(), body.among) for p in body.to for v in values_at(c, p)
    }
    where = "on the same card" if body.same_card else "on any card"
    if body.among and not body.same_card:
        where += " with " + ", ".join(
            f"{k} {v if isinstance(v, str) else '/'.join(v)}" for k, v in body.among.items()
        )
    for card in select(cards, body.where):
        own = {text(v) for p in body.to for v in values_at(card, p)} if body.same_card else targets
        for value in values_at(card, body.source):
            if text(value) not in own:
                hint = suggest(text(value), own)
                yield (
                    f"'{value}' ({body.source}) is not a {' or '.join(body.to)} {where}{hint}",
                    card,
                    body.source,
                )


def _fields(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    for card in select(cards, body.where):
        for path in body.required:
            if not values_at(card, path):
                yield f"has no {path}", card, ""
        for path in body.forbidden:
            if values_at(card, path):
                yield f"must not have {path}", card, path


def _check(game: Game, body: Any, cards: list[Card], doc: Document, i: int) -> Found:
    module = load_rules_module(game)
    registry = getattr(module, "CHECKS", None)
    fn = registry.get(body) if registry is not None else None
    if fn is None:
        known = registry.names() if registry is not None else []
        if module is None:
            message = f"named check '{body}' needs a rules module: set 'rules_module:' in game.yaml"
        else:
            message = f"unknown check '{body}'{suggest(body, known)}; known: {', '.join(known) or 'none'}"
        raise DataError([doc.problem(("constraints", i, "check"), message)])
    path = rules_path(game)
    try:
        findings: list[Finding] = list(fn(game))
    except Exception as exc:
        assert path is not None
        raise DataError([code_problem(exc, path, f"check '{body}' failed")]) from None
    for finding in findings:
        yield finding.message, finding.card, finding.field


_KINDS: dict[str, Callable[..., Found]] = {
    "deck_size": _deck_size,
    "count": _count,
    "copies": _copies,
    "range": _range,
    "unique": _unique,
    "refers": _refers,
    "fields": _fields,
    "check": _check,
}
