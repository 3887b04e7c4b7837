"""The bilingual layer: tokenisers, stop words, stems that do not misfire, the vocabulary file."""

from __future__ import annotations

import textwrap
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from memorybank_lint.bank import Bank
from memorybank_server.retrieval import general_data, jargon_data
from memorybank_server.retrieval.lang import (
    MAX_CELL_WORDS,
    MAX_SENSES,
    MAX_VOCABULARY_ROWS,
    Lexicon,
    builtin_entries,
    builtin_lexicon,
    fragments,
    general_entries,
    general_translations,
    lexicon_for,
    normal,
    parse_vocabulary,
    route_tokens,
    search_tokens,
)
from memorybank_server.retrieval.stemmer import en_stem, is_cyrillic, ru_stem


def write(root: Path, files: dict[str, str]) -> Path:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


# -- tokenisers ---------------------------------------------------------------------------------


def test_route_tokens_split_on_punctuation_and_drop_short_and_stop_words() -> None:
    assert route_tokens("Where are the filter_thresholds of v2.0?") == ["filter", "thresholds", "v2"]
    assert route_tokens("trade-off a b") == ["trade", "off"]


def test_route_tokens_fold_yo_and_drop_extended_russian_stop_words() -> None:
    # `этом`, `какое`, `через`, `также`, `между` were plain tokens in the reference (W3).
    assert route_tokens("Что в этом документе? Какое правило также действует между слоями через ЁЛКУ") == [
        "документе",
        "правило",
        "действует",
        "слоями",
        "елку",
    ]


def test_question_filler_words_are_stop_words() -> None:
    assert route_tokens("где лежат пороги") == ["пороги"]
    assert route_tokens("how do I find the release notes") == ["release", "notes"]


def test_search_tokens_keep_identifiers_whole() -> None:
    assert search_tokens("See FT-SMD-843, req-04 and filter_thresholds -x-") == [
        "see",
        "ft-smd-843",
        "req-04",
        "and",
        "filter_thresholds",
    ]


def test_fragments_of_compound_identifiers() -> None:
    assert fragments("ft-smd-843") == ["ft", "smd", "843"]
    assert fragments("a_bc") == ["bc"]
    assert fragments("plain") == []


# -- stems --------------------------------------------------------------------------------------


def test_permission_is_not_a_decision() -> None:
    lexicon = builtin_lexicon()
    assert ru_stem("разрешения") != ru_stem("решения")
    assert "permission" in lexicon.translations("разрешения")
    assert "decision" not in lexicon.translations("разрешения")
    assert "decision" in lexicon.translations("решения")


def test_connection_is_not_a_key() -> None:
    lexicon = builtin_lexicon()
    assert ru_stem("подключение") != ru_stem("ключ")
    assert "key" not in lexicon.translations("подключение")
    assert "key" in lexicon.translations("ключи")


def test_verb_forms_find_their_meaning() -> None:
    lexicon = builtin_lexicon()
    assert "restore" in lexicon.translations("восстановить")
    assert "restore" in lexicon.translations("восстановление")
    assert "deploy" in lexicon.translations("задеплоить")


def test_no_stem_of_the_built_in_dictionary_joins_a_verb_and_a_noun_of_other_senses() -> None:
    """Snowball cuts `разделить` to `раздел`, the stem of `раздел` (a section): the two lines on
    one key made every form of `раздел` mean `split` too, so "which sections must a feature
    description have" matched a page owning `verification_context_separation`."""
    infinitive = ("ть", "ться", "ти", "тись", "чь", "чься")
    senses: dict[str, dict[bool, set[str]]] = {}
    for russian, english in builtin_entries():
        for word in russian:
            verb = word.endswith(infinitive) and not word.endswith("ость")  # `-ость` makes nouns
            senses.setdefault(ru_stem(word), {}).setdefault(verb, set()).update(english)
    joined = {
        stem: kinds for stem, kinds in senses.items() if len(kinds) == 2 and not kinds[True] & kinds[False]
    }
    assert joined == {}
    assert builtin_lexicon().translations("разделы") == ("section",)
    assert "separation" in builtin_lexicon().translations("разделение")


