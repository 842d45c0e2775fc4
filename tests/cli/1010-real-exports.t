#!/bin/sh
# What real exports look like (issue 16): results as printed ("1 – 0",
# "½ – ½", "+ – -"), '?' where Windows-1251 lost the ½, fake bye players.
. "$(dirname "$0")/../lib/lib.sh"

cd "$tmp" || exit 1

# Results as printed, with blanks and en or em dashes.
cat >printed.csv <<'CSV'
Тур;Білі;Чорні;Результат
1;Мельник, Ярослав;Бойко, Євген;1 – 0
1;Ґудзь, Мар'яна;Шевчук, Олена;½ – ½
2;Бойко, Євген;Ґудзь, Мар'яна;0 — 1
2;Шевчук, Олена;Мельник, Ярослав;1:0
3;Мельник, Ярослав;Ґудзь, Мар'яна;0,5-0,5
3;Бойко, Євген;Шевчук, Олена;+ – -
4;Шевчук, Олена;Бойко, Євген;- – +
4;Мельник, Ярослав;Ґудзь, Мар'яна;1 - 0
CSV
expect_success "printed results read" sekretar check printed.csv
expect_stdout "printed results: no problems" \
"printed.csv: 4 players, 4 rounds, 0 errors, 0 warnings"
expect_success "printed results as TRF" sekretar convert printed.csv --to trf16
expect_stdout "printed results: the TRF codes" \
"001    1      Мельник, Ярослав                                                                2 w 1     4 b 0     3 w =     3 w 1
001    2      Бойко, Євген                                                                    1 b 0     3 w 0     4 w +     4 b +
001    3      Ґудзь, Мар'яна                                                                  4 w =     2 b 1     1 b =     1 b 0
001    4      Шевчук, Олена                                                                   3 b =     1 w 1     2 b -     2 w -"

# '?' is what Excel writes for ½ in Windows-1251.
printf 'Тур;Білі;Чорні;Результат\r\n1;A B;C D;? – ?\r\n1;E F;;?\r\n' >question.csv
expect_failure 65 "'?' results" sekretar check -q question.csv
expect_stdout "'?' results: messages" \
"question.csv:2:11: error: result '? – ?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5
question.csv:3:8: error: result '?' has '?' where Excel saved a sign that Windows-1251 does not have (½); write a draw as =, 1/2-1/2 or 0.5-0.5, a half-point bye as H"

# The fake player some pairing programs pair the odd one out with.
printf 'Тур;Білі;Чорні;Результат\n1;Мельник, Ярослав;SPIELFREI;1-0\n1;Бойко, Євген;Ґудзь, Мар'"'"'яна;0-1\n' >fake.csv
expect_success "a fake bye player" sekretar check fake.csv
expect_stdout "a fake bye player: a warning at his line" \
"fake.csv:2:20: warning: player 2 'SPIELFREI' is named like a bye: a fake player of the pairing program, not a person; his games are the byes of his opponents
fake.csv: 4 players, 1 round, 0 errors, 1 warning"

done_testing
