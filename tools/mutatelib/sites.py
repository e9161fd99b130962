"""Mutation sites: where in a C++ file an operator can be applied, found on
clang-19's syntax tree (libclang), so that every site is a whole expression
or statement and the mutant still compiles.

A site is a node (a byte range of the file) with one or more mutants; each
mutant says how to rewrite the node from the rewritten text of its parts.
Only code that runs is mutated: function bodies, outside constant
expressions (constexpr, static_assert, template arguments, the values of case labels,
sizeof/decltype/noexcept operands), where a run-time switch cannot stand.
"""
import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import clang.cindex as ci


LIBCLANG = "/usr/lib/llvm-19/lib/libclang-19.so.1"
if not ci.Config.loaded:
    ci.Config.set_library_file(LIBCLANG)

K = ci.CursorKind
T = ci.TypeKind

# Relational operators: the boundary change and the negation.
RELATIONAL = {"<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="], ">=": [">", "<"],
              "==": ["!="], "!=": ["=="]}
# Arithmetic and bitwise operators (also in compound assignments).
ARITHMETIC = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["*"],
              "&": ["|"], "|": ["&"], "^": ["|"], "<<": [">>"], ">>": ["<<"]}
LOGICAL = {"&&": ["||"], "||": ["&&"]}
COMPOUND = {op + "=": [new + "=" for new in news] for op, news in ARITHMETIC.items()}
UNARY_DELETABLE = {"!", "-", "~"}

INTEGRAL = {T.BOOL, T.CHAR_U, T.UCHAR, T.CHAR16, T.CHAR32, T.USHORT, T.UINT, T.ULONG, T.ULONGLONG, T.UINT128,
            T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG, T.LONGLONG, T.INT128}
FLOATING = {T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.HALF}
# Dependent types (template code) are taken as arithmetic: the project's
# templates are instantiated with integer and floating types only; a wrong
# guess shows as a compile error of the mutant build.
DEPENDENT = {T.UNEXPOSED, T.ELABORATED, T.TYPEDEF, T.AUTO}

# Subtrees that are constant expressions or unevaluated.
CONSTANT_CONTEXTS = {K.STATIC_ASSERT, K.TEMPLATE_NON_TYPE_PARAMETER, K.ENUM_DECL, K.FIELD_DECL,
                     K.CXX_UNARY_EXPR, K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF}
FUNCTIONS = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR, K.DESTRUCTOR, K.LAMBDA_EXPR}


@dataclass
class Mutant:
    """One rewrite of a site. `template` holds the node's text with {0}, {1}...
    for its parts' rewritten text (see Site.parts)."""
    operator: str       # ROR, AOR, LCR, UOD, CRP, COND, SDL, RVR
    description: str    # e.g. "< -> <="
    template: str


@dataclass
class Site:
    file: str
    start: int          # byte offsets in the file, end exclusive
    end: int
    line: int
    column: int
    original: str
    parts: List[Tuple[int, int]] = field(default_factory=list)   # byte ranges the templates refer to
    mutants: List[Mutant] = field(default_factory=list)


def _type_class(cursor: ci.Cursor) -> str:
    kind = cursor.type.get_canonical().kind
    if kind in INTEGRAL:
        return "bool" if kind == T.BOOL else "integral"
    if kind in FLOATING:
        return "floating"
    if kind == T.ENUM:
        return "enum"
    if kind in (T.POINTER, T.NULLPTR, T.LVALUEREFERENCE, T.RVALUEREFERENCE):
        return "pointer"
    if kind == T.RECORD:
        return "record"
    if kind in DEPENDENT or kind == T.INVALID or kind == T.DEPENDENT:
        return "dependent"
    return "other"


def _arithmetic(cursor: ci.Cursor) -> bool:
    return _type_class(cursor) in ("integral", "floating", "dependent", "bool")


def _is_constexpr(cursor: ci.Cursor) -> bool:
    """A declaration with `constexpr` (or `consteval`) among its tokens before its body or initialiser."""
    for token in cursor.get_tokens():
        if token.spelling in ("constexpr", "consteval"):
            return True
        if token.spelling in ("{", "="):
            return False
    return False


