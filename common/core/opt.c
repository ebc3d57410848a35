/* SPDX-License-Identifier: ISC */
/*
 * opt.c: command-line options without getopt_long: short clusters (-ns),
 * short arguments (-w800, -w 800), long options (--width=800, --width 800,
 * unique prefixes accepted), "--" to end options, "-" as an operand.
 * Operands may come before, between or after options; they are collected in
 * order into st->ops. As Perl's Getopt::Long (flamegraph.pl), "-title x"
 * is "--title x". Options of FlameGraph and inferno that a tool's table
 * lacks are looked up in habit. usage prints the usage, help and
 * version texts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg.h"

static const char *usage_text, *help_text;
static char dash[] = "-";
static char *dash_only[] = { dash, NULL };

void
fg_tool_init(const char *argv0, const char *usage, const char *help)
{
	fg_setprogname(argv0);
	fg_out_init();
	usage_text = usage;
	help_text = help;
}

char **
fg_opt_files(struct fg_optstate *st, int *n)
{
	if (st->nops == 0) {
		*n = 1;
		return dash_only;
	}
	*n = st->nops;
	return st->ops;
}

void
fg_opt_init(struct fg_optstate *st, int argc, char **argv)
{
	memset(st, 0, sizeof(*st));
	st->argc = argc;
	st->argv = argv;
	st->i = 1;
	st->ops = fg_calloc((size_t)argc + 1, sizeof(char *));
}

/* The entry of opts whose long name is name[0..n), or NULL. */
static const struct fg_opt *
exact(const struct fg_opt *opts, const char *name, size_t n)
{
	const struct fg_opt *o;

	for (o = opts; o->lng != NULL || o->shrt != 0; o++)
		if (o->lng != NULL && strncmp(o->lng, name, n) == 0 &&
		    o->lng[n] == '\0')
			return o;
	return NULL;
}

/*
 * The tool's option named name[0..n) or uniquely abbreviated so, else a
 * habit (habit) of exactly that name; NULL after a message.
 */
static const struct fg_opt *
findlong(const struct fg_opt *opts, const struct fg_opt *habits,
    const char *name, size_t n)
{
	const struct fg_opt *o, *hit = NULL;
	int nhit = 0;

	if ((o = exact(opts, name, n)) != NULL)
		return o;
	for (o = opts; o->lng != NULL || o->shrt != 0; o++) {
		if (o->lng == NULL || strncmp(o->lng, name, n) != 0)
			continue;
		hit = o;
		nhit++;
	}
	if (nhit == 1)
		return hit;
	if (nhit == 0 && (o = exact(habits, name, n)) != NULL)
		return o;
	fg_warnx("%s option: --%.*s", nhit > 1 ? "ambiguous" : "unknown",
	    (int)n, name);
	return NULL;
}

/* The entry of opts for short letter c, or NULL. */
static const struct fg_opt *
findshort(const struct fg_opt *opts, const struct fg_opt *habits, int c)
{
	const struct fg_opt *o;

	for (o = opts; o->lng != NULL || o->shrt != 0; o++)
		if (o->shrt == c && o->shrt < 256)
			return o;
	for (o = habits; o->lng != NULL || o->shrt != 0; o++)
		if ((o->shrt & 255) == c)
			return o;
	return NULL;
}

static int getopt1(struct fg_optstate *, const struct fg_opt *,
    const struct fg_opt *);

static int
intable(const struct fg_opt *opts, const char *lng, int shrt)
{
	const struct fg_opt *o;

	for (o = opts; o->lng != NULL || o->shrt != 0; o++)
		if ((o->lng != NULL && strcmp(o->lng, lng) == 0) ||
		    o->shrt == shrt)
			return 1;
	return 0;
}

int
fg_getopt(struct fg_optstate *st, const struct fg_opt *opts)
{
	static const struct fg_opt common[] = {
		{ "help", 'h', FG_OPT_NOARG },
		{ "version", 0x7fff, FG_OPT_NOARG },
		{ NULL, 0, 0 }
	};
	static const struct fg_opt none[] = { { NULL, 0, 0 } };
	struct fg_opt *all, *habits;
	size_t n;
	int c;

	if (usage_text == NULL)
		return getopt1(st, opts, none);
	/* the tool's table plus --help and --version where it lacks them */
	for (n = 0; opts[n].lng != NULL || opts[n].shrt != 0; n++)
		;
	all = fg_calloc(n + 3, sizeof(*all));
	memcpy(all, opts, n * sizeof(*all));
	if (!intable(opts, "help", 'h'))
		all[n++] = common[0];
	if (!intable(opts, "version", 0x7fff))
		all[n++] = common[1];
	habits = fg_habits(all);
	while ((c = getopt1(st, all, habits)) >= FG_HABIT)
		fg_habit(c, st->arg);
	free(habits);
	free(all);
	if (c == 'h' && !intable(opts, "help", 'h'))
		fg_help(help_text);
	if (c == 0x7fff)
		fg_version();
	if (c == '?')
		fg_usage(usage_text);
	return c;
}

