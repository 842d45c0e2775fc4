#!/usr/bin/perl
# tests/bench/gen-section.pl: write a made-up section as TRF-16 (UTF-8),
# the same bytes for the same arguments, to test and time the documents.
# SPDX-License-Identifier: MIT
#
#   gen-section.pl [--players N] [--rounds R] [--seed S] [--system swiss|rr]
#
# Swiss: each round pairs the players by score (a greedy pairing that
# avoids repeats where it can), gives the lowest unpaired player a
# pairing-allocated bye, and now and then a forfeit or a half-point bye.
# Round robin (rr): Berger tables, R is ignored.  Names are Ukrainian, with
# ґ є і ї and apostrophes.
use strict;
use warnings;
use utf8;
use Getopt::Long;

binmode STDOUT, ':encoding(UTF-8)';

my ($n, $rounds, $seed, $system) = (1000, 11, 1, 'swiss');
GetOptions('players=i' => \$n, 'rounds=i' => \$rounds, 'seed=i' => \$seed,
           'system=s' => \$system) or die "usage: $0 [options]\n";
die "$0: --system is swiss or rr\n" unless $system =~ /^(swiss|rr)$/;

# A small linear congruential generator: the same numbers everywhere.
my $state = $seed & 0x7fffffff;
sub rnd {
    my ($k) = @_;
    $state = ($state * 1103515245 + 12345) % 2147483648;
    return int(($state / 2147483648) * $k);
}

my @surnames = qw(Мельник Шевченко Бойко Коваленко Бондаренко Ткаченко
    Кравченко Ковальчук Олійник Шевчук Поліщук Лисенко Гаврилюк Їжакевич
    Ґудзь Ярошенко Гнатюк Савчук Руденко Марченко Мороз Петренко Кравець
    Гаєвич Зінченко Левченко Пономаренко Сидоренко Тимошенко Юрченко
    Яковенко Ярема Ґалаґан Дячук Євтушенко Ільченко Сергієнко Онищенко
    Заїка Білоус Гончаренко Костюк Остапчук Фединишин Щербак Цимбалюк
    Дʼяченко Пʼятаченко);
