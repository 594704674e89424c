"""Which language the game speaks, and how a text falls back to English."""

from __future__ import annotations

import pytest

from gomoku import i18n
from gomoku.i18n import Language, choose, from_environment, parse_language


@pytest.mark.parametrize(
    ("name", "language"),
    [
        ("zh_CN.UTF-8", Language.CHINESE_SIMPLIFIED),
        ("zh-Hans", Language.CHINESE_SIMPLIFIED),
        ("zh_SG", Language.CHINESE_SIMPLIFIED),
        ("zh", Language.CHINESE_SIMPLIFIED),
        ("zh_TW.Big5", Language.CHINESE_TRADITIONAL),
        ("zh_HK.UTF-8", Language.CHINESE_TRADITIONAL),
        ("zh-Hant-TW", Language.CHINESE_TRADITIONAL),
        ("ja_JP.eucJP", Language.JAPANESE),
        ("ko_KR.UTF-8", Language.KOREAN),
        ("RU_ru@euro", Language.RUSSIAN),
        ("vi_VN", Language.VIETNAMESE),
        ("en_GB.UTF-8", Language.ENGLISH),
        ("C.UTF-8", Language.ENGLISH),
        ("POSIX", Language.ENGLISH),
        ("de_DE.UTF-8", None),
        ("", None),
        ("  ", None),
    ],
)
def test_locale_names_name_languages(name: str, language: Language | None) -> None:
    assert parse_language(name) is language


def test_the_first_locale_variable_set_decides_as_gettext_reads_them() -> None:
    assert from_environment({"LANG": "ru_RU.UTF-8"}) is Language.RUSSIAN
    assert from_environment({"LANG": "ru_RU.UTF-8", "LC_ALL": "ja_JP.UTF-8"}) is Language.JAPANESE
    assert from_environment({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}) is Language.KOREAN
    # LANGUAGE is a list, tried in order, and outranks the locale.
    assert from_environment({"LANGUAGE": "de:vi:ru", "LANG": "ja_JP.UTF-8"}) is Language.VIETNAMESE
    # A locale the game does not speak is English, not the next variable's language.
    assert from_environment({"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"}) is None
    assert from_environment({}) is None


def test_a_locale_the_system_has_not_generated_still_names_its_language() -> None:
    # Containers often have only C.UTF-8; the name alone decides the language.
    assert from_environment({"LANG": "zh_CN.UTF-8"}) is Language.CHINESE_SIMPLIFIED


def test_lang_option_outranks_the_menu_which_outranks_the_environment() -> None:
    environ = {"LANG": "ja_JP.UTF-8"}
    assert choose("ru", Language.KOREAN, environ) is Language.RUSSIAN
    assert choose(None, Language.KOREAN, environ) is Language.KOREAN
    assert choose(None, None, environ) is Language.JAPANESE
    assert choose("klingon", None, environ) is Language.JAPANESE
    assert choose(None, None, {}) is Language.ENGLISH


@pytest.mark.parametrize("language", list(Language))
def test_a_text_no_catalog_has_is_shown_in_english(language: Language) -> None:
    with i18n.speaking(language):
        assert i18n._("A sentence no catalog will ever hold.") == "A sentence no catalog will ever hold."
        assert i18n.ngettext("{count} ghost", "{count} ghosts", 1) == "{count} ghost"
        assert i18n.ngettext("{count} ghost", "{count} ghosts", 5) == "{count} ghosts"
        assert i18n.pgettext("nowhere", "Phantom") == "Phantom"
        assert i18n._("") == ""


def test_speaking_restores_the_language_before() -> None:
    before = i18n.active()
    with i18n.speaking(Language.RUSSIAN):
        assert i18n.active() is Language.RUSSIAN
        with i18n.speaking(Language.JAPANESE):
            assert i18n.active() is Language.JAPANESE
        assert i18n.active() is Language.RUSSIAN
    assert i18n.active() is before


def test_every_language_has_a_native_name_and_a_code_that_parses_back() -> None:
    for language in Language:
        assert language.native_name
        assert parse_language(language.code) is language


def test_sentences_follow_each_other_as_each_language_writes_them() -> None:
    assert i18n.join_sentences("Black wins.", "", "Game over after 9 moves.") == "Black wins. Game over after 9 moves."
    assert i18n.join_sentences("黑方胜。", "对局结束，共9手。") == "黑方胜。对局结束，共9手。"
    assert i18n.join_sentences("", "") == ""


@pytest.mark.parametrize(("language", "separator"), [(Language.ENGLISH, ", "), (Language.JAPANESE, "、")])
def test_a_list_in_a_sentence_takes_the_languages_separator(language: Language, separator: str) -> None:
    with i18n.speaking(language):
        assert i18n.join_list(["h8", "i9", "j10"]) == separator.join(["h8", "i9", "j10"])


def test_russian_counts_moves_in_its_three_plural_forms() -> None:
    from gomoku.tui.texts import moves_text

    with i18n.speaking(Language.RUSSIAN):
        forms = {n: moves_text(n) for n in (1, 2, 5, 21)}
    assert all(str(n) in text and "move" not in text for n, text in forms.items())
    assert forms[1].replace("1", "") == forms[21].replace("21", "")  # 1 and 21 share the "one" form
    assert len({forms[1].replace("1", ""), forms[2].replace("2", ""), forms[5].replace("5", "")}) == 3