/* A long option (after "--", or "-" as Getopt::Long takes it too). */
static int
longopt(struct fg_optstate *st, const struct fg_opt *opts,
    const struct fg_opt *habits, const char *name)
{
	const struct fg_opt *o;
	const char *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);

	st->i++;
	if ((o = findlong(opts, habits, name, n)) == NULL)
		return '?';
	if (o->hasarg) {
		if (eq != NULL)
			st->arg = eq + 1;
		else if (st->i < st->argc)
			st->arg = st->argv[st->i++];
		else {
			fg_warnx("option --%s needs an argument", o->lng);
			return '?';
		}
	} else if (eq != NULL) {
		fg_warnx("option --%s takes no argument", o->lng);
		return '?';
	}
	return o->shrt;
}

/*
 * Whether "-word" is flamegraph.pl's single-dash spelling of a long
 * option: word (up to an '=') names one exactly and has two letters or
 * more. No cluster of short options loses a meaning by this: each of the
 * tools' long names read as a cluster is an error.
 */
static int
dashlong(const struct fg_opt *opts, const struct fg_opt *habits,
    const char *word)
{
	const char *eq = strchr(word, '=');
	size_t n = eq ? (size_t)(eq - word) : strlen(word);

	return n >= 2 && (exact(opts, word, n) != NULL ||
	    exact(habits, word, n) != NULL);
}

static int
getopt1(struct fg_optstate *st, const struct fg_opt *opts,
    const struct fg_opt *habits)
{
	const struct fg_opt *o;
	char *a;

	st->arg = NULL;
	for (;;) {
		if (st->sub > 0) {
			a = st->argv[st->i];
			break;
		}
		if (st->i >= st->argc)
			return -1;
		a = st->argv[st->i];
		if (st->done || a[0] != '-' || a[1] == '\0') {
			st->ops[st->nops++] = a;
			st->i++;
			continue;
		}
		if (a[1] == '-' && a[2] == '\0') {
			st->done = 1;
			st->ndone = st->nops;
			st->i++;
			continue;
		}
		if (a[1] == '-')
			return longopt(st, opts, habits, a + 2);
		if (dashlong(opts, habits, a + 1))
			return longopt(st, opts, habits, a + 1);
		st->sub = 1;
		break;
	}
	/* inside a cluster of short options */
	if ((o = findshort(opts, habits, (unsigned char)a[st->sub])) == NULL) {
		fg_warnx("unknown option: -%c", a[st->sub]);
		st->sub = 0;
		st->i++;
		return '?';
	}
	st->sub++;
	if (o->hasarg) {
		if (a[st->sub] != '\0')
			st->arg = a + st->sub;
		else if (st->i + 1 < st->argc)
			st->arg = st->argv[++st->i];
		else {
			fg_warnx("option -%c needs an argument",
			    a[st->sub - 1]);
			st->sub = 0;
			st->i++;
			return '?';
		}
		st->sub = 0;
		st->i++;
	} else if (a[st->sub] == '\0') {
		st->sub = 0;
		st->i++;
	}
	return o->shrt;
}

/*
 * habit: the options of flamegraph.pl, the stackcollapse scripts and
 * inferno that a tool's own table lacks. fg_getopt (opt.c) looks a long
 * name up here only when it matches exactly, never as an abbreviation, and
 * only for the tools a row names. A row either accepts the option, whose
 * meaning is already fg's behaviour, or refuses it, saying what to use
 * instead: a user's habit never meets a bare "unknown option".
 */
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
#define LOG "fg-svg fg-color fg-collapse fg-diff fg-merge fg-elide fg-top " \
    "fg-trend"

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

/*
 * usage: what a tool prints about itself and exits: the usage line on a
 * bad option (standard error, status 2), --help and --version (standard
 * output, status 0). opt.c reads the options that ask for them.
 */
void
fg_usage(const char *usage)
{
	fprintf(stderr, "usage: %s\nTry '%s --help' for more information.\n",
	    usage, fg_progname);
	exit(FG_EXIT_ERR);
}

void
fg_help(const char *text)
{
	fg_out_str(text);
	fg_out_close();
	exit(FG_EXIT_OK);
}

void
fg_version(void)
{
	fg_out_printf("%s %s\n", fg_progname, FG_VERSION);
	fg_out_close();
	exit(FG_EXIT_OK);
}

char **
fg_opt_files_from(const char *list, char **ops, int *n)
{
	struct fg_in in;
	char **v, *line;
	size_t len, cap = (size_t)*n + 64, k = (size_t)*n;

	v = fg_reallocarray(NULL, cap, sizeof(*v));
	memcpy(v, ops, (size_t)*n * sizeof(*v));
	fg_in_open(&in, list);
	while ((line = fg_in_line(&in, &len)) != NULL) {
		if (len == 0)
			continue;
		if (k == (size_t)INT32_MAX - 1)
			fg_errx(FG_EXIT_ERR, "%s: too many inputs", in.name);
		if (k == cap) {
			cap *= 2;
			v = fg_reallocarray(v, cap, sizeof(*v));
		}
		v[k++] = fg_strdup(line);
	}
	fg_in_close(&in);
	*n = (int)k;
	return v;
}
