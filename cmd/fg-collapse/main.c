/* SPDX-License-Identifier: ISC */
/* fg-collapse: profiler output into folded stacks. */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

static const char usage[] = "fg-collapse [-f format] [options] [file ...]";

static const char help[] =
    "usage: fg-collapse [-f format] [options] [file ...]\n"
    "Read profiler output (files, or standard input when none or -) and\n"
    "print a folded profile sorted bytewise. The format is detected from\n"
    "the content unless -f names it.\n"
    "\n"
    "  -f, --format NAME      input format (see the list below)\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n"
    "\n"
    "Formats:\n";

enum { OPT_VERSION = 256 };
static const struct fg_opt opts[] = {
	{ "format", 'f', FG_OPT_ARG },
	{ "help", 'h', FG_OPT_NOARG },
	{ "version", OPT_VERSION, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

/* Probe order matters: the most specific formats first, folded last. */
static const struct cfmt *const fmts[] = {
	&fmt_folded,
	NULL
};

#define PROBE_BYTES (64u << 10)

void
collapse_add(struct fg_stab *tab, const char *stack, size_t len, fg_count c,
    struct fg_in *in)
{
	struct fg_ent *e = fg_stab_get(tab, stack, len);

	if (fg_count_add(&e->c[0], c) < 0)
		fg_errx(FG_EXIT_ERR, "%s:%llu: sum of counts overflows 2^63-1",
		    in->name, (unsigned long long)in->lineno);
}

void
collapse_add_u64(struct fg_stab *tab, const char *stack, size_t len,
    uint64_t n, struct fg_in *in)
{
	fg_count c;

	if (n > INT64_MAX)
		fg_errx(FG_EXIT_ERR, "%s:%llu: count overflows 2^63-1",
		    in->name, (unsigned long long)in->lineno);
	c.i = (int64_t)n;
	c.f = 0;
	collapse_add(tab, stack, len, c, in);
}

static const struct cfmt *
byname(const char *name)
{
	int i;

	for (i = 0; fmts[i] != NULL; i++)
		if (strcmp(fmts[i]->name, name) == 0)
			return fmts[i];
	fg_warnx("unknown format: %s", name);
	fprintf(stderr, "formats:");
	for (i = 0; fmts[i] != NULL; i++)
		fprintf(stderr, " %s", fmts[i]->name);
	fputc('\n', stderr);
	exit(FG_EXIT_ERR);
}

static const struct cfmt *
detect(struct fg_in *in)
{
	const char *head;
	size_t n;
	int i;

	head = fg_in_peek(in, PROBE_BYTES, &n);
	if (n == 0)
		return NULL;	/* empty input: nothing to do */
	if (n > PROBE_BYTES)
		n = PROBE_BYTES;
	for (i = 0; fmts[i] != NULL; i++)
		if (fmts[i]->probe(head, n))
			return fmts[i];
	fprintf(stderr, "%s: %s: input format not recognised (tried:",
	    fg_progname, in->name);
	for (i = 0; fmts[i] != NULL; i++)
		fprintf(stderr, " %s", fmts[i]->name);
	fprintf(stderr, "); use -f to name one\n");
	exit(FG_EXIT_ERR);
}

static void
usage_help(void)
{
	int i;

	fg_out_str(help);
	for (i = 0; fmts[i] != NULL; i++)
		fg_out_printf("  %-12s %s\n", fmts[i]->name, fmts[i]->desc);
	fg_out_close();
	exit(FG_EXIT_OK);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct copts o;
	const struct cfmt *force = NULL, *f;
	struct fg_stab *tab;
	struct fg_in in;
	struct fg_ent **v;
	static char dash[] = "-";
	char *stdin_only[] = { dash };
	char **files;
	int c, nfiles, k;
	size_t i;

	fg_setprogname(argv[0]);
	fg_out_init();
	memset(&o, 0, sizeof(o));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'f':
			force = byname(st.arg);
			break;
		case 'h':
			usage_help();
			break;
		case OPT_VERSION:
			fg_version();
		default:
			fg_usage(usage);
		}
	}
	files = st.ops;
	nfiles = st.nops;
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	tab = fg_stab_new(1);
	for (k = 0; k < nfiles; k++) {
		fg_in_open(&in, files[k]);
		f = force != NULL ? force : detect(&in);
		if (f != NULL)
			f->run(&in, tab, &o);
		fg_in_close(&in);
	}
	v = fg_stab_sorted(tab);
	for (i = 0; v[i] != NULL; i++) {
		fg_out_write(fg_ent_key(tab, v[i]), v[i]->len);
		fg_out_char(' ');
		fg_out_count(v[i]->c[0]);
		fg_out_char('\n');
	}
	free(v);
	fg_stab_free(tab);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
