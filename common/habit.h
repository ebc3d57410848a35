/* SPDX-License-Identifier: ISC */
/*
 * habit.h: the options of flamegraph.pl, the stackcollapse scripts and
 * inferno that a tool's own table lacks (habit.c).
 */
#ifndef FG_HABIT_H
#define FG_HABIT_H

#include "opt.h"

/*
 * Options of flamegraph.pl, the stackcollapse scripts and inferno that the
 * running tool's table opts lacks, as a malloc'd table for fg_getopt: each
 * is accepted (its meaning is fg's behaviour already) or refused with what
 * to use instead, by fg_habit(shrt, arg). Their shrt values are FG_HABIT
 * and above.
 */
#define FG_HABIT 0x100000
struct fg_opt *fg_habits(const struct fg_opt *opts);
void fg_habit(int code, const char *arg);
#endif
