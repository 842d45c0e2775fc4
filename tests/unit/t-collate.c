/* tests/unit/t-collate: Ukrainian alphabetical order.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/collate.h"

static int cmp(const void *a, const void *b)
{
    return collate_cmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
    /* the alphabet's own order, as the dictionaries give it (ДСТУ, and the
       2019 Правопис, § 4) */
    static const char *const letters[] = {
        "а", "б", "в", "г", "ґ", "д", "е", "є", "ж", "з", "и", "і", "ї",
        "й", "к", "л", "м", "н", "о", "п", "р", "с", "т", "у", "ф", "х",
        "ц", "ч", "ш", "щ", "ь", "ю", "я"};
    /* names as a register of participants sorts them */
    static const char *const names[] = {
        "Гаврилюк Іван", "Ґава Олег", "Демченко Ганна", "Дем'яненко Єгор",
        "Ефименко Петро", "Єрмак Ірина", "Иванків Тарас", "Іваненко Ольга",
        "Їжак Марко", "Йосипенко Олена", "Шевченко Остап", "Шевченкова Анна",
        "Щербина Юрій", "Ющенко Ігор", "Яковенко Іван", "Adams Michael",
        "Müller Jörg"};
    const size_t nl = sizeof(letters) / sizeof(letters[0]),
                 nn = sizeof(names) / sizeof(names[0]);
    const char *v[sizeof(names) / sizeof(names[0])];
    size_t i;
    int in_order = 1;

    for (i = 1; i < nl; i++)
        if (collate_cmp(letters[i - 1], letters[i]) >= 0) {
            diag("%s is not before %s", letters[i - 1], letters[i]);
            in_order = 0;
        }
    ok(in_order, "the 33 letters in the alphabet's order");
    ok(collate_cmp("Ґ", "г") > 0 && collate_cmp("Г", "ґ") < 0,
       "capitals and small letters: Ґ after г");
    /* sort the names from reversed order and compare */
    for (i = 0; i < nn; i++)
        v[i] = names[nn - 1 - i];
    qsort(v, nn, sizeof(*v), cmp);
    in_order = 1;
    for (i = 0; i < nn; i++)
        if (strcmp(v[i], names[i])) {
            diag("place %zu: %s, not %s", i + 1, v[i], names[i]);
            in_order = 0;
        }
    ok(in_order, "names: Ґ after Г, Є after Е, І and Ї after И, Cyrillic "
                 "before Latin, a blank before a letter, no apostrophe");
    ok(collate_cmp("Дем'яненко", "Дем’яненко") != 0 &&
           collate_cmp("Дем'яненко", "Демяненко") != 0,
       "equal in the order, told apart by their bytes (a total order)");
    ok(collate_cmpn("абв", 2, "аб", 2) == 0, "a length, not a NUL");
    is_int(collate_cmp("", ""), 0, "empty texts");
    ok(collate_cmp("", "а") < 0, "empty before anything");
    return done_testing();
}
