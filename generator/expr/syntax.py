"""The expression language's grammar: text -> a tree of ``Node``s, with the span of each.

    expr     := either ('??' either)*             a ?? b: b when a names a missing field
    either   := orexpr ('if' orexpr 'else' expr)?
    orexpr   := andexpr ('or' andexpr)*
    andexpr  := notexpr ('and' notexpr)*
    notexpr  := 'not' notexpr | compare
    compare  := sum (('=='|'!='|'<'|'<='|'>'|'>='|'in'|'not in') sum)?
    sum      := product (('+'|'-') product)*
    product  := unary (('*'|'/'|'//'|'%') unary)*
    unary    := '-' unary | postfix
    postfix  := atom ('.' NAME | '[' expr ']')*
    atom     := NUMBER | STRING | NAME | NAME '(' args ')' | '(' expr ')' | '[' items ']'

Sizes are bounded (``MAX_SOURCE`` characters, ``MAX_DEPTH`` nesting), so parsing and the
evaluation of any tree take a bounded time.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from generator.expr.functions import FUNCTIONS as FUNCTION_TABLE

MAX_SOURCE = 400
MAX_DEPTH = 24
FUNCTIONS = tuple(sorted(FUNCTION_TABLE))
CONSTANTS = {"true": True, "false": False}
KEYWORDS = ("and", "or", "not", "in", "if", "else")

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<num>\d+(?:\.\d+)?|\.\d+)
    | (?P<str>'[^']*'|"[^"]*")
    | (?P<name>[A-Za-z_]\w*)
    | (?P<op>\?\?|//|==|!=|<=|>=|[-+*/%<>()\[\],.])
    )""",
    re.X,
)


class ExprError(ValueError):
    """Raised for an expression that cannot be read or evaluated; names the part at fault."""

    def __init__(self, message: str, source: str = "", start: int = 0, end: int = 0):
        self.reason, self.source, self.start, self.end = message, source, start, end
        part = source[start:end].strip()
        at = f" at '{part}'" if part and part != source.strip() else ""
        super().__init__(f"expression '{source.strip()}': {message}{at}" if source else message)


@dataclass(frozen=True, slots=True)
class Node:
    """One step of an expression: ``kind`` (num, str, name, attr, index, call, list, neg, not,
    op, and, or, if, default), its ``value`` (a literal, name or operator), sub-nodes, span."""

    kind: str
    value: object
    kids: tuple[Node, ...]
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str
    text: str
    start: int
    end: int


def _tokens(source: str) -> list[_Tok]:
    out, pos = [], 0
    while pos < len(source):
        if not source[pos:].strip():
            break
        m = _TOKEN.match(source, pos)
        if m is None:
            start = len(source) - len(source[pos:].lstrip())
            raise ExprError(f"cannot read '{source[start]}'", source, start, start + 1)
        kind = m.lastgroup or "op"
        text = m.group(kind)
        start = m.start(kind)
        if kind == "name" and text in KEYWORDS:
            kind = "op"
        out.append(_Tok(kind, text, start, m.end()))
        pos = m.end()
    return out


@functools.lru_cache(maxsize=2048)
def parse(source: str) -> Node:
    """The tree of ``source``; ExprError with the part at fault when it is not an expression."""
    if len(source) > MAX_SOURCE:
        raise ExprError(f"longer than {MAX_SOURCE} characters: split it or use a value table", source)
    parser = _Parser(source, _tokens(source))
    if not parser.toks:
        raise ExprError("empty expression: write one after '=', e.g. {= cost * 2}", source)
    node = parser.expr(0)
    if parser.i < len(parser.toks):
        tok = parser.toks[parser.i]
        raise ExprError(f"unexpected '{tok.text}'", source, tok.start, len(source))
    return node


_COMPARE = ("==", "!=", "<", "<=", ">", ">=", "in")


