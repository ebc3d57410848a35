/* SPDX-License-Identifier: ISC */
/*
 * fg-top: the top functions of a folded profile, or the largest changes of
 * a differential stream with their significance, and a CI gate on them.
 * This file: the options and the run; read.c reads, rank.c decides,
 * report.c prints (top.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "top.h"

static const char usage[] =
    "fg-top [-n N] [--by self|total] [--fail-above PCT [--fail-both]]\n"
    "              [--all] [--tsv | --markdown] [--cost VCPUS:PRICE]\n"
    "              [--mode absolute|proportional] [--period P | --samples N[:M]]\n"
    "              [--alpha A | --zcrit Z] [--dispersion PHI]\n"
    "              [--drift auto|K] [file ...]";

static const char help[] =
    "usage: fg-top [options] [file ...]\n"
    "Report the top functions of a folded profile (self and total counts\n"
    "and shares, functions merged by name across stacks), or for a\n"
    "differential stream (stack before after) the total before and after,\n"
    "the significant regressions (grown or new), then the significant\n"
    "improvements (shrunk or removed), each ranked by the size of its\n"
    "change, and the number of changes within sampling noise. Several\n"
    "files are read as one stream; with no file, or when file is -, read\n"
    "standard input.\n"
    "\n"
    "  -n, --top N            rows per list (default 20; 0 for all)\n"
    "  -b, --by self|total    measure to sort, report and gate (default self)\n"
    "  -f, --fail-above PCT   exit 1 when a significant regression exceeds\n"
    "                         PCT points (offenders on standard error)\n"
    "      --fail-both        the gate fails on significant decreases too\n"
    "      --all              also list the changes within noise\n"
    "      --tsv              tab-separated values with a header row\n"
    "      --markdown         GitHub Markdown (pull-request comments)\n"
    "  -c, --cost VCPUS:PRICE " FG_COST_HELP_TEXT
    "  -m, --mode MODE        absolute (counts, points of the baseline's\n"
    "                         total) or proportional (shares of each side's\n"
    "                         total); default: the stream's header, else\n"
    "                         absolute\n"
    "  -p, --period P         counts are weighted: P count units per sample\n"
    "  -s, --samples N[:M]    samples behind the counts (before:after)\n"
    "  -a, --alpha A          family-wise error rate (default 0.001, Holm)\n"
    "  -z, --zcrit Z          fixed |z| threshold per function instead\n"
    "  -d, --dispersion PHI   variance inflation of run-to-run noise\n"
    "                         (default 1: sampling noise only)\n"
    "      --drift auto|K     absolute mode: divide the after counts by K,\n"
    "                         or by the median function's after/before\n"
    "                         (auto), taking out a run's speed (default 1)\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped or (with\n"
    "--fail-above) the gate failed, 2 error, 3 (with --fail-above) the gate\n"
    "passed but malformed lines were skipped.\n";

enum { OPT_TSV = 256, OPT_MD, OPT_ALL, OPT_BOTH, OPT_DRIFT };
static const struct fg_opt opts[] = {
	{ "top", 'n', FG_OPT_ARG },
	{ "by", 'b', FG_OPT_ARG },
	{ "fail-above", 'f', FG_OPT_ARG },
	{ "fail-both", OPT_BOTH, FG_OPT_NOARG },
	{ "all", OPT_ALL, FG_OPT_NOARG },
	{ "tsv", OPT_TSV, FG_OPT_NOARG },
	{ "markdown", OPT_MD, FG_OPT_NOARG },
	{ "cost", 'c', FG_OPT_ARG },
	{ "mode", 'm', FG_OPT_ARG },
	{ "period", 'p', FG_OPT_ARG },
	{ "samples", 's', FG_OPT_ARG },
	{ "alpha", 'a', FG_OPT_ARG },
	{ "zcrit", 'z', FG_OPT_ARG },
	{ "dispersion", 'd', FG_OPT_ARG },
	{ "drift", OPT_DRIFT, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

static double
parse_num(const char *s, const char *what, int zero_ok)
{
	double v = (double)fg_parse_factor(s, what);

	if (!zero_ok && !(v > 0))
		fg_errx(FG_EXIT_ERR, "%s: must be above 0: %s", what, s);
	return v;
}

static void
setfmt(struct topopt *o, enum fmt f)
{
	if (o->fmt != FMT_TEXT && o->fmt != f)
		fg_errx(FG_EXIT_ERR, "--tsv and --markdown: choose one");
	o->fmt = f;
}

static void
option(struct topopt *o, struct fg_noise *nz, int c, const char *arg)
{
	switch (c) {
	case 'n':
		o->top = fg_parse_int(arg, 0, 1000000000, "-n");
		break;
	case 'b':
		if (strcmp(arg, "self") != 0 && strcmp(arg, "total") != 0)
			fg_errx(FG_EXIT_ERR, "--by: self or total, not %s",
			    arg);
		o->bytotal = strcmp(arg, "total") == 0;
		break;
	case 'f':
		o->gate = 1;
		o->failpct = parse_num(arg, "--fail-above", 1);
		break;
	case OPT_BOTH:
		o->gateboth = 1;
		break;
	case OPT_ALL:
		o->all = 1;
		break;
	case OPT_TSV:
	case OPT_MD:
		setfmt(o, c == OPT_TSV ? FMT_TSV : FMT_MD);
		break;
	case 'c':
		fg_cost_parse(&o->cost, arg);
		break;
	case 'm':
	case 'p':
	case 's':
		fg_noise_opt(nz, c == 'm' ? FG_OPT_MODE : c == 'p' ?
		    FG_OPT_PERIOD : FG_OPT_SAMPLES, arg);
		break;
	case 'a':
		fg_noise_opt(nz, FG_OPT_ALPHA, arg);
		break;
	case 'z':
		/* no "no test" here: 0 is not a threshold */
		fg_noise_opt(nz, FG_OPT_ZCRIT, arg);
		if (nz->rule == FG_RULE_NONE)
			fg_errx(FG_EXIT_ERR, "--zcrit: must be above 0: %s",
			    arg);
		break;
	case 'd':
		nz->phi = parse_num(arg, "--dispersion", 0);
		break;
	case OPT_DRIFT:
		fg_noise_opt(nz, FG_OPT_DRIFT, arg);
		break;
	default:
		fg_usage(usage);
	}
}