# [impl->req~div-tq-d4~3]
class SiteFinder:
    """Walks one translation unit and collects the sites located in `target`."""

    def __init__(self, target: str, source: bytes, root: str):
        self.target = os.path.realpath(target)
        self.relative = os.path.relpath(self.target, os.path.realpath(root))
        self.source = source
        self.sites: List[Site] = []
        self.functions: List[ci.Cursor] = []   # the functions being walked, innermost last
        self.macros: List[Tuple[int, int]] = []
        # libclang gives byte offsets; sites are kept in character offsets of the decoded text.
        self.characters = [0] * (len(source) + 1)
        count = 0
        for k, byte in enumerate(source):
            self.characters[k] = count
            if (byte & 0xC0) != 0x80:
                count += 1
        self.characters[len(source)] = count

    def text(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8")

    def char(self, offset: int) -> int:
        return self.characters[offset]

    def _in_target(self, cursor: ci.Cursor) -> bool:
        start, end = cursor.extent.start, cursor.extent.end
        return (start.file is not None and end.file is not None
                and os.path.realpath(start.file.name) == self.target
                and os.path.realpath(end.file.name) == self.target
                and end.offset > start.offset)

    def _add(self, cursor: ci.Cursor, parts: Sequence[Tuple[int, int]], mutants: List[Mutant],
             start: Optional[int] = None, end: Optional[int] = None) -> None:
        if not mutants:
            return
        s = cursor.extent.start.offset if start is None else start
        e = cursor.extent.end.offset if end is None else end
        if any(ms < e and s < me and not (s <= ms and me <= e and (s, e) != (ms, me)) for ms, me in self.macros):
            return   # inside a macro's expansion (or across one): the source text is not the code
        self.sites.append(Site(self.relative, self.char(s), self.char(e), cursor.extent.start.line,
                               cursor.extent.start.column, self.text(s, e),
                               [(self.char(ps), self.char(pe)) for ps, pe in parts], mutants))

    def walk(self, cursor: ci.Cursor, in_function: bool = False, constant: bool = False) -> None:
        for child in cursor.get_children():
            if child.location.file is not None and os.path.realpath(child.location.file.name) != self.target \
                    and child.kind not in (K.NAMESPACE, K.UNEXPOSED_DECL, K.LINKAGE_SPEC):
                continue
            child_function = in_function
            child_constant = constant
            if child.kind in FUNCTIONS:
                child_function = True
                child_constant = constant or _is_constexpr(child)
            elif child.kind in CONSTANT_CONTEXTS:
                child_constant = True
            elif child.kind == K.VAR_DECL and _is_constexpr(child):
                child_constant = True
            elif child.kind == K.IF_STMT and any(t.spelling == "constexpr" for t in list(child.get_tokens())[:2]):
                self._visit_if_constexpr(child, child_function, child_constant)
                continue
            elif child.kind == K.CASE_STMT:
                # `case value: statement`: the value is a constant expression, the statement is code.
                self._visit_first_constant(child, child_function, child_constant)
                continue
            if child_function and not child_constant and self._in_target(child):
                self.visit(child)
            entered = child.kind in FUNCTIONS
            if entered:
                self.functions.append(child)
            self.walk(child, child_function, child_constant)
            if entered:
                self.functions.pop()

    def _visit_if_constexpr(self, node: ci.Cursor, in_function: bool, constant: bool) -> None:
        self._visit_first_constant(node, in_function, constant)

    def _visit_first_constant(self, node: ci.Cursor, in_function: bool, constant: bool) -> None:
        children = list(node.get_children())
        for k, child in enumerate(children):
            self.walk_one(child, in_function, constant or k == 0)

    def walk_one(self, child: ci.Cursor, in_function: bool, constant: bool) -> None:
        if in_function and not constant and self._in_target(child):
            self.visit(child)
        self.walk(child, in_function, constant)

    # --- operators -------------------------------------------------------
    def visit(self, node: ci.Cursor) -> None:
        kind = node.kind
        if kind == K.BINARY_OPERATOR:
            self._binary(node, {**RELATIONAL, **ARITHMETIC, **LOGICAL})
        elif kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            self._binary(node, COMPOUND)
        elif kind == K.UNARY_OPERATOR:
            self._unary(node)
        elif kind == K.INTEGER_LITERAL:
            self._literal(node)
        elif kind in (K.IF_STMT, K.WHILE_STMT, K.DO_STMT, K.FOR_STMT, K.CONDITIONAL_OPERATOR):
            self._condition(node)
        elif kind == K.RETURN_STMT:
            self._return(node)
        elif kind == K.COMPOUND_STMT:
            self._statements(node)

    def _operator_token(self, node: ci.Cursor, lhs: ci.Cursor, rhs: ci.Cursor) -> Optional[Tuple[int, int, str]]:
        for token in node.get_tokens():
            offset = token.extent.start.offset
            if lhs.extent.end.offset <= offset < rhs.extent.start.offset and token.kind == ci.TokenKind.PUNCTUATION:
                return offset, token.extent.end.offset, token.spelling
        return None

    def _binary(self, node: ci.Cursor, table: Dict[str, List[str]]) -> None:
        children = list(node.get_children())
        if len(children) != 2 or not all(self._in_target(c) for c in children):
            return
        lhs, rhs = children
        found = self._operator_token(node, lhs, rhs)
        if found is None or found[2] not in table:
            return
        op_start, op_end, op = found
        if op in ARITHMETIC or op in COMPOUND:
            if not (_arithmetic(lhs) and _arithmetic(rhs)):
                return
            if op in ("+", "-", "+=", "-=") and "pointer" in (_type_class(lhs), _type_class(rhs)):
                return
        if op in ("==", "!=") and _type_class(lhs) == "record":
            return   # an overloaded comparison: its negation may not exist
        start, end = node.extent.start.offset, node.extent.end.offset
        parts = [(start, op_start), (op_end, end)]
        operator = "ROR" if op in RELATIONAL else "LCR" if op in LOGICAL else "AOR"
        mutants = [Mutant(operator, f"{op} -> {new}", "{0}" + new + "{1}") for new in table[op]]
        self._add(node, parts, mutants)

    def _unary(self, node: ci.Cursor) -> None:
        tokens = list(node.get_tokens())
        children = list(node.get_children())
        if not tokens or len(children) != 1 or not self._in_target(children[0]):
            return
        op = tokens[0].spelling
        operand = children[0]
        if op not in UNARY_DELETABLE or tokens[0].extent.start.offset != node.extent.start.offset:
            return
        if _type_class(operand) not in ("integral", "bool", "floating", "dependent"):
            return
        if op == "-" and operand.kind in (K.INTEGER_LITERAL, K.FLOATING_LITERAL):
            return   # a negative constant: the constant operator changes it
        parts = [(operand.extent.start.offset, operand.extent.end.offset)]
        self._add(node, parts, [Mutant("UOD", f"delete {op}", "{0}")])

    def _literal(self, node: ci.Cursor) -> None:
        spelling = self.text(node.extent.start.offset, node.extent.end.offset)
        digits = spelling.rstrip("uUlL")
        suffix = spelling[len(digits):]
        try:
            value = int(digits.replace("'", ""), 0)
        except ValueError:
            return
        one = "1" + suffix
        if value == 0:
            mutants = [Mutant("CRP", f"{spelling} -> 1", "(" + one + ")")]
        else:
            mutants = [Mutant("CRP", f"{spelling} -> {spelling} + 1", "(" + spelling + " + " + one + ")"),
                       Mutant("CRP", f"{spelling} -> {spelling} - 1", "(" + spelling + " - " + one + ")")]
        self._add(node, [], mutants)

    def _condition(self, node: ci.Cursor) -> None:
        children = list(node.get_children())
        condition = None
        if node.kind in (K.IF_STMT, K.WHILE_STMT, K.CONDITIONAL_OPERATOR) and children:
            condition = children[0]
        elif node.kind == K.DO_STMT and len(children) >= 2:
            condition = children[1]
        elif node.kind == K.FOR_STMT:
            # for (init; cond; step) body: the condition is the child that starts after the first ';'
            semicolons = [t.extent.start.offset for t in node.get_tokens() if t.spelling == ";"]
            if len(semicolons) >= 2:
                for child in children:
                    if semicolons[0] < child.extent.start.offset < semicolons[1]:
                        condition = child
        if condition is None or not self._in_target(condition) or condition.kind in (K.VAR_DECL, K.DECL_STMT):
            return
        if _type_class(condition) not in ("bool", "integral", "dependent"):
            return
        start, end = condition.extent.start.offset, condition.extent.end.offset
        self._add(condition, [(start, end)], [Mutant("COND", "negate the condition", "!({0})")], start, end)

    def _returns_reference(self) -> bool:
        """Whether the innermost enclosing function returns a reference: a replaced or negated value
        would then be a temporary, and the reference returned to it dangles in every build of the
        schemata, the mutant switched off included (`c ? T{} : x` is a prvalue)."""
        if not self.functions or self.functions[-1].kind == K.LAMBDA_EXPR:
            return False
        return self.functions[-1].result_type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE)

    def _return(self, node: ci.Cursor) -> None:
        children = list(node.get_children())
        if len(children) != 1 or not self._in_target(children[0]) or self._returns_reference():
            return
        value = children[0]
        start, end = value.extent.start.offset, value.extent.end.offset
        text = self.text(start, end)
        kind = _type_class(value)
        inner = value
        while True:   # down the implicit conversions, which span the same text
            same = [c for c in inner.get_children() if (c.extent.start.offset, c.extent.end.offset) == (start, end)]
            if len(same) != 1:
                break
            inner = same[0]
        if _type_class(inner) != kind:
            return   # an implicit conversion (a char array returned as std::string): decltype would see the array
        if kind == "bool":
            mutant = Mutant("RVR", "negate the returned value", "!({0})")
        elif kind in ("integral", "floating", "enum", "record", "dependent"):
            if text in ("0", "0U", "0.0", "0.0F", "false", "{}") or text.endswith("{}"):
                return
            mutant = Mutant("RVR", "return the default value", "std::decay_t<decltype({0})>{{}}")
        else:
            return
        self._add(value, [(start, end)], [mutant], start, end)

    def _statements(self, block: ci.Cursor) -> None:
        for statement in block.get_children():
            if not self._in_target(statement):
                continue
            deletable = statement.kind in (K.CALL_EXPR, K.COMPOUND_ASSIGNMENT_OPERATOR) or (
                statement.kind == K.BINARY_OPERATOR and self._is_assignment(statement)) or (
                statement.kind == K.UNARY_OPERATOR and self._is_increment(statement))
            if not deletable:
                continue
            start, end = statement.extent.start.offset, statement.extent.end.offset
            semicolon = self.source.find(b";", end)
            if semicolon < 0 or self.source[end:semicolon].strip():
                continue
            self._add(statement, [(start, end)], [Mutant("SDL", "delete the statement", "")],
                      start, semicolon + 1)

    def _is_assignment(self, node: ci.Cursor) -> bool:
        children = list(node.get_children())
        if len(children) != 2:
            return False
        found = self._operator_token(node, children[0], children[1])
        return found is not None and found[2] == "="

    @staticmethod
    def _is_increment(node: ci.Cursor) -> bool:
        return any(t.spelling in ("++", "--") for t in node.get_tokens())


