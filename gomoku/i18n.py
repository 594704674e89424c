"""The players' languages: which one speaks, and every text a player reads translated into it.

The words are stdlib :mod:`gettext` catalogs, compiled ``.mo`` files under
``gomoku/locale/<code>/LC_MESSAGES/gomoku.mo``, made from the ``.po`` files
beside them by ``python tools/catalogs.py`` (which also extracts the texts
from the source and checks every catalog).  A text is marked where it is
written and translated where it is read:

- ``_("The game is drawn.")``: translated now, in the language in use;
- ``ngettext("{count} move", "{count} moves", count).format(count=count)``:
  a whole sentence per plural form (Russian has three, Chinese one);
- ``pgettext("stone", "Black")``: the same English word in a context of its own;
- ``N_("Undo")``: only marked, for a table built at import; the reader calls
  ``_(text)`` when it shows it (``N_plural("{count} move", "{count} moves")``
  marks a plural text so, said with ``ngettext(*forms, count)``).

Placeholders are named (``{point}``, ``{count}``), never English grammar put
together from pieces.  A text missing from a catalog is shown in English, text by
text: a new or incomplete translation never crashes and never shows an empty
string.  Coordinates (``a``..``o``, ``1``..``15``) are never translated.

The language in use is one setting of the process, like the C library's
locale that curses writes with: chosen once at start (:func:`activate`, from
``--lang``, the remembered setting or the environment as gettext reads it) and
again when the player picks another in the menu.  Worker threads that put
texts together read the same setting, which a context variable would not give
them.  Tests choose one for a block with :func:`speaking`.
"""

from __future__ import annotations

import enum
import errno
import gettext as _gettext
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

#: The catalogs' domain: ``gomoku.po`` / ``gomoku.mo``.
DOMAIN = "gomoku"
#: Where the compiled catalogs live, inside the installed package.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The variables gettext reads, in its order: the first one set decides (``LANGUAGE`` may list several).
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Language(enum.Enum):
    """A language the game speaks; the value is the catalog's folder name (a gettext locale code)."""

    ENGLISH = "en"
    CHINESE_SIMPLIFIED = "zh_CN"
    CHINESE_TRADITIONAL = "zh_TW"
    JAPANESE = "ja"
    KOREAN = "ko"
    RUSSIAN = "ru"
    VIETNAMESE = "vi"

    @property
    def native_name(self) -> str:
        """The language's name in itself, as the menu shows it whatever language is in use."""
        return _NATIVE_NAMES[self]

    @property
    def code(self) -> str:
        """The code ``--lang`` takes and the settings file keeps: ``en``, ``zh_CN``, ``ru``."""
        return self.value


_NATIVE_NAMES = {
    Language.ENGLISH: "English",
    Language.CHINESE_SIMPLIFIED: "简体中文",
    Language.CHINESE_TRADITIONAL: "繁體中文",
    Language.JAPANESE: "日本語",
    Language.KOREAN: "한국어",
    Language.RUSSIAN: "Русский",
    Language.VIETNAMESE: "Tiếng Việt",
}

#: Chinese scripts by region or script subtag: Taiwan, Hong Kong and Macau write traditional characters.
_TRADITIONAL = {"tw", "hk", "mo", "hant"}


def parse_language(name: str) -> Language | None:
    """The language a locale name or language code names, or ``None`` if the game does not speak it.

    Takes what the environment holds and what a player types: ``zh_CN.UTF-8``,
    ``zh-Hans``, ``zh_TW``, ``ja_JP.eucJP``, ``ru``, ``ru_RU@euro``, ``en_GB``,
    ``C`` and ``POSIX`` (English), in any case.
    """
    base = name.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").lower()
    if not base:
        return None
    if base in ("c", "posix"):
        return Language.ENGLISH
    parts = base.split("_")
    head = parts[0]
    if head == "zh":
        return Language.CHINESE_TRADITIONAL if _TRADITIONAL & set(parts[1:]) else Language.CHINESE_SIMPLIFIED
    for language in Language:
        if language.value.split("_", 1)[0] == head:
            return language
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> Language | None:
    """The language the environment asks for, as gettext reads it, or ``None`` if it names none the game speaks.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is
    set decides; ``LANGUAGE`` is a list (``ru:en``) tried in order.  This reads the
    names, not the C library: a locale the system has not generated
    (``zh_CN.UTF-8`` where only ``C.UTF-8`` exists) still names Chinese.
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":") if variable == "LANGUAGE" else (value,):
            language = parse_language(item)
            if language is not None:
                return language
        if variable != "LANGUAGE":
            return None  # gettext stops at the first locale variable set, spoken or not
    return None


def choose(asked: str | None, remembered: Language | None, environ: Mapping[str, str] | None = None) -> Language:
    """The language of a run: ``--lang``, else the one picked in the menu, else the environment's, else English."""
    if asked:
        language = parse_language(asked)
        if language is not None:
            return language
    if remembered is not None:
        return remembered
    return from_environment(environ) or Language.ENGLISH