def test_inflections_share_a_stem() -> None:
    assert ru_stem("главного") == ru_stem("главный") == ru_stem("главная")
    assert ru_stem("пороги") == ru_stem("порогов") == ru_stem("порог")
    assert ru_stem("фильтрации") == ru_stem("фильтрация")


def test_the_fleeting_vowel_of_a_plural_genitive_is_taken_out() -> None:
    assert ru_stem("попыток") == ru_stem("попытка") == ru_stem("попытки")
    assert ru_stem("ошибок") == ru_stem("ошибками")
    assert ru_stem("настроек") == ru_stem("настройка")
    assert ru_stem("конец") == ru_stem("конца")
    assert ru_stem("поток") == ru_stem("потока") == ru_stem("потоков")  # not fleeting: still one word
    assert ru_stem("урок") == "урок"  # four letters: left alone
    assert ru_stem("попыток") != ru_stem("попытать")


def test_yo_is_folded_before_stemming() -> None:
    assert ru_stem("жёсткий") == ru_stem("жесткий") == "жестк"


def test_english_plurals_and_tenses_share_a_stem() -> None:
    # W7: `decisions` found nothing in the reference.
    assert en_stem("decisions") == en_stem("decision")
    assert en_stem("released") == en_stem("releasing") == en_stem("releases") == en_stem("release")
    assert en_stem("policies") == en_stem("policy")
    assert "решение" in builtin_lexicon().translations("decisions")


def test_short_roots_are_not_reached_from_longer_words() -> None:
    # W4: `планшет` (tablet) is not a plan, `проектирование` (design work) is not a project.
    lexicon = builtin_lexicon()
    assert "plan" not in lexicon.translations("планшет")
    assert lexicon.stem("проектирование") is None


# -- concepts -----------------------------------------------------------------------------------


def test_concepts_of_a_russian_question() -> None:
    concepts = builtin_lexicon().concepts("Где лежат пороги фильтрации?")
    assert [c.literal for c in concepts] == ["пороги", "фильтрации"]
    assert "threshold" in concepts[0].translations
    assert concepts[0].stem == ru_stem("порог")
    assert "filter" in concepts[1].translations


def test_latin_concepts_translate_to_russian_words_and_have_no_stem() -> None:
    (concept,) = builtin_lexicon().concepts("Thresholds")
    assert concept.stem is None
    assert any(normal(word) == ru_stem("порог") for word in concept.translations)


def test_inflections_of_one_word_are_one_concept() -> None:
    assert len(builtin_lexicon().concepts("release releases released")) == 1


def test_synonyms_come_from_the_same_dictionary_line() -> None:
    assert "reservation" in builtin_lexicon().synonyms("booking")
    assert "booking" not in builtin_lexicon().synonyms("booking")


# -- the bank's vocabulary ----------------------------------------------------------------------

VOCABULARY = """\
    ---
    title: Vocabulary
    doc_kind: governance
    status: active
    ---
    # Vocabulary

    | Русский | English |
    |---|---|
    | `корпуса`, здание | building, housing block |
    | заявка | ticket |
    | только русский | |
    | note | заметка |
    """


def test_vocabulary_header_row_is_not_an_entry() -> None:
    entries = parse_vocabulary(textwrap.dedent(VOCABULARY))
    lefts = [ru for ru, _ in entries]
    assert ("русский",) not in lefts
    assert entries == [
        (("корпуса", "здание"), ("building", "housing", "block")),
        (("заявка",), ("ticket",)),
    ]


def test_vocabulary_words_are_stemmed_so_any_inflection_matches() -> None:
    lexicon = Lexicon(parse_vocabulary(textwrap.dedent(VOCABULARY)))
    assert "building" in lexicon.translations("корпус")
    assert "ticket" in lexicon.translations("заявки")
    assert lexicon.vocabulary_rows == 0


def test_lexicon_for_reads_the_vocabulary_and_follows_edits(tmp_path: Path) -> None:
    root = write(tmp_path, {"dna/vocabulary.md": VOCABULARY})
    bank = Bank(root)
    bank.refresh()
    lexicon = lexicon_for(bank)
    assert lexicon.vocabulary_rows == 2
    assert "ticket" in lexicon.translations("заявки")
    assert lexicon_for(bank) is lexicon
    write(root, {"dna/vocabulary.md": VOCABULARY.replace("ticket", "request")})
    bank.refresh()
    edited = lexicon_for(bank)
    assert edited is not lexicon
    assert "request" in edited.translations("заявки")
    (root / "dna/vocabulary.md").unlink()
    bank.refresh()
    assert lexicon_for(bank) is builtin_lexicon()


