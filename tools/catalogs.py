"""The translation catalogs: extract the texts from the source, update each language, compile, check.

    python tools/catalogs.py extract   # gomoku/locale/gomoku.pot from every _(), ngettext(), pgettext(), N_()
    python tools/catalogs.py update    # each language's .po gains the new texts and loses the stale ones
    python tools/catalogs.py compile   # each .po becomes the .mo the game reads
    python tools/catalogs.py check     # all of the above is up to date, complete and well formed
    python tools/catalogs.py all       # extract, update, compile, then check

Babel (a test extra) does the reading and writing; the game itself reads the
compiled ``.mo`` files with the standard library's :mod:`gettext`, so
installing the game needs neither Babel nor a compiler.

``check`` fails on: a template that differs from what the source marks; a
catalog with a missing, stale, empty or fuzzy text; a translation whose named
placeholders (``{point}``) differ from the English; a plural text without the
language's number of forms; a ``.mo`` not compiled from its ``.po``; and a
translation wider (in terminal columns) than the space its English text is
given.  That space is written beside the text in the source, as a comment the
extraction keeps: ``# i18n: width 12`` on the line before a label that sits in
a 12-column field.  A text without one may be as wide as its English text or
:data:`LINE_WIDTH` columns, whichever is wider, line by line.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gomoku.i18n import DOMAIN, LOCALE_DIR, Language  # noqa: E402
from gomoku.textwidth import width  # noqa: E402

#: The template every catalog is made from.
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The functions that mark a text, and which of their arguments are texts (``c``: the context).
KEYWORDS = {
    "_": None,
    "N_": None,
    "N_plural": (1, 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
#: The tag of a comment for translators; ``# i18n: width 12`` also sets the text's width.
COMMENT_TAG = "i18n:"
#: The widest a line of translated text may be when its source gives no width: an 80-column terminal less
#: the two columns of a border on each side.
LINE_WIDTH = 76
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^{}]*)?\}")
_WIDTH = re.compile(r"\bwidth (\d+)\b")
#: The comment at the head of every catalog.
HEADER_COMMENT = (
    "# The texts of gomoku-tui, the terminal gomoku and renju game.\n"
    "# Made by tools/catalogs.py: edit the translations (msgstr), never the texts (msgid).\n"
    "# This file is distributed under the same license as the gomoku-tui package (MIT).\n"
    "#"
)
#: A fixed date for the files' headers, so that running the tool twice writes the same bytes.
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def translated_languages() -> list[Language]:
    """Every language with a catalog: all but English, whose texts are the source."""
    return [language for language in Language if language is not Language.ENGLISH]


def po_path(language: Language) -> Path:
    return LOCALE_DIR / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: Language) -> Path:
    return po_path(language).with_suffix(".mo")


def extracted() -> Catalog:
    """The template as the source marks it now."""
    template = Catalog(
        header_comment=HEADER_COMMENT,
        project="gomoku-tui",
        version="",
        domain=DOMAIN,
        creation_date=_FIXED_DATE,
        revision_date=_FIXED_DATE,
        charset="utf-8",
        fuzzy=False,
    )
    package = ROOT / "gomoku"
    found = extract_from_dir(
        package,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        location = (f"gomoku/{Path(filename).as_posix()}", lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def marked_in_source() -> Iterator[tuple[str, str]]:
    """Every text the source marks with a literal (``_("...")`` and the other keywords), with where it is.

    Read from the syntax tree, which sees a call inside an f-string too: Babel's
    extractor does not, so a text marked there would be in no catalog.
    """
    for path in sorted((ROOT / "gomoku").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
                continue
            spec = KEYWORDS[node.func.id]
            first = spec[0] if spec else 1
            index = (2 if isinstance(first, tuple) else first) - 1  # the first text, after a context
            if index < len(node.args):
                argument = node.args[index]
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and argument.value:
                    yield argument.value, f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True, ignore_obsolete=True)
    return out.getvalue()


def _contents(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a template says, without the header that names the Babel version that wrote it, or line numbers.

    The files keep no line numbers (a line added above a text would change every catalog), so neither does this.
    """
    return sorted(
        (
            str(message.id),
            str(message.context),
            " ".join(" ".join(dict.fromkeys(message.auto_comments)).split()),  # the file wraps long comments
            tuple(sorted({path for path, _line in message.locations})),
        )
        for message in catalog
        if message.id
    )


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def extract() -> None:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_po_bytes(extracted()))


