/* tests/unit/t-name: names (apostrophes, display forms, keys, KMU-55
 * transliteration) and the regions of Ukraine.
 * SPDX-License-Identifier: MIT
 */
#include "tap.h"
#include "core/region.h"
#include "util/name.h"
#include "util/strbuf.h"

static struct strbuf sb = STRBUF_INIT;
static struct strbuf sb2 = STRBUF_INIT;

static const char *translit(const char *s)
{
    strbuf_reset(&sb);
    name_translit(&sb, s);
    return sb.buf;
}

static void test_translit(void)
{
    /* The annex examples of KMU resolution No 55 (2010). */
    static const char *const cases[][2] = {
        {"Алушта", "Alushta"},
        {"Андрій", "Andrii"},
        {"Борщагівка", "Borshchahivka"},
        {"Вінниця", "Vinnytsia"},
        {"Гадяч", "Hadiach"},
        {"Згурський", "Zghurskyi"},
        {"Ґалаґан", "Galagan"},
        {"Донецьк", "Donetsk"},
        {"Рівне", "Rivne"},
        {"Олег", "Oleh"},
        {"Есмань", "Esman"},
        {"Єнакієве", "Yenakiieve"},
        {"Гаєвич", "Haievych"},
        {"Короп'є", "Koropie"},
        {"Житомир", "Zhytomyr"},
        {"Закарпаття", "Zakarpattia"},
        {"Медвин", "Medvyn"},
        {"Михайленко", "Mykhailenko"},
        {"Іванків", "Ivankiv"},
        {"Їжакевич", "Yizhakevych"},
        {"Кадиївка", "Kadyivka"},
        {"Мар'їне", "Marine"},
        {"Йосипівка", "Yosypivka"},
        {"Стрий", "Stryi"},
        {"Олексій", "Oleksii"},
        {"Київ", "Kyiv"},
        {"Лебедин", "Lebedyn"},
        {"Миколаїв", "Mykolaiv"},
        {"Ніжин", "Nizhyn"},
        {"Наталія", "Nataliia"},
        {"Одеса", "Odesa"},
        {"Полтава", "Poltava"},
        {"Решетилівка", "Reshetylivka"},
        {"Рибчинський", "Rybchynskyi"},
        {"Суми", "Sumy"},
        {"Соломія", "Solomiia"},
        {"Тернопіль", "Ternopil"},
        {"Троць", "Trots"},
        {"Ужгород", "Uzhhorod"},
        {"Уляна", "Uliana"},
        {"Фастів", "Fastiv"},
        {"Харків", "Kharkiv"},
        {"Христина", "Khrystyna"},
        {"Біла Церква", "Bila Tserkva"},
        {"Чернівці", "Chernivtsi"},
        {"Шевченко", "Shevchenko"},
        {"Шостка", "Shostka"},
        {"Щербухи", "Shcherbukhy"},
        {"Гоща", "Hoshcha"},
        {"Юрій", "Yurii"},
        {"Корюківка", "Koriukivka"},
        {"Яготин", "Yahotyn"},
        {"Костянтин", "Kostiantyn"},
        {"Знам'янка", "Znamianka"},
        {"Феодосія", "Feodosiia"},
        {"Розгон", "Rozghon"},
        {"Згорани", "Zghorany"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        is_str(translit(cases[i][0]), cases[i][1], "KMU-55: %s", cases[i][0]);
    is_str(translit("Анна-Ярина"), "Anna-Yaryna", "hyphen starts a word");
    is_str(translit("ЩЕРБА"), "SHCHERBA", "digraph in an all-capital word");
    is_str(translit("ЗГУРСЬКИЙ"), "ZGHURSKYI", "ЗГ in capitals");
    is_str(translit("Щерба"), "Shcherba", "digraph in title case");
    is_str(translit("Мар’яна"), "Mariana", "U+2019 apostrophe dropped");
    is_str(translit("Марʼяна"), "Mariana", "U+02BC apostrophe dropped");
    is_str(translit("ЯРОШЕНКО Я."), "YAROSHENKO Ya.", "initial in title case");
    is_str(translit("Melnyk"), "Melnyk", "Latin is copied");
}

static void test_display(void)
{
    strbuf_reset(&sb);
    name_clean(&sb, "  Мар’яна \t Ґудзь  ");
    is_str(sb.buf, "Мар'яна Ґудзь", "clean: blanks and apostrophe");
    strbuf_reset(&sb);
    name_surname_upper(&sb, "Ґудзь", "Марʼяна");
    is_str(sb.buf, "ҐУДЗЬ Мар'яна", "ПРІЗВИЩЕ Ім'я");
    strbuf_reset(&sb);
    name_given_surname_upper(&sb, "Їжак", "Євген");
    is_str(sb.buf, "Їжак ЄВГЕН", "Ім'я ПРІЗВИЩЕ");
    strbuf_reset(&sb);
    name_initials(&sb, "Шевчук", "Олена", "Ігорівна");
    is_str(sb.buf, "Шевчук О. І.", "Прізвище І. П.");
    strbuf_reset(&sb);
    name_initials(&sb, "Коваль", "Анна-Марія", "");
    is_str(sb.buf, "Коваль А.-М.", "double given name");
    strbuf_reset(&sb);
    name_initials(&sb, "Коваль", "", NULL);
    is_str(sb.buf, "Коваль", "surname alone");
}

static void test_split_and_key(void)
{
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT;

    name_split("Мельник,  Ярослав Петрович", &a, &b, &c);
    is_str(a.buf, "Мельник", "split with comma: surname");
    is_str(b.buf, "Ярослав", "split with comma: given");
    is_str(c.buf, "Петрович", "split with comma: patronymic");
    strbuf_reset(&a);
    strbuf_reset(&b);
    strbuf_reset(&c);
    name_split("Дем'яненко Ілля", &a, &b, &c);
    is_str(a.buf, "Дем'яненко", "split without comma: surname");
    is_str(b.buf, "Ілля", "split without comma: given");
    is_str(c.buf, "", "split without comma: no patronymic");
    strbuf_release(&a);
    strbuf_release(&b);
    strbuf_release(&c);

    strbuf_reset(&sb);
    name_key(&sb, "Мельник, Ярослав");
    is_str(sb.buf, "melnyk yaroslav", "key of a TRF name");
    strbuf_reset(&sb);
    name_key(&sb, "МЕЛЬНИК  Ярослав");
    is_str(sb.buf, "melnyk yaroslav", "key ignores case and blanks");
    strbuf_reset(&sb);
    name_key(&sb, "Melnyk, Yaroslav");
    is_str(sb.buf, "melnyk yaroslav", "Latin spelling meets Cyrillic");
    strbuf_reset(&sb);
    name_key(&sb, "Мар’яна Ґудзь");
    is_str(sb.buf, "mariana gudz", "apostrophes do not split words");
    ok(name_has_cyrillic("Ілля"), "Cyrillic found");
    ok(!name_has_cyrillic("Illia"), "Latin has none");
}

static void test_regions(void)
{
    static const struct {
        const char *s;
        const char *name;
    } cases[] = {
        {"Львівська", "Львівська"},
        {"Львівська обл.", "Львівська"},
        {"львівська область", "Львівська"},
        {"Львівська обл", "Львівська"},
        {"м. Київ", "м. Київ"},
        {"Київ", "м. Київ"},
        {"місто Київ", "м. Київ"},
        {"Київська обл.", "Київська"},
        {"АР Крим", "АР Крим"},
        {"Автономна Республіка Крим", "АР Крим"},
        {"АРК", "АР Крим"},
        {"м.Севастополь", "м. Севастополь"},
        {"Івано-Франківська", "Івано-Франківська"},
        {"Івано Франківська обл.", "Івано-Франківська"},
        {"Запорізька", "Запорізька"},
        {"Lvivska", "Львівська"},
    };
    size_t i;

    is_int(region_count(), 27, "27 regions");
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int r = region_find(cases[i].s);
        is_str(r >= 0 ? region_get(r)->name : "(none)", cases[i].name,
               "region '%s'", cases[i].s);
    }
    is_int(region_find("Львів"), -1, "a city is not a region");
    is_int(region_find("Московська"), -1, "unknown region");
    is_int(region_find(""), -1, "empty");
}

static void test_fold(void)
{
    static const struct {
        const char *s, *fold, *latin;
    } cases[] = {
        {"Мар’яна ҐУДЗЬ", "маряна гудзь", "mariana hudz"},
        {"Марʼяна Гудзь", "маряна гудзь", "mariana hudz"},
        {"Їжакевич, Олександр", "іжакевич олександр", "izhakevich oleksandr"},
        {"Ізмайлов", "ізмаілов", "izmailov"},
        {"Єгор Сергійович", "егор сергііович", "iehor serhiovich"},
        {"Анна-Марія", "анна марія", "ana maria"},
        {"Yurii", "yurii", "iuri"},
        {"Yuriy", "yuriy", "iuri"},
        {"Gnativ, Kh.", "gnativ kh", "hnativ h"},
        {"Maxim", "maxim", "maksim"},
        {"Müller", "müller", "muler"},
        {"Mueller", "mueller", "muler"},
        {"Kuehnert", "kuehnert", "kuhnert"},
        {"Schröder", "schröder", "schroder"},
        {"Strauß", "strauß", "straus"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        strbuf_reset(&sb);
        name_fold(&sb, cases[i].s);
        is_str(sb.buf, cases[i].fold, "fold '%s'", cases[i].s);
        strbuf_reset(&sb);
        name_fold_latin(&sb, cases[i].s);
        is_str(sb.buf, cases[i].latin, "latin fold '%s'", cases[i].s);
    }
    strbuf_reset(&sb);
    name_fold_latin(&sb, "Юрій Гнатів");
    is_str(sb.buf, "iuri hnativ", "Cyrillic gives the Latin fold");
    ok(name_fold_match("шевченко остап олегович", "шевч ост"),
       "word prefixes match");
    ok(name_fold_match("шевченко остап", "остап шевченко"),
       "in any order");
    ok(!name_fold_match("шевченко остап", "тап"), "not inside a word");
    ok(!name_fold_match("шевченко остап", ""), "empty query");
    ok(!name_fold_match("шевченко", "шевченко остап"), "every word counts");
}

static const char *join_key(const char *s)
{
    strbuf_reset(&sb);
    name_join_key(&sb, s);
    return sb.buf;
}

static const char *umlaut_key(const char *s)
{
    strbuf_reset(&sb2);
    name_join_key_umlauts(&sb2, s);
    return sb2.buf;
}

static void test_join_key(void)
{
    is_str(join_key("Müller, Jörg"), "muller jorg", "accents folded");
    is_str(join_key("Meyer, Dr. Hans"), "meyer hans", "a title dropped");
    is_str(join_key("GM Straße, Łukasz"), "strasse lukasz",
           "a leading title, ß and ł");
    is_str(join_key("Im, Dong"), "im dong",
           "a name that looks like a title is kept");
    is_str(umlaut_key("Kuehnert,Hanno"), "kuhnert hanno", "ue is ü");
    is_str(umlaut_key("Kühnert Hanno"), "kuhnert hanno", "ü is u");
    is_str(umlaut_key("Mueller, Dr. Johannes"), "muller johannes",
           "Mueller is Müller, the title left out");
    is_str(umlaut_key("Schroeder"), umlaut_key("Schröder"), "oe is ö");
    is_str(umlaut_key("Haensel"), umlaut_key("Hänsel"), "ae is ä");
    is_str(umlaut_key("Strasse"), umlaut_key("Straße"), "ss is ß");
    is_str(umlaut_key("Muller Jorg"), umlaut_key("Müller, Jörg"),
           "the accents lost still meet");
    is_str(join_key("Гаевський"), "haevskyi",
           "the first key reads no umlauts: Гаевський is not Гавський");
    ok(name_is_title_start("d", 1) && name_is_title_start("pro", 3) &&
           name_is_title_start("g", 1),
       "a title cut short");
    ok(!name_is_title_start("dr", 2) && !name_is_title_start("frank", 5) &&
           !name_is_title_start("", 0),
       "a whole title, a name, nothing: not a title cut short");
    is_str(join_key("Мельник, Ярослав"), "melnyk yaroslav",
           "Cyrillic as name_key");
    ok(name_is_bye("Spielfrei") && name_is_bye("BYE") &&
           name_is_bye("вільний") && name_is_bye("Freilos") &&
           name_is_bye(" пропуск "),
       "bye names");
    ok(!name_is_bye("Byelov, Ivan"), "a real name is no bye");
    /* A comma between two words settles it without reading them all. */
    ok(!name_is_bye("Шевченко, Остап") && !name_is_bye("Bye, Free") &&
           !name_is_bye("Frei,  Ёж") && !name_is_bye("Ab1, 2"),
       "two words around a comma: no bye");
    ok(name_is_bye("Bye,") && name_is_bye("вільний, ") &&
           name_is_bye(",Spielfrei") && name_is_bye("free ,"),
       "one word and a comma: a bye");
    ok(!name_is_bye("Frei «, Ivan") && name_is_bye("«Frei»,"),
       "a comma after a sign: read the whole name");
    ok(name_is_bye("——") && name_is_bye(" - - ") && name_is_bye("–") &&
           name_is_bye("\xe2\x88\x92"),
       "dashes alone: a bye");
    ok(!name_is_bye("") && !name_is_bye("  ") && !name_is_bye("—А") &&
           !name_is_bye("Сидоренко-Бой"),
       "no dash, or letters beside them: no bye");
}

int main(void)
{
    test_join_key();
    test_translit();
    test_fold();
    test_display();
    test_split_and_key();
    test_regions();
    strbuf_release(&sb);
    return done_testing();
}
