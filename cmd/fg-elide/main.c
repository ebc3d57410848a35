/* SPDX-License-Identifier: ISC */
/*
 * fg-elide: the paths of the baseline that vanished from the current
 * profile. A line "S b a" of a differential stream is elided when b > 0 and
 * no stack with a > 0 is S or passes through S (S is a prefix path of no
 * current stack). Prints them as a plain profile "S b".
 * This file: the options, the stacks summed through fg_sum (sum.h), the
 * elided ones printed; elide.c decides which are elided.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"
#include "elide.h"

static const char usage[] = "fg-elide [--no-header] [file ...]";

static const char help[] =
    "usage: fg-elide [--no-header] [file ...]\n"
    "Read a differential stream (stack before after, as fg-diff prints it)\n"
    "and print the elided stacks: the baseline's paths that vanished from\n"
    "the current profile, as a plain folded profile of baseline counts,\n"
    "sorted bytewise. Several files are read as one stream; with no file,\n"
    "or when file is -, read standard input.\n"
    "\n"
    "      --no-header        do not print the `# fg-elide` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

/* The stacks, summed, in bytewise order (sum.h), per merge thread. */
struct rd {
	struct fg_stab *tab;
	char *header;		/* the first "# fg-" header line */
};

static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct rd *rd = arg;
	struct fg_ent *e;

	(void)ncols;
	e = fg_stab_get(rd->tab, key, len);
	e->c[0] = c[0];
	e->c[1] = c[1];
}

static void *
fork(void *arg)
{
	struct rd *rd;

	(void)arg;
	rd = fg_calloc(1, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	return rd;
}

/* The upper half's stacks after ours: the order stays bytewise. */
static void
join(void *arg, void *child)
{
	struct rd *rd = child;
	struct fg_ent *e;

	for (e = fg_stab_first(rd->tab); e != NULL; e = e->next)
		onstack(fg_ent_key(rd->tab, e), e->len, e->c, 2, arg);
	fg_stab_free(rd->tab);
	free(rd);
}

static void
readall(struct rd *rd, char **files, int nfiles)
{
	struct fg_sumopt so;

	memset(rd, 0, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_DIFF;
	so.header = &rd->header;
	so.emit = onstack;
	so.fork = fork;
	so.join = join;
	so.arg = rd;
	fg_sum(files, nfiles, &so);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct rd rd;
	struct fg_ent **v;
	char *base = NULL, *curname = NULL, *unit = NULL, **files;
	size_t n, i;
	int c, nfiles, header = 1;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case OPT_NOHEADER:
			header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	files = fg_opt_files(&st, &nfiles);
	readall(&rd, files, nfiles);
	if (rd.header != NULL) {
		base = fg_header_get(rd.header, "base");
		curname = fg_header_get(rd.header, "current");
		unit = fg_header_get(rd.header, "unit");
	}
	v = elide(rd.tab, &n);
	if (header)
		fg_out_header("fg-elide", "kind", "profile", "view", "elided",
		    "base", base, "current", curname, "unit", unit,
		    (char *)NULL);
	for (i = 0; i < n; i++)
		fg_out_rec(fg_ent_key(rd.tab, v[i]), v[i]->len, v[i]->c, 1);
	free(v);
	free(base);
	free(curname);
	free(unit);
	free(rd.header);
	fg_stab_free(rd.tab);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