def catalog(language: Language) -> _gettext.NullTranslations:
    """``language``'s compiled catalog; English (the texts themselves) when it has none."""
    if language is Language.ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language.value], fallback=True)


class _Speaker:
    """The language in use and its catalog: the one setting :func:`activate` changes."""

    def __init__(self) -> None:
        self.language = Language.ENGLISH
        self.translations: _gettext.NullTranslations = _gettext.NullTranslations()

    def use(self, language: Language) -> None:
        translations = catalog(language)  # loaded before either field changes: readers never see a mix
        self.language, self.translations = language, translations


_speaker = _Speaker()


def activate(language: Language) -> None:
    """Speak ``language`` from now on (at start, and when the player picks another in the menu)."""
    _speaker.use(language)


def active() -> Language:
    """The language in use."""
    return _speaker.language


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """Speak ``language`` inside the block, and the language before it after (for tests and one-off texts)."""
    before = _speaker.language
    _speaker.use(language)
    try:
        yield
    finally:
        _speaker.use(before)


def _(message: str) -> str:
    """``message`` in the language in use (English when the catalog lacks it)."""
    if not message:
        return message  # gettext maps "" to the catalog's header
    return _speaker.translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence for ``count`` in the language in use (``{count}`` is filled in by the caller)."""
    return _speaker.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` as it is said in ``context`` (``pgettext("stone", "Black")``)."""
    return _speaker.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` within ``context``."""
    return _speaker.translations.npgettext(context, singular, plural, count)


def join_list(items: Iterable[str]) -> str:
    """``items`` as a list in a sentence, joined by the language's separator (``h8, i9``; Chinese ``h8、i9``)."""
    # i18n: the separator between the items of a list in a sentence ("h8, i9, j10"): Chinese 、 Japanese 、
    return pgettext("list", ", ").join(items)


#: Sentence ends that carry their own space (Chinese and Japanese full-width punctuation): no space follows them.
_FULL_WIDTH_ENDS = ("。", "！", "？", "．", "：", "；", "）", "」", "』")


def join_sentences(*sentences: str) -> str:
    """Sentences one after another, as each language writes them: a space after ``.``, none after ``。``.

    Chinese and Japanese put no space between sentences: their full stop is
    full-width and holds its own space.  Empty texts are left out.
    """
    joined = ""
    for text in sentences:
        if not text:
            continue
        if joined and not joined.endswith(_FULL_WIDTH_ENDS):
            joined += " "
        joined += text
    return joined


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text's two English forms as one plural text for the catalogs; the reader says it with :func:`ngettext`."""
    return singular, plural


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it: the reader translates it with ``_()`` when shown."""
    return message


#: The operating system's errors a player meets (a file, a folder, a connection), said in the player's language:
#: ``strerror`` is the C library's English whatever the language in use.
_OS_ERRORS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EEXIST: N_("it already exists"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ECONNREFUSED: N_("connection refused"),
    errno.ECONNRESET: N_("the connection was reset"),
    errno.ECONNABORTED: N_("the connection was aborted"),
    errno.EPIPE: N_("the connection is broken"),
    errno.ETIMEDOUT: N_("timed out"),
    errno.EHOSTUNREACH: N_("no route to that machine"),
    errno.ENETUNREACH: N_("the network is unreachable"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("the address is not available here"),
}


def os_error_text(error: OSError | int) -> str:
    """What went wrong in an operating system's error (or its ``errno``), in the language in use.

    English keeps the system's own words; another language says the common errors from its catalog, and any
    other in the system's words.
    """
    number = error if isinstance(error, int) else error.errno
    if number in _OS_ERRORS and _speaker.language is not Language.ENGLISH:
        return _(_OS_ERRORS[number])
    if isinstance(error, int):
        return os.strerror(error)
    return error.strerror or str(error)