# -- transliteration ----------------------------------------------------------------------------
def test_an_english_word_and_its_cyrillic_spelling_share_a_sound_key() -> None:
    from memorybank_server.retrieval.translit import keys

    for english, russian in (
        ("instance", "инстанс"),
        ("pipeline", "пайплайн"),
        ("endpoint", "эндпоинт"),
        ("workflow", "воркфлоу"),
        ("documents", "документ"),
    ):
        assert set(keys(english)) & set(keys(ru_stem(russian))), (english, russian)


def test_short_skeletons_and_a_vowel_against_a_consonant_never_match() -> None:
    from memorybank_server.retrieval.translit import keys

    assert keys("commit") == ()  # three consonants: too many words share them
    assert not set(keys("approver")) & set(keys(ru_stem("проверка")))
    assert keys("v2-api") == ()


def test_a_dictionary_cut_to_no_entries_translates_nothing(tmp_path: Path) -> None:
    bank = Bank(write(tmp_path, {"dna/principles.md": "# Principles\n"}))
    bank.refresh()
    assert builtin_lexicon().translations("документ")
    assert lexicon_for(bank, entries=frozenset()).translations("документ") == ()


def test_the_general_dictionary_translates_both_ways_by_the_words_own_stem() -> None:
    assert "repair" in general_translations("ремонта")
    assert "ремонт" in general_translations("Repairs")
    assert general_translations("ремонтопригодность") == ()  # a longer word is not its prefix's
    assert general_translations("zzzz") == ()


def test_every_general_dictionary_line_pairs_russian_words_with_english_words() -> None:
    lines = [line for line in general_data.GENERAL.splitlines() if line.strip()]
    entries = general_entries()
    assert len(entries) == len(lines) > 4000
    for russian, english in entries:
        assert russian and all(is_cyrillic(word) for word in russian)
        assert english and all(word.isascii() and word.isalpha() for word in english)


def test_a_colloquial_word_takes_the_standard_words_of_its_jargon_line_as_synonyms() -> None:
    lexicon = builtin_lexicon()
    assert "инструмент" in lexicon.synonyms("тулзу")  # any form of the colloquial word
    assert "пользователь" in lexicon.synonyms("юзеров")
    assert "бд" in lexicon.synonyms("базе")
    assert lexicon.translations("тулза") == ()  # a synonym, not a translation


def test_a_word_the_dictionary_knows_gains_no_colloquial_neighbour() -> None:
    with_jargon = builtin_lexicon()
    without = Lexicon(builtin_entries(), jargon=False)
    assert without.synonyms("тулза") == ()
    for word in ("инструмент", "пользователь", "запустить", "настроить", "ошибка"):
        assert with_jargon.stem(word) is not None
        assert with_jargon.synonyms(word) == without.synonyms(word)
        assert with_jargon.translations(word) == without.translations(word)


def test_jargon_stays_out_of_the_general_dictionary_and_can_be_switched_off(tmp_path: Path) -> None:
    assert general_translations("тулза") == ()
    bank = Bank(tmp_path)
    bank.refresh()
    assert "инструмент" in lexicon_for(bank).synonyms("тулза")
    assert lexicon_for(bank, jargon=False).synonyms("тулза") == ()


def test_every_jargon_line_is_russian_words_only() -> None:
    lines = [line.split() for line in jargon_data.JARGON.splitlines() if line.strip()]
    assert len(lines) > 400
    for line in lines:
        assert len(line) >= 2 and all(is_cyrillic(word) and word.isalpha() for word in line)