def find_sites(target: str, translation_unit_source: str, arguments: List[str], root: str) -> List[Site]:
    """The sites of `target` (named relative to `root`) as seen when compiling `translation_unit_source`
    (the file itself, or a .cpp that includes the header `target`)."""
    index = ci.Index.create()
    unit = index.parse(translation_unit_source, args=arguments + ["-Wno-everything"],
                       options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    errors = [d for d in unit.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise RuntimeError(f"{translation_unit_source}: libclang cannot parse it: {errors[0]}")
    with open(target, "rb") as handle:
        finder = SiteFinder(target, handle.read(), root)
    finder.macros = [(c.extent.start.offset, c.extent.end.offset) for c in unit.cursor.get_children()
                     if c.kind == K.MACRO_INSTANTIATION and c.location.file is not None
                     and os.path.realpath(c.location.file.name) == finder.target]
    finder.walk(unit.cursor)
    unique: Dict[Tuple[int, int, str], Site] = {}
    for site in finder.sites:
        # A site can be met twice (a header through two paths); a node with a site of two kinds
        # (a condition that is also a comparison) keeps both, as separate sites.
        key = (site.start, site.end, site.mutants[0].operator)
        unique.setdefault(key, site)
    return sorted(unique.values(), key=lambda s: (s.start, -s.end))