my @male = qw(Ярослав Андрій Євген Ілля Олексій Юрій Тарас Богдан Остап
    Григорій Сергій Михайло Денис Іван Василь Максим Назар Олег Роман Данило
    Захар Марко Ігор Віталій Матвій В'ячеслав Святослав Дмитро);
my @female = qw(Мар'яна Олена Софія Марта Соломія Ірина Ганна Оксана
    Катерина Наталія Юлія Дарина Зоряна Ївга Настя Христина Уляна Вікторія
    Єлизавета Любов Ольга Анастасія Діана Злата);

my (@name, @sex, @rating, @birth);
for my $i (1 .. $n) {
    my $f = rnd(3) == 0;
    my $s = $surnames[rnd(scalar @surnames)];
    # Feminine forms of the -ський surnames are not needed: these are not.
    my $g = $f ? $female[rnd(scalar @female)] : $male[rnd(scalar @male)];
    push @name, "$s, $g";
    push @sex, $f ? 'w' : 'm';
    push @rating, 2400 - int(($i - 1) * 1300 / ($n > 1 ? $n - 1 : 1));
    push @birth, sprintf('%04d/%02d/%02d', 2008 + rnd(8), 1 + rnd(12),
                         1 + rnd(28));
}

# $res[$p][$r] = [opp, colour, code]
my (@res, @pts, %met, @colours);
$pts[$_] = 0 for 1 .. $n;
$colours[$_] = 0 for 1 .. $n;

sub result {
    my ($a, $b) = @_;
    my $x = rnd(100);
    return ('+', '-') if $x < 1;
    return ('-', '+') if $x < 2;
    my $edge = $rating[$a - 1] > $rating[$b - 1] ? 8 : -8;
    return ('1', '0') if $x < 42 + $edge;
    return ('=', '=') if $x < 72 + $edge;
    return ('0', '1');
}

sub play {
    my ($r, $a, $b) = @_;
    # White to the one who had black more often.
    ($a, $b) = ($b, $a) if $colours[$a] > $colours[$b];
    my ($ra, $rb) = result($a, $b);
    $res[$a][$r] = [$b, 'w', $ra];
    $res[$b][$r] = [$a, 'b', $rb];
    $colours[$a]++;
    $colours[$b]--;
    my %v = ('1' => 1, '=' => 0.5, '0' => 0, '+' => 1, '-' => 0);
    $pts[$a] += $v{$ra};
    $pts[$b] += $v{$rb};
    $met{"$a-$b"} = $met{"$b-$a"} = 1;
}

if ($system eq 'rr') {
    my $m = $n % 2 ? $n + 1 : $n;    # a dummy player gives the byes
    $rounds = $m - 1;
    my @ring = (2 .. $m);
    for my $r (0 .. $rounds - 1) {
        my @line = (1, @ring);
        for my $k (0 .. $m / 2 - 1) {
            my ($a, $b) = ($line[$k], $line[$m - 1 - $k]);
            ($a, $b) = ($b, $a) if ($r + $k) % 2;
            if ($a > $n || $b > $n) {
                my $p = $a > $n ? $b : $a;
                $res[$p][$r] = [0, '-', 'U'];
                $pts[$p] += 1;
                next;
            }
            play($r, $a, $b);
        }
        unshift @ring, pop @ring;
    }
} else {
    for my $r (0 .. $rounds - 1) {
        my @order = sort { $pts[$b] <=> $pts[$a] || $a <=> $b } 1 .. $n;
        my @pool;
        for my $p (@order) {
            # Now and then a half-point bye asked for in advance.
            if ($r > 0 && $r < $rounds - 1 && rnd(200) == 0) {
                $res[$p][$r] = [0, '-', 'H'];
                $pts[$p] += 0.5;
                next;
            }
            push @pool, $p;
        }
        if (@pool % 2) {
            my $p = pop @pool;
            $res[$p][$r] = [0, '-', 'U'];
            $pts[$p] += 1;
        }
        while (@pool) {
            my $a = shift @pool;
            my $k = 0;
            $k++ while $k < $#pool && $met{"$a-$pool[$k]"};
            my ($b) = splice(@pool, $k, 1);
            play($r, $a, $b);
        }
    }
}

my @rank = sort { $pts[$b] <=> $pts[$a] || $a <=> $b } 1 .. $n;
my %rank_of;
for my $i (0 .. $#rank) {
    my $j = $i;
    $j-- while $j > 0 && $pts[$rank[$j - 1]] == $pts[$rank[$i]];
    $rank_of{$rank[$i]} = $j + 1;
}

print "012 Чемпіонат України з шахів серед юнаків і дівчат до 16 років\n";
print "022 Івано-Франківськ\n";
print "032 UKR\n";
print "042 2024/08/05\n";
print "052 2024/08/15\n";
print "062 $n\n";
print "092 Individual: ", ($system eq 'rr' ? 'Round-Robin' : 'Swiss-System'),
    "\n";
print "102 Ґалаґан, Євгенія\n";
print "122 90 хв + 30 с на хід\n";
print "XXR $rounds\n";
for my $p (1 .. $n) {
    my $line = sprintf('001 %4d %s    %-33s %4d UKR %11s %10s %4.1f %4d',
        $p, $sex[$p - 1], $name[$p - 1], $rating[$p - 1],
        34100000 + $p, $birth[$p - 1], $pts[$p], $rank_of{$p});
    for my $r (0 .. $rounds - 1) {
        my $e = $res[$p][$r];
        $line .= sprintf('  %4s %s %s', $e->[0] ? $e->[0] : '0000', $e->[1],
                         $e->[2]);
    }
    print "$line\n";
}