/* The report of what was read; 1 when the gate failed. */
static int
report(const struct topopt *o, struct fg_noise *nz,
    const struct topin *in)
{
	struct fg_changes cs;
	struct fn *v;
	size_t n, *bad;

	if (in->kind != FG_KIND_DIFF) {
		v = top_profile(o, in, &n);
		report_profile(o, v, n, in->grand[0], in->nstacks);
		free(v);
		return 0;
	}
	top_classify(o, nz, in, &cs);
	bad = top_offenders(o, &cs, &n);
	report_diff(o, &cs, nz, bad, n);
	free(bad);
	fg_changes_free(&cs);
	return n > 0;
}

int
main(int argc, char *argv[])
{
	struct topopt o = { .top = 20, .fmt = FMT_TEXT };
	struct fg_noise nz;
	struct fg_optstate st;
	struct topin in;
	char **files;
	int c, nfiles, bad = 0;

	fg_tool_init(argv[0], usage, help);
	fg_noise_init(&nz);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1)
		option(&o, &nz, c, st.arg);
	files = fg_opt_files(&st, &nfiles);

	top_read(&in, files, nfiles);
	if (in.header != NULL)
		o.unit = fg_header_get(in.header, "unit");
	if (o.gate)
		top_check_gate(&in);
	if (in.nstacks > 0)
		bad = report(&o, &nz, &in);
	top_in_free(&in);
	free(o.unit);
	free(st.ops);
	fg_out_close();
	if (o.gate)
		return bad ? 1 : fg_status == FG_EXIT_DATA ? 3 : fg_status;
	return fg_status;
}
