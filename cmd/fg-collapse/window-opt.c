/* SPDX-License-Identifier: ISC */
/*
 * window-opt.c: the values of --since, --until, --window and -o, read and
 * checked into o->win; window.c computes with them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

/* "[+-]NUMBER[UNIT]" with UNIT ms, s (default), m or h; -1 when bad. */
static int
parse_dur(const char *s, int *sign, double *v)
{
	static const struct { const char *u; double f; } units[] = {
		{ "ms", 1e-3 }, { "s", 1 }, { "m", 60 }, { "h", 3600 },
		{ "", 1 }
	};
	char *end;
	size_t i;

	*sign = 0;
	if (*s == '+' || *s == '-')
		*sign = *s++;
	if (!(*s >= '0' && *s <= '9') && *s != '.')
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(*v) || *v < 0)
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(end, units[i].u) == 0) {
			*v *= units[i].f;
			return isfinite(*v) ? 0 : -1;
		}
	return -1;
}

static struct cwin *
win_of(struct copts *o)
{
	if (o->win == NULL)
		o->win = fg_calloc(1, sizeof(*o->win));
	return o->win;
}

void
window_opt(struct copts *o, int which, const char *arg)
{
	struct cwin *w = win_of(o);
	struct wbound *b;
	int sign;
	double v;

	switch (which) {
	case 's':
	case 'u':
		b = which == 's' ? &w->since : &w->until;
		if (parse_dur(arg, &sign, &v) < 0)
			fg_errx(FG_EXIT_ERR, "--%s: bad time: %s (seconds as "
			    "the capture prints them, or -DURATION before its "
			    "end, +DURATION after its start; units ms, s, m, "
			    "h)", which == 's' ? "since" : "until", arg);
		b->set = 1;
		b->rel = sign;
		b->v = v;
		break;
	case 'w':
		if (parse_dur(arg, &sign, &v) < 0 || sign != 0 || v <= 0)
			fg_errx(FG_EXIT_ERR, "--window: bad duration: %s (a "
			    "positive number with unit ms, s, m or h)", arg);
		w->every = v;
		break;
	default:
		w->pattern = arg;
		break;
	}
}

void
window_check(const struct copts *o)
{
	const struct cwin *w = o->win;

	if (w == NULL)
		return;
	if (w->pattern != NULL && w->every == 0)
		fg_errx(FG_EXIT_ERR, "-o names the files of --window: give "
		    "--window too");
	if (w->every > 0 && w->pattern == NULL)
		fg_errx(FG_EXIT_ERR, "--window writes one file per window: "
		    "name them with -o DIR or -o PATTERN");
}
