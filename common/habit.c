/* SPDX-License-Identifier: ISC */
/*
 * habit.c: the options of flamegraph.pl, the stackcollapse scripts and
 * inferno that a tool's own table lacks. fg_getopt (opt.c) looks a long
 * name up here only when it matches exactly, never as an abbreviation, and
 * only for the tools a row names. A row either accepts the option, whose
 * meaning is already fg's behaviour, or refuses it, saying what to use
 * instead: a user's habit never meets a bare "unknown option".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg.h"
#include "habit.h"

enum {
	SAME,		/* accepted: fg already behaves so */
	VALUE,		/* accepted when the argument is one of .what */
	QUIET,		/* accepted: data warnings silenced (fg_quiet) */
	REFUSE		/* exit 2 saying .what */
};

struct habit {
	const char *lng;	/* long name, or NULL */
	int shrt;		/* short letter, or 0 */
	int hasarg;
	const char *tools;	/* the tools that take it */
	int kind;
	const char *what;	/* VALUE: "a|b"; REFUSE: what to do instead */
};

#define SVG "fg-svg"
#define PIC "fg-svg fg-color"
#define LOG "fg-svg fg-color fg-collapse fg-diff"

static const struct habit habits[] = {
	/* flamegraph.pl */
	{ "random", 0, FG_OPT_NOARG, PIC, REFUSE,
	    "fg's colours never depend on chance: a name has the same colour "
	    "in every run and every graph; --hash keys them by flamegraph.pl's "
	    "name hash, --cp keeps them in palette.map" },
	{ "encoding", 0, FG_OPT_ARG, SVG, VALUE, "utf-8|utf8" },
	{ "nameattr", 0, FG_OPT_ARG, SVG, REFUSE,
	    "frame attributes from a file are not supported: every frame is "
	    "a <g> whose <title> starts with the function name, for a script "
	    "to add attributes or links to" },
	/* inferno-flamegraph */
	{ "deterministic", 0, FG_OPT_NOARG, PIC, SAME, NULL },
	{ "truncate-text-right", 0, FG_OPT_NOARG, SVG, SAME, NULL },
	{ "no-sort", 0, FG_OPT_NOARG, SVG, SAME, NULL },
	{ "pretty-xml", 0, FG_OPT_NOARG, SVG, SAME, NULL },
	/* inferno's logging, every tool of it */
	{ "quiet", 'q', FG_OPT_NOARG, LOG, QUIET, NULL },
	{ "verbose", 'v', FG_OPT_NOARG, LOG, SAME, NULL },
	{ NULL, 0, 0, NULL, 0, NULL }
};

/* Whether row h applies to the running tool. */
static int
mine(const struct habit *h)
{
	size_t n = strlen(fg_progname);
	const char *p = h->tools;

	while ((p = strstr(p, fg_progname)) != NULL) {
		if ((p == h->tools || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
		p += n;
	}
	return 0;
}

/*
 * The running tool's habits as an option table, leaving out names and
 * letters the tool's own table opts has. Each one's shrt is FG_HABIT +
 * 256 * row + its short letter (0 if none): fg_habit() acts on it.
 */
struct fg_opt *
fg_habits(const struct fg_opt *opts)
{
	const struct habit *h;
	const struct fg_opt *o;
	struct fg_opt *v;
	size_t n = 0;
	int c;

	v = fg_calloc(sizeof(habits) / sizeof(habits[0]), sizeof(*v));
	for (h = habits; h->lng != NULL || h->shrt != 0; h++) {
		if (!mine(h))
			continue;
		v[n].lng = h->lng;
		c = h->shrt;
		for (o = opts; o->lng != NULL || o->shrt != 0; o++) {
			if (o->lng != NULL && h->lng != NULL &&
			    strcmp(o->lng, h->lng) == 0)
				v[n].lng = NULL;
			if (o->shrt == c)
				c = 0;
		}
		if (v[n].lng == NULL && c == 0)
			continue;
		v[n].hasarg = h->hasarg;
		v[n++].shrt = FG_HABIT + 256 * (int)(h - habits) + c;
	}
	return v;
}

/* Acts on the habit whose code fg_getopt met: accepts it, or exits. */
void
fg_habit(int code, const char *arg)
{
	const struct habit *h = &habits[(code - FG_HABIT) / 256];
	const char *p, *e;
	char given[40];
	size_t n;

	if (h->lng != NULL)
		snprintf(given, sizeof(given), "--%s", h->lng);
	else
		snprintf(given, sizeof(given), "-%c", h->shrt);

	switch (h->kind) {
	case SAME:
		return;
	case QUIET:
		fg_quiet = 1;
		return;
	case VALUE:
		for (p = h->what; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
			e = strchr(p, '|');
			e = e != NULL ? e : p + strlen(p);
			n = (size_t)(e - p);
			if (strlen(arg) == n && strncasecmp(arg, p, n) == 0)
				return;
		}
		if (strcmp(h->lng, "encoding") == 0)
			fg_errx(FG_EXIT_ERR, "%s %s: the SVG is always UTF-8 "
			    "(invalid bytes become U+FFFD): convert names "
			    "first, e.g. iconv -f %s -t UTF-8", given, arg,
			    arg);
		fg_errx(FG_EXIT_ERR, "%s %s: only %s", given, arg, h->what);
	default:
		fg_errx(FG_EXIT_ERR, "%s: %s", given, h->what);
	}
}