def _reference(entries: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> tuple[dict, dict, dict, list[str]]:
    """The lexicon's tables built the plain way (lists, a linear scan of prefix keys), each key's
    words cut at MAX_SENSES: what the bounded, linear construction must give."""
    ru: dict[str, list[str]] = {}
    en: dict[str, list[str]] = {}
    groups: dict[str, list[str]] = {}
    for russian, english in entries:
        for group in (russian, english):
            for word in group:
                same = groups.setdefault(normal(word), [])
                same.extend(w for w in group if w not in same)
        for word in russian:
            targets = ru.setdefault(ru_stem(word), [])
            targets.extend(w for w in english if w not in targets)
        for word in english:
            targets = en.setdefault(en_stem(word), [])
            targets.extend(w for w in russian if w not in targets)
    cut = [{key: words[:MAX_SENSES] for key, words in table.items()} for table in (ru, en, groups)]
    prefix_keys = sorted((k for k in ru if len(k) >= 5), key=len, reverse=True)
    return cut[0], cut[1], cut[2], prefix_keys


RUSSIAN = st.sampled_from(
    ["порог", "пороги", "пороговый", "правило", "правила", "очередь", "очереди", "кэш", "конфигурация"]
)
ENGLISH = st.sampled_from(["threshold", "thresholds", "rule", "rules", "queue", "cache", "limit", "cap"])


@given(
    entries=st.lists(
        st.tuples(
            st.lists(RUSSIAN, min_size=1, max_size=40).map(tuple),
            st.lists(
                st.one_of(ENGLISH, st.integers(0, 99).map(lambda i: f"w{i}")), min_size=1, max_size=60
            ).map(tuple),
        ),
        max_size=30,
    ),
    token=st.one_of(RUSSIAN, ENGLISH, st.sampled_from(["пороговая", "правилами", "конфигурационный"])),
)
def test_the_lexicon_keeps_each_keys_first_words_and_finds_the_same_stem(entries: list, token: str) -> None:
    """Translations, synonyms and the stem a word falls under are those of the plain construction,
    each key holding at most MAX_SENSES words, in dictionary order."""
    lexicon = Lexicon(entries, jargon=False)
    ru, en, groups, prefix_keys = _reference(entries)
    own = ru_stem(token)
    if is_cyrillic(token):
        key = (
            own
            if own in ru
            else next((k for k in prefix_keys if own.startswith(k) and len(own) - len(k) <= 3), None)
        )
        assert lexicon.stem(token) == key
        expected = ru.get(key, []) if key else []
    else:
        expected = en.get(en_stem(token), [])
    assert lexicon.translations(token) == _once_each(expected, skip=set())
    assert lexicon.synonyms(token) == _once_each(groups.get(normal(token), []), skip={normal(token)})


def _once_each(found: list[str], skip: set[str]) -> tuple[str, ...]:
    """The words of `found` whose normal form is new (and not in `skip`), in order."""
    seen, result = set(skip), []
    for word in found:
        if normal(word) not in seen:
            seen.add(normal(word))
            result.append(word)
    return tuple(result)


def test_a_vocabulary_table_is_read_within_its_bounds() -> None:
    """A cell of 20,000 words gives its first MAX_CELL_WORDS; a table of 5,000 rows its first
    MAX_VOCABULARY_ROWS; one word given 5,000 translations keeps MAX_SENSES of them."""
    huge_cell = (
        "| Русский | English |\n|---|---|\n| правило | " + ", ".join(f"w{i}" for i in range(20_000)) + " |\n"
    )
    [(russian, english)] = parse_vocabulary(huge_cell)
    assert russian == ("правило",) and english == tuple(f"w{i}" for i in range(MAX_CELL_WORDS))
    many_rows = "| Русский | English |\n|---|---|\n" + "\n".join(f"| правило | w{i} |" for i in range(5_000))
    rows = parse_vocabulary(many_rows)
    assert len(rows) == MAX_VOCABULARY_ROWS
    lexicon = Lexicon(rows)
    assert lexicon.translations("правило") == tuple(f"w{i}" for i in range(MAX_SENSES))


def test_a_stem_reaches_a_key_it_extends_by_at_most_three_letters() -> None:
    lexicon = Lexicon([(("конфигурация",), ("configuration",)), (("порог",), ("threshold",))])
    assert lexicon.stem("конфигурационный") == "конфигурац"  # `ион`: three letters on
    assert lexicon.translations("конфигурационного") == ("configuration",)
    assert lexicon.stem("порожистый") is None  # `порожист` does not start with the key