class _Parser:
    def __init__(self, source: str, toks: list[_Tok]):
        self.source, self.toks, self.i = source, toks, 0

    def peek(self, ahead: int = 0) -> _Tok | None:
        n = self.i + ahead
        return self.toks[n] if n < len(self.toks) else None

    def at(self, *texts: str) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind in ("op",) and tok.text in texts

    def take(self) -> _Tok:
        tok = self.peek()
        if tok is None:
            raise ExprError("ends too early: something is missing at the end", self.source)
        self.i += 1
        return tok

    def expect(self, text: str, opened: _Tok) -> _Tok:
        if not self.at(text):
            tok = self.peek()
            found = f"found '{tok.text}'" if tok else "found the end"
            raise ExprError(
                f"expected '{text}' to match '{opened.text}', {found}",
                self.source,
                opened.start,
                tok.end if tok else len(self.source),
            )
        return self.take()

    def node(self, kind: str, value: object, kids: tuple[Node, ...], start: int, end: int) -> Node:
        return Node(kind, value, kids, start, end)

    def expr(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise ExprError(f"nested more than {MAX_DEPTH} deep: simplify it", self.source)
        left = self.either(depth + 1)
        while self.at("??"):
            self.take()
            right = self.either(depth + 1)
            left = self.node("default", None, (left, right), left.start, right.end)
        return left

    def either(self, depth: int) -> Node:
        value = self.orexpr(depth)
        if not self.at("if"):
            return value
        self.take()
        cond = self.orexpr(depth)
        if not self.at("else"):
            raise ExprError(
                "'if' needs an 'else': write A if CONDITION else B", self.source, value.start, cond.end
            )
        self.take()
        other = self.expr(depth + 1)
        return self.node("if", None, (cond, value, other), value.start, other.end)

    def orexpr(self, depth: int) -> Node:
        left = self.andexpr(depth)
        while self.at("or"):
            self.take()
            right = self.andexpr(depth)
            left = self.node("or", None, (left, right), left.start, right.end)
        return left

    def andexpr(self, depth: int) -> Node:
        left = self.notexpr(depth)
        while self.at("and"):
            self.take()
            right = self.notexpr(depth)
            left = self.node("and", None, (left, right), left.start, right.end)
        return left

    def notexpr(self, depth: int) -> Node:
        if self.at("not"):
            tok = self.take()
            inner = self.notexpr(depth + 1) if depth < MAX_DEPTH else self.expr(depth + MAX_DEPTH)
            return self.node("not", None, (inner,), tok.start, inner.end)
        return self.compare(depth)

    def compare(self, depth: int) -> Node:
        left = self.sum(depth)
        op = None
        if self.at(*_COMPARE):
            op = self.take().text
        elif self.at("not") and (nxt := self.peek(1)) is not None and nxt.text == "in":
            self.i += 2
            op = "not in"
        if op is None:
            return left
        right = self.sum(depth)
        if self.at(*_COMPARE):
            tok = self.peek()
            raise ExprError(
                "comparisons cannot be chained: join them with 'and'",
                self.source,
                left.start,
                tok.end if tok else len(self.source),
            )
        return self.node("op", op, (left, right), left.start, right.end)

    def sum(self, depth: int) -> Node:
        left = self.product(depth)
        while self.at("+", "-"):
            op = self.take().text
            right = self.product(depth)
            left = self.node("op", op, (left, right), left.start, right.end)
        return left

    def product(self, depth: int) -> Node:
        left = self.unary(depth)
        while self.at("*", "/", "//", "%"):
            op = self.take().text
            right = self.unary(depth)
            left = self.node("op", op, (left, right), left.start, right.end)
        return left

    def unary(self, depth: int) -> Node:
        if self.at("-"):
            tok = self.take()
            if depth > MAX_DEPTH:
                raise ExprError(f"nested more than {MAX_DEPTH} deep: simplify it", self.source)
            inner = self.unary(depth + 1)
            return self.node("neg", None, (inner,), tok.start, inner.end)
        return self.postfix(depth)

    def postfix(self, depth: int) -> Node:
        node = self.atom(depth)
        while self.at(".", "["):
            tok = self.take()
            if tok.text == ".":
                name = self.take()
                if name.kind not in ("name", "num") or (name.kind == "num" and not name.text.isdigit()):
                    raise ExprError("expected a key after '.'", self.source, tok.start, name.end)
                node = self.node("attr", name.text, (node,), node.start, name.end)
            else:
                key = self.expr(depth + 1)
                end = self.expect("]", tok)
                node = self.node("index", None, (node, key), node.start, end.end)
        return node

    def atom(self, depth: int) -> Node:
        tok = self.take()
        if tok.kind == "num":
            value = float(tok.text) if "." in tok.text else int(tok.text)
            return self.node("num", value, (), tok.start, tok.end)
        if tok.kind == "str":
            return self.node("str", tok.text[1:-1], (), tok.start, tok.end)
        if tok.kind == "name":
            if self.at("("):
                return self.call(tok, depth)
            if tok.text in CONSTANTS:
                return self.node("num", CONSTANTS[tok.text], (), tok.start, tok.end)
            return self.node("name", tok.text, (), tok.start, tok.end)
        if tok.text == "(":
            inner = self.expr(depth + 1)
            end = self.expect(")", tok)
            return self.node(inner.kind, inner.value, inner.kids, tok.start, end.end)
        if tok.text == "[":
            items = self.items("]", tok, depth)
            return self.node("list", None, items, tok.start, self.toks[self.i - 1].end)
        raise ExprError(f"unexpected '{tok.text}'", self.source, tok.start, tok.end)

    def call(self, name: _Tok, depth: int) -> Node:
        opened = self.take()
        if name.text not in FUNCTIONS:
            from difflib import get_close_matches

            near = get_close_matches(name.text, FUNCTIONS, 1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            raise ExprError(
                f"unknown function '{name.text}'{hint}; the functions are {', '.join(FUNCTIONS)}",
                self.source,
                name.start,
                name.end,
            )
        args = self.items(")", opened, depth)
        return self.node("call", name.text, args, name.start, self.toks[self.i - 1].end)

    def items(self, close: str, opened: _Tok, depth: int) -> tuple[Node, ...]:
        out: list[Node] = []
        while not self.at(close):
            out.append(self.expr(depth + 1))
            if not self.at(","):
                break
            self.take()
        self.expect(close, opened)
        return tuple(out)


def names(node: Node) -> list[str]:
    """The field paths a tree reads (``item.key``, ``tables.level[rank]``), in order."""
    found: list[str] = []

    def path(n: Node) -> str | None:
        if n.kind == "name":
            return str(n.value)
        if n.kind == "attr":
            inner = path(n.kids[0])
            return f"{inner}.{n.value}" if inner else None
        if n.kind == "index":
            inner = path(n.kids[0])
            key = path(n.kids[1]) if n.kids[1].kind in ("name", "attr") else None
            return f"{inner}[{key}]" if inner and key else inner
        return None

    def walk(n: Node) -> None:
        whole = path(n)
        if whole is not None:
            found.append(whole)
        if n.kind == "index":
            walk(n.kids[1])
            if whole is None:
                walk(n.kids[0])
            return
        if n.kind in ("attr",) and whole is not None:
            return
        for kid in n.kids:
            walk(kid)

    walk(node)
    return found