def update() -> None:
    template = _read(TEMPLATE)
    for language in translated_languages():
        path = po_path(language)
        if path.exists():
            catalog = _read(path, language.value)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language.value, domain=DOMAIN, header_comment=HEADER_COMMENT, fuzzy=False)
        catalog.project, catalog.version = "gomoku-tui", ""
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.creation_date = _FIXED_DATE
        catalog.revision_date = _FIXED_DATE
        catalog.language_team = f"{language.native_name} <https://github.com/gomoku-tui>"
        catalog.fuzzy = False
        path.write_bytes(_po_bytes(catalog))


def compile_all() -> None:
    for language in translated_languages():
        mo_path(language).write_bytes(_mo_bytes(_read(po_path(language), language.value)))


def _key(message: Message) -> tuple[object, str | None]:
    return (message.id, message.context)


def _forms(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, (list, tuple)):
        return tuple(message.string)
    return (message.string or "",)


def _english_forms(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def placeholders(text: str) -> set[str]:
    """The named placeholders of ``text``: ``{point}`` and ``{count:d}`` name ``point`` and ``count``."""
    return set(_PLACEHOLDER.findall(text))


def width_allowed(message: Message, english: str) -> int:
    """The columns a line of ``message``'s translation may take (see the module's docstring)."""
    for comment in message.auto_comments:
        found = _WIDTH.search(comment)
        if found:
            return int(found.group(1))
    return max([LINE_WIDTH] + [width(line) for line in english.splitlines()])


def plural_count(language: Language) -> int:
    """How many plural forms ``language`` has, by the Unicode CLDR's rules as Babel writes ``Plural-Forms``."""
    return Catalog(locale=language.value).num_plurals


def problems_in(language: Language, catalog: Catalog, template: Catalog) -> Iterator[str]:
    """What is wrong with ``language``'s ``catalog`` against the ``template`` (nothing when all is well)."""
    wanted = {_key(message): message for message in template if message.id}
    have = {_key(message): message for message in catalog if message.id}
    name = language.value
    for key in sorted(set(wanted) - set(have), key=str):
        yield f"{name}: missing {key[0]!r}"
    for key in sorted(set(have) - set(wanted), key=str):
        yield f"{name}: stale {key[0]!r}"
    nplurals = plural_count(language)
    if catalog.num_plurals != nplurals:
        yield f"{name}: Plural-Forms says {catalog.num_plurals} forms, the language has {nplurals}"
    for key, message in sorted(have.items(), key=lambda item: str(item[0])):
        if key not in wanted:
            continue
        english = _english_forms(message)
        forms = _forms(message)
        label = f"{name}: {english[0]!r}"
        if message.fuzzy:
            yield f"{label} is fuzzy"
        if message.pluralizable and len(forms) != nplurals:
            yield f"{label} has {len(forms)} forms, not {nplurals}"
        if any(not form for form in forms):
            yield f"{label} is not translated"
            continue
        expected = placeholders(english[-1]) | placeholders(english[0])
        for form in forms:
            if placeholders(form) != expected:
                yield f"{label}: placeholders {sorted(placeholders(form))} are not {sorted(expected)}"
        allowed = width_allowed(wanted[key], max(english, key=width))
        for form in forms:
            for line in form.splitlines():
                if width(line) > allowed:
                    yield f"{label}: {line!r} is {width(line)} columns wide, more than {allowed}"


def problems() -> Iterator[str]:
    """Everything ``check`` reports."""
    if not TEMPLATE.exists():
        yield f"{TEMPLATE.relative_to(ROOT)} is missing: run python tools/catalogs.py all"
        return
    template = _read(TEMPLATE)
    source = extracted()
    if _contents(source) != _contents(template):
        yield f"{TEMPLATE.relative_to(ROOT)} is not what the source marks: run python tools/catalogs.py all"
    extracted_ids = {message.id[0] if isinstance(message.id, tuple) else message.id for message in source}
    for text, where in marked_in_source():
        if text not in extracted_ids:
            yield f"{where}: {text!r} is marked but not extracted (a call inside an f-string?): mark it outside one"
    for language in translated_languages():
        path = po_path(language)
        if not path.exists():
            yield f"{language.value}: {path.relative_to(ROOT)} is missing"
            continue
        catalog = _read(path, language.value)
        yield from problems_in(language, catalog, source)
        mo = mo_path(language)
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            yield f"{language.value}: {mo.relative_to(ROOT)} is not compiled from its .po: run compile"


def _report(found: Iterable[str]) -> int:
    count = 0
    for problem in found:
        print(problem)
        count += 1
    print(f"{count} problem{'' if count == 1 else 's'}" if count else "catalogs: all well")
    return 1 if count else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "all"))
    command = parser.parse_args(argv).command
    if command in ("extract", "all"):
        extract()
    if command in ("update", "all"):
        update()
    if command in ("compile", "all"):
        compile_all()
    if command in ("check", "all"):
        return _report(problems())
    return 0


if __name__ == "__main__":
    sys.exit(main())
